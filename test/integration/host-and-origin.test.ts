// Every route answers only a Host naming the mock, and the control API only its own origin's pages
// (see test/browser/other-origins.test.ts for the same in Chromium).
import { connect } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { DEMO_KEY, errorShape, useTestMock } from '../support/mock.js';

/** Sends `text` as is and reads the whole answer (the server closes or answers once). */
function sendBytes(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('the Host a request names', () => {
  const mock = useTestMock({ allowedHosts: ['mock.test', '.dev.example'] });

  it.each(['127.0.0.1', 'localhost', 'app.localhost', '[::1]', '192.168.1.20', 'mock.test', 'api.dev.example'])(
    'answers %s',
    async (host) => {
      const res = await mock.http.get('/v1/pets?limit=1').set('Host', `${host}:4010`).set('X-API-Key', DEMO_KEY);
      expect(res.status).toBe(200);
    },
  );

  it.each(['attacker.example', 'mock.test.attacker.example', 'localhost.attacker.example', 'dev.example.evil'])(
    'refuses %s on the API, the control API, the docs and the dashboard, naming --allowed-hosts',
    async (host) => {
      for (const path of ['/v1/pets', '/__mock/state', '/docs', '/__mock/ui', '/nowhere']) {
        const res = await mock.http.get(path).set('Host', host).set('X-API-Key', DEMO_KEY);
        expect(res.status).toBe(403);
        expect(res.body).toEqual(errorShape(403, 'HOST_NOT_ALLOWED'));
        expect(res.body.message).toContain(`--allowed-hosts ${host}`);
        if (path === '/v1/pets') expect(res.headers['x-ratelimit-limit']).toBeDefined();
      }
    },
  );

  it('judges each Host the same once more names than it remembers were answered', async () => {
    const hosts = Array.from({ length: 70 }, (_, index) => `10.0.0.${index + 1}`);
    for (const host of [...hosts, hosts[0] as string]) {
      const res = await mock.http.get('/v1/pets?limit=1').set('Host', host).set('X-API-Key', DEMO_KEY);
      expect([host, res.status]).toEqual([host, 200]);
    }
    const refused = await mock.http.get('/v1/pets?limit=1').set('Host', 'attacker.example').set('X-API-Key', DEMO_KEY);
    expect(refused.status).toBe(403);
  });

  it('answers a request without Host with the Error object (400), HTTP/1.1 or 1.0', async () => {
    for (const version of ['1.1', '1.0']) {
      const answer = await sendBytes(
        mock.server.port,
        `GET /__mock/state HTTP/${version}\r\nConnection: close\r\n\r\n`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual(errorShape(400, 'MALFORMED_HTTP'));
    }
  });
});

describe('the control API behind a reverse proxy named by --allowed-hosts', () => {
  const mock = useTestMock({ allowedHosts: ['mock.example'] });

  it('answers pages of that name, over http or https, and still refuses others', async () => {
    for (const origin of ['https://mock.example', 'http://mock.example:8443']) {
      const res = await mock.http.post('/__mock/reset').set({ Host: `127.0.0.1:${mock.server.port}`, Origin: origin });
      expect([origin, res.status]).toEqual([origin, 204]);
    }
    for (const origin of ['https://evil.example', 'https://mock.example.evil.example', 'ftp://mock.example']) {
      const res = await mock.http.post('/__mock/reset').set({ Origin: origin });
      expect([origin, res.status]).toEqual([origin, 403]);
    }
  });
});

describe('the control API and its origin', () => {
  const mock = useTestMock();

  it('sends no CORS headers on /__mock, even to a preflight, while the API keeps them', async () => {
    const preflight = await mock.http
      .options('/__mock/reset')
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'POST');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.status).toBe(403);
    const api = await mock.http
      .options('/v1/pets')
      .set('Origin', 'http://localhost:5173')
      .set('Access-Control-Request-Method', 'POST');
    expect(api.headers['access-control-allow-origin']).toBe('*');
  });

  it('refuses a page of another origin, or a cross-site fetch, and answers its own', async () => {
    const own = `http://127.0.0.1:${mock.server.port}`;
    const refused = [
      { Origin: 'https://evil.example' },
      { Origin: `http://127.0.0.1:${mock.server.port + 1}` },
      { Origin: `http://localhost:${mock.server.port}` },
      { Origin: 'null' },
      { Origin: `https://127.0.0.1:${mock.server.port}/` },
      { Origin: `http://127.0.0.1:${mock.server.port}.evil.example` },
      { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors' },
      { 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'cors' },
    ];
    for (const headers of refused) {
      const res = await mock.http.post('/__mock/reset').set(headers);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(errorShape(403, 'ORIGIN_NOT_ALLOWED'));
    }
    const fromOwnPage = await mock.http
      .post('/__mock/reset')
      .set({ Origin: own, 'Sec-Fetch-Site': 'same-origin', Host: `127.0.0.1:${mock.server.port}` });
    expect(fromOwnPage.status).toBe(204);
    const linkFollowed = await mock.http
      .get('/__mock/ui')
      .set({ 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' });
    expect(linkFollowed.status).toBe(200);
  });
});

// Credentials as a contract declares them: an API key in the query or a cookie, HTTP basic with
// the key as the user name, an `Authorization: Token <key>` scheme, alternatives per operation,
// and operations open to all (`security: []`). The demo keys work in each; the key carried is the
// one whose limits count.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestMock, type TestMock } from '../support/mock.js';

const thing = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } },
};
const listOf = (description: string) => ({
  description,
  content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } } },
});
const unauthorized = {
  description: 'No known credential.',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } },
};

const document = {
  openapi: '3.0.3',
  info: { title: 'Credentials', version: '2.1' },
  servers: [{ url: 'https://api.example.com/api' }],
  security: [{ queryKey: [] }, { cookieKey: [] }, { basic: [] }],
  paths: {
    '/things': {
      get: { operationId: 'listThings', responses: { '200': listOf('Things.'), '401': unauthorized } },
    },
    '/public/things': {
      get: { operationId: 'listPublicThings', security: [], responses: { '200': listOf('Things, for anyone.') } },
    },
    '/tokens/things': {
      get: {
        operationId: 'listThingsByToken',
        security: [{ token: [] }],
        responses: { '200': listOf('Things.'), '401': unauthorized },
      },
    },
  },
  components: {
    securitySchemes: {
      queryKey: { type: 'apiKey', in: 'query', name: 'api_key' },
      cookieKey: { type: 'apiKey', in: 'cookie', name: 'session' },
      basic: { type: 'http', scheme: 'basic' },
      token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Send "Token <key>".' },
    },
    schemas: {
      Thing: thing,
      Problem: { type: 'object', properties: { message: { type: 'string' } } },
    },
  },
};

let mock: TestMock;
beforeAll(async () => {
  const folder = await mkdtemp(join(tmpdir(), 'credentials-'));
  const file = join(folder, 'openapi.json');
  await writeFile(file, JSON.stringify(document));
  mock = await startTestMock({ data: ':memory:', contract: file, lintContract: false });
});
afterAll(async () => {
  expect(mock.contractBugs()).toEqual([]);
  await mock.server.close();
});

const basic = (user: string, password = '') => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('credentials in the schemes the contract declares', () => {
  it('takes a demo key in the query, in a cookie, and as the user name of basic credentials', async () => {
    expect((await mock.http.get('/api/things?api_key=demo-free')).status).toBe(200);
    expect((await mock.http.get('/api/things').set('Cookie', 'theme=dark; session=demo-free')).status).toBe(200);
    expect((await mock.http.get('/api/things').set('Authorization', basic('demo-free', 'anything'))).status).toBe(200);
  });

  it('answers 401 without one, naming every scheme the operation takes', async () => {
    const res = await mock.http.get('/api/things').set('X-API-Key', 'demo-free');
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Basic realm="petstore-mock", charset="UTF-8"');
    expect(res.body.message).toContain(
      'the query parameter api_key, or the cookie session, or HTTP basic authentication',
    );
  });

  it('matches a key exactly: a no-break space around it is part of what was sent, in any place', async () => {
    const nbsp = '\u00a0demo-free\u00a0';
    expect((await mock.http.get(`/api/things?api_key=${encodeURIComponent(nbsp)}`)).status).toBe(401);
    expect((await mock.http.get('/api/things').set('Cookie', `session=${encodeURIComponent(nbsp)}`)).status).toBe(401);
    expect((await mock.http.get('/api/tokens/things').set('Authorization', `Token ${nbsp}`)).status).toBe(401);
    // Spaces and tabs around a value are no part of it (RFC 9110 section 5.6.3).
    expect((await mock.http.get('/api/tokens/things').set('Authorization', 'Token \tdemo-free ')).status).toBe(200);
  });

  it('takes a key after the word the scheme asks for in Authorization', async () => {
    expect((await mock.http.get('/api/tokens/things').set('Authorization', 'Token demo-pro')).status).toBe(200);
    expect((await mock.http.get('/api/tokens/things').set('Authorization', 'Token stranger')).status).toBe(401);
    // ...or as a parameter of it, as PagerDuty's clients send theirs.
    const parameter = await mock.http.get('/api/tokens/things').set('Authorization', 'Token token=demo-pro');
    expect(parameter.status).toBe(200);
    expect((await mock.http.get('/api/tokens/things').set('Authorization', 'Token token="demo-pro"')).status).toBe(200);
    expect((await mock.http.get('/api/tokens/things').set('Authorization', 'Token token=stranger')).status).toBe(401);
  });

  it('answers an open operation without any credential, and counts a key sent to it as that key’s', async () => {
    const open = await mock.http.get('/api/public/things');
    expect(open.status).toBe(200);
    // No limit holds a request without a key there: none is told.
    expect(open.headers['x-ratelimit-remaining']).toBeUndefined();
    // The clock stands still: a minute's window cannot end between the requests, however slow the machine.
    await mock.http.post('/__mock/clock').send({ frozen: true }).expect(200);
    await mock.http
      .put('/__mock/keys/counted')
      .send({ plan: 'free', limits: { perMinute: 1, perDay: 10 } })
      .expect(200);
    expect((await mock.http.get('/api/public/things').set('X-API-Key', 'counted')).status).toBe(200);
    expect((await mock.http.get('/api/public/things').set('X-API-Key', 'counted')).status).toBe(429);
    expect((await mock.http.get('/api/public/things')).status).toBe(200);
  });

  it('limits the key whatever scheme carries it', async () => {
    // The clock stands still: a minute's window cannot end between the requests, however slow the machine.
    await mock.http.post('/__mock/clock').send({ frozen: true }).expect(200);
    await mock.http
      .put('/__mock/keys/roaming')
      .send({ plan: 'free', limits: { perMinute: 2, perDay: 10 } })
      .expect(200);
    expect((await mock.http.get('/api/things?api_key=roaming')).status).toBe(200);
    expect((await mock.http.get('/api/things').set('Authorization', basic('roaming'))).status).toBe(200);
    const third = await mock.http.get('/api/things').set('Cookie', 'session=roaming');
    expect(third.status).toBe(429);
    expect(third.headers['x-ratelimit-remaining']).toBe('0');
  });
});

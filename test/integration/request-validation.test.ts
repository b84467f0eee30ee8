import { connect } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { DEMO_KEY, errorShape, startTestMock, useTestMock } from '../support/mock.js';

describe('requests that break the contract', () => {
  const mock = useTestMock();
  const post = (path: string) => mock.http.post(`/v1${path}`).set('X-API-Key', DEMO_KEY);

  it('a body with a field of the wrong type gets 400 INVALID_BODY naming the field and the rule', async () => {
    const res = await post('/pets').send({ name: 42, categoryId: 1 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorShape(400, 'INVALID_BODY'));
    expect(res.body.message).toMatch(/name.*must be string/);
  });

  it('a body without a required field, or out of bounds, or with a bad enum, gets 400 INVALID_BODY', async () => {
    const missing = await post('/pets').send({ name: 'No category' });
    expect(missing.body.message).toMatch(/categoryId/);
    const tooLong = await post('/pets').send({ name: 'x'.repeat(101), categoryId: 1 });
    expect(tooLong.body).toEqual(errorShape(400, 'INVALID_BODY'));
    expect(tooLong.body.message).toMatch(/name.*100/);
    const badEnum = await post('/pets').send({ name: 'Odd', categoryId: 1, status: 'lost' });
    expect(badEnum.body.message).toMatch(/status.*allowed values/);
  });

  it.each([
    ['/v1/pets/by-id/0x10', 'petId'],
    ['/v1/pets/by-id/+1', 'petId'],
    ['/v1/pets/by-id/01', 'petId'],
    ['/v1/pets/by-id/1.0', 'petId'],
    ['/v1/pets/by-id/1e0', 'petId'],
    ['/v1/pets/by-id/%201', 'petId'],
    ['/v1/pets/by-id/1%20', 'petId'],
    ['/v1/pets?categoryId=0x1', 'categoryId'],
    ['/v1/pets?limit=1.0', 'limit'],
    ['/v1/pets?offset=-0', 'offset'],
    ['/v1/store/orders?limit=2&limit=%2B2', 'limit'],
    ['/__mock/requests?limit=0x10', 'limit'],
  ])('an integer not in plain decimal form, %s, gets 400 INVALID_PARAMETER naming %s', async (path, name) => {
    const res = await mock.http.get(path).set('X-API-Key', DEMO_KEY);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorShape(400, 'INVALID_PARAMETER'));
    expect(res.body.message).toContain(`${name}: must be integer, in plain decimal digits`);
  });

  it('a plain decimal integer is read as before', async () => {
    expect((await mock.http.get('/v1/pets/by-id/16').set('X-API-Key', DEMO_KEY)).body.id).toBe(16);
    expect((await mock.http.get('/v1/pets?limit=1&offset=0').set('X-API-Key', DEMO_KEY)).body).toHaveLength(1);
  });

  it('a bad path or query parameter gets 400 INVALID_PARAMETER naming it', async () => {
    const path = await mock.http.get('/v1/pets/by-id/abc').set('X-API-Key', DEMO_KEY);
    expect(path.status).toBe(400);
    expect(path.body).toEqual(errorShape(400, 'INVALID_PARAMETER'));
    expect(path.body.message).toMatch(/petId.*integer/);
    const query = await mock.http.get('/v1/pets?limit=500').set('X-API-Key', DEMO_KEY);
    expect(query.body.message).toMatch(/limit.*100/);
    const unknown = await mock.http.get('/v1/pets?colour=red').set('X-API-Key', DEMO_KEY);
    expect(unknown.body).toEqual(errorShape(400, 'INVALID_PARAMETER'));
    expect(unknown.body.message).toMatch(/colour/);
  });

  it("answers the README's examples word for word, and says what to send for a wrong content type", async () => {
    const get = (path: string) => mock.http.get(`/v1${path}`).set('X-API-Key', DEMO_KEY);
    expect((await get('/pets?limit=500&status=lost')).body.message).toBe(
      'Invalid request: query status: must be equal to one of the allowed values: available, pending, sold; query limit: must be <= 100.',
    );
    expect((await get('/pets?colour=red')).body.message).toBe(
      "Invalid request: query colour: Unknown query parameter 'colour' (this operation takes status, categoryId, name, limit, offset).",
    );
    expect((await post('/pets').send({ name: 42, categoryId: 1 })).body.message).toBe(
      'Invalid body: body name: must be string.',
    );
    expect((await get('/pets/by-id/abc')).body.message).toBe('Invalid request: path petId: must be integer.');
    expect((await post('/pets').set('Content-Type', 'text/plain').send('name=Rex')).body.message).toBe(
      'The body must be application/json, not text/plain. Set Content-Type: application/json.',
    );
    const badEncoding = await get('/pets/by-id/1%ZZ');
    expect(badEncoding.body).toEqual(errorShape(400, 'INVALID_PARAMETER'));
    expect(badEncoding.body.message).toMatch(/not valid percent-encoding/);
  });

  it('a date-time that RFC 3339 does not allow (month 13, hour 25) gets 400, in a body and in a query', async () => {
    const body = await post('/store/orders').send({ petId: 1, quantity: 1, shipDate: '2030-13-01T00:00:00Z' });
    expect(body.status).toBe(400);
    expect(body.body.message).toMatch(/shipDate.*date-time/);
    const query = await mock.http.get('/v1/store/orders?shipDateFrom=2030-01-01T25:00:00Z').set('X-API-Key', DEMO_KEY);
    expect(query.status).toBe(400);
    expect(query.body).toEqual(errorShape(400, 'INVALID_PARAMETER'));
  });

  it('an id past 2^53-1 is a 400, not a lookup', async () => {
    const res = await mock.http.get('/v1/pets/by-id/99999999999999999999').set('X-API-Key', DEMO_KEY);
    expect(res.body).toEqual(errorShape(400, 'INVALID_PARAMETER'));
  });

  it('a body that is not application/json gets 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const res = await post('/pets').set('Content-Type', 'text/plain').send('name=Rex');
    expect(res.status).toBe(415);
    expect(res.body).toEqual(errorShape(415, 'UNSUPPORTED_MEDIA_TYPE'));
  });

  it('malformed JSON gets 400 MALFORMED_JSON, with the rate-limit headers', async () => {
    const res = await post('/pets').set('Content-Type', 'application/json').send('{"name": ');
    expect(res.body).toEqual(errorShape(400, 'MALFORMED_JSON'));
    expect(res.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
  });

  it('a body over 32 KiB gets 413 PAYLOAD_TOO_LARGE and stores nothing', async () => {
    const before = mock.server.store.data.pets.length;
    const res = await post('/pets').send({ name: 'Big', categoryId: 1, padding: 'x'.repeat(40_000) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual(errorShape(413, 'PAYLOAD_TOO_LARGE'));
    expect(mock.server.store.data.pets).toHaveLength(before);
  });

  it('an unknown path gets 404 ROUTE_NOT_FOUND and a wrong method 405 METHOD_NOT_ALLOWED', async () => {
    expect((await mock.http.get('/v1/dogs').set('X-API-Key', DEMO_KEY)).body).toEqual(
      errorShape(404, 'ROUTE_NOT_FOUND'),
    );
    expect((await mock.http.get('/nothing-here')).body).toEqual(errorShape(404, 'ROUTE_NOT_FOUND'));
    const wrongMethod = await mock.http.patch('/v1/pets').set('X-API-Key', DEMO_KEY).send({});
    expect(wrongMethod.body).toEqual(errorShape(405, 'METHOD_NOT_ALLOWED'));
    expect(wrongMethod.headers.allow).toBe('GET, HEAD, POST');
  });

  it('a missing key gets 401 API_KEY_MISSING and an unknown key 401 API_KEY_INVALID, with rate-limit headers', async () => {
    const missing = await mock.http.get('/v1/pets');
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual(errorShape(401, 'API_KEY_MISSING'));
    expect(missing.headers['x-ratelimit-limit']).toBe('60');
    const unknown = await mock.http.get('/v1/pets').set('X-API-Key', 'not-a-key');
    expect(unknown.body).toEqual(errorShape(401, 'API_KEY_INVALID'));
    expect(Number(unknown.headers['x-ratelimit-remaining'])).toBeLessThan(
      Number(missing.headers['x-ratelimit-remaining']),
    );
  });

  it('requests without a valid key are counted for the headers but always answered 401, never 429', async () => {
    // One minute window for all 70, however slow the machine: the mock's clock stands still.
    await mock.http.post('/__mock/clock').send({ frozen: true }).expect(200);
    const answers = [];
    for (let sent = 0; sent < 70; sent += 1) answers.push(await mock.http.get('/v1/pets'));
    expect(answers.every((res) => res.status === 401)).toBe(true);
    expect(answers.at(-1)?.headers['x-ratelimit-remaining']).toBe('0');
  });

  it('a request that is not valid HTTP gets the Error object too (400 MALFORMED_HTTP), and the server stays up', async () => {
    const { port } = new URL(mock.server.origin);
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.end('GET /v1/pets HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual(errorShape(400, 'MALFORMED_HTTP'));
    expect((await mock.http.get('/v1/pets').set('X-API-Key', DEMO_KEY)).status).toBe(200);
  });

  it('nothing already stored is lost after a run of bad requests', async () => {
    const before = structuredClone(mock.server.store.data.pets);
    await post('/pets').send('[');
    await post('/pets').send({ name: null, categoryId: -1 });
    await post('/pets').send({ __proto__: { admin: true }, name: 'Proto', categoryId: 'x' });
    expect(mock.server.store.data.pets).toEqual(before);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe("the mock's own responses", () => {
  it('are checked against the contract: one that breaks it is a loud 500 RESPONSE_VALIDATION_FAILED', async () => {
    const mock = await startTestMock();
    try {
      // Corrupt a stored pet behind the API's back, as a bug in a handler would.
      await mock.server.store.update((data) => {
        data.pets[0] = { ...(data.pets[0] as (typeof data.pets)[number]), name: 12345 as unknown as string };
      });
      const res = await mock.http.get('/v1/pets/by-id/1').set('X-API-Key', DEMO_KEY);
      expect(res.status).toBe(500);
      expect(res.body).toEqual(errorShape(500, 'RESPONSE_VALIDATION_FAILED'));
      expect(mock.contractBugs()).toEqual([expect.stringMatching(/CONTRACT BUG: GET \/v1\/pets\/by-id\/1 .*name/)]);
    } finally {
      await mock.server.close();
    }
  });
});

describe('HEAD, answered wherever GET is (RFC 9110)', () => {
  const mock = useTestMock();
  const head = (path: string) => mock.http.head(path).set('X-API-Key', DEMO_KEY);

  it('answers the status and headers of the GET, without a body', async () => {
    const [res, get] = [
      await head('/v1/pets?limit=2'),
      await mock.http.get('/v1/pets?limit=2').set('X-API-Key', DEMO_KEY),
    ];
    expect(res.status).toBe(200);
    expect(res.text).toBeUndefined();
    for (const name of ['x-total-count', 'link', 'content-type', 'content-length']) {
      expect([name, res.headers[name]]).toEqual([name, get.headers[name]]);
    }
    expect(res.headers['x-ratelimit-limit']).toBeDefined();
    expect((await head('/v1/pets/by-id/999999')).status).toBe(404);
    expect((await head('/__mock/state')).status).toBe(200);
    expect((await head('/__mock/ui')).status).toBe(200);
    expect(mock.logLines).toContainEqual(expect.stringMatching(/^HEAD \/v1\/pets\?limit=2 200 /));
  });

  it('lists HEAD in Allow wherever GET is, and is a 405 where there is no GET', async () => {
    const put = await mock.http.put('/v1/store/inventory').set('X-API-Key', DEMO_KEY).send({});
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD');
    const reset = await mock.http.head('/__mock/reset');
    expect(reset.status).toBe(405);
    expect(reset.headers.allow).toBe('POST');
  });
});

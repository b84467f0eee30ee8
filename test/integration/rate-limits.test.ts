import { describe, expect, it } from '@jest/globals';
import { errorShape, useTestMock } from '../support/mock.js';

// A frozen clock at second 5 of a minute: windows only move when a test moves them.
const START = '2026-11-21T10:00:05Z';

describe('rate limits over HTTP', () => {
  const mock = useTestMock({ clockStart: START, clockFrozen: true }, 'reset');

  const get = (key: string, path = '/v1/categories') => mock.http.get(path).set('X-API-Key', key);
  async function sendMany(key: string, count: number, path?: string) {
    const statuses: number[] = [];
    // Batches of 50 in parallel: fast, and still exact because each decision is atomic.
    for (let sent = 0; sent < count; sent += 50) {
      const batch = await Promise.all(Array.from({ length: Math.min(50, count - sent) }, () => get(key, path)));
      for (const res of batch) statuses.push(res.status);
    }
    return statuses;
  }

  it.each([
    ['demo-free', 60],
    ['demo-pro', 300],
    ['demo-business', 1000],
  ])('%s gets exactly %i requests a minute, then 429 with the Error object and Retry-After', async (key, limit) => {
    const statuses = await sendMany(key, limit);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await get(key);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(errorShape(429, 'RATE_LIMITED'));
    expect(refused.headers['retry-after']).toBe('55');
    expect(refused.headers).toMatchObject({ 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': '0' });
    expect(refused.headers['x-ratelimit-reset']).toBe(String(Date.parse('2026-11-21T10:01:00Z') / 1000));
  });

  it("every answer's Date is the mock's clock, so that Reset and Retry-After read against it agree", async () => {
    const answer = await get('demo-free');
    expect(answer.headers.date).toBe(new Date(START).toUTCString());
    const untilReset = Number(answer.headers['x-ratelimit-reset']) - Date.parse(String(answer.headers.date)) / 1000;
    expect(untilReset).toBe(55);
    mock.server.clock.advance(3600);
    expect((await get('demo-free', '/v1/nowhere')).headers.date).toBe(
      new Date(Date.parse(START) + 3_600_000).toUTCString(),
    );
  });

  it('an enterprise key with custom limits counts both windows, and the headers follow the tighter one', async () => {
    await mock.server.control.putKey('acme', 'enterprise', { perMinute: 20, perDay: 30 });
    expect((await sendMany('acme', 20)).filter((status) => status === 200)).toHaveLength(20);
    expect((await get('acme')).status).toBe(429);
    mock.server.clock.advance(60);
    const next = await get('acme');
    expect(next.headers).toMatchObject({ 'x-ratelimit-limit': '30', 'x-ratelimit-remaining': '9' });
    expect((await sendMany('acme', 9)).every((status) => status === 200)).toBe(true);
    const dayOver = await get('acme');
    expect(dayOver.status).toBe(429);
    expect(dayOver.body.message).toContain('30 requests per day');
    expect(Number(dayOver.headers['retry-after'])).toBe(
      (Date.parse('2026-11-22T00:00:00Z') - Date.parse('2026-11-21T10:01:05Z')) / 1000,
    );
  });

  it('demo-enterprise has the custom limits of 10,000 a minute and 1,000,000 a day', async () => {
    const res = await get('demo-enterprise');
    expect(res.headers).toMatchObject({ 'x-ratelimit-limit': '10000', 'x-ratelimit-remaining': '9999' });
    expect((await mock.server.control.key('demo-enterprise')).limits).toEqual({ perMinute: 10_000, perDay: 1_000_000 });
  });

  it('with 200 concurrent requests and 60 left, exactly 60 succeed; counters never skip or go negative', async () => {
    const results = await Promise.all(Array.from({ length: 200 }, () => get('demo-free')));
    expect(results.filter((res) => res.status === 200)).toHaveLength(60);
    // The 61st is limited, the next 10 arrive while limited, and the 10th of those bans the key.
    expect(results.filter((res) => res.status === 429)).toHaveLength(10);
    expect(results.filter((res) => res.status === 403)).toHaveLength(130);
    const remaining = results
      .filter((res) => res.status === 200)
      .map((res) => Number(res.headers['x-ratelimit-remaining']));
    expect(remaining.sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, index) => index));
    expect((await mock.server.control.key('demo-free')).minute).toMatchObject({ used: 60, remaining: 0 });
  });

  it('puts the X-RateLimit-* headers on every kind of answer', async () => {
    const key = 'demo-business';
    const doomed = await mock.http.post('/v1/pets').set('X-API-Key', key).send({ name: 'Doomed', categoryId: 1 });
    const answers = await Promise.all([
      get(key, '/v1/pets'),
      mock.http.post('/v1/pets').set('X-API-Key', key).send({ name: 'A', categoryId: 1 }),
      mock.http.delete(`/v1/pets/${doomed.body.id}`).set('X-API-Key', key),
      mock.http.post('/v1/pets').set('X-API-Key', key).send({ name: 1 }),
      mock.http.get('/v1/pets'),
      get('nobody-knows-me'),
      get(key, '/v1/pets/by-id/99999'),
      mock.http.put('/v1/pets/1').set('X-API-Key', key).send({ name: 'X', categoryId: 777 }),
      mock.http.delete('/v1/categories/1').set('X-API-Key', key),
      mock.http.post('/v1/pets').set('X-API-Key', key).type('text/plain').send('x'),
      mock.http
        .post('/v1/pets')
        .set('X-API-Key', key)
        .send({ name: 'x'.repeat(40_000), categoryId: 1 }),
      mock.http.patch('/v1/pets').set('X-API-Key', key),
      get(key, '/v1/nowhere'),
    ]);
    const statuses = answers.map((res) => res.status);
    expect(new Set(statuses)).toEqual(new Set([200, 201, 204, 400, 401, 404, 422, 409, 415, 413, 405]));
    for (const res of answers) {
      expect({ status: res.status, limit: res.headers['x-ratelimit-limit'] }).toEqual({
        status: res.status,
        limit: expect.stringMatching(/^\d+$/),
      });
      expect(res.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
      expect(res.headers['x-ratelimit-reset']).toMatch(/^\d{10}$/);
    }
  });

  it('limited, then banned after 10 more requests, then free again once the clock passes the ban', async () => {
    await mock.server.control.putKey('sdk', 'free', { perMinute: 3, perDay: 1000 });
    await sendMany('sdk', 3);
    const limited = await sendMany('sdk', 10);
    expect(limited.every((status) => status === 429)).toBe(true);
    const banned = await get('sdk');
    expect(banned.status).toBe(403);
    expect(banned.body).toEqual(errorShape(403, 'API_KEY_BANNED'));
    expect(banned.headers['retry-after']).toBe('600');
    expect((await get('demo-free')).status).toBe(200);
    mock.server.clock.advance(599);
    expect((await get('sdk')).headers['retry-after']).toBe('1');
    mock.server.clock.advance(1);
    expect((await get('sdk')).status).toBe(200);
  });

  it('can say Retry-After as an HTTP-date on the mock clock, set while serving', async () => {
    await mock.server.control.putKey('dated', 'free', { perMinute: 1, perDay: 100 });
    mock.server.control.updateSettings({ retryAfterFormat: 'http-date' });
    await get('dated');
    const refused = await get('dated');
    expect(refused.headers['retry-after']).toBe('Sat, 21 Nov 2026 10:01:00 GMT');
  });

  it('judges a client that obeys an HTTP-date Retry-After to the second as compliant', async () => {
    await mock.server.control.putKey('punctual', 'free', { perMinute: 1, perDay: 100 });
    await mock.server.control.updateSettings({ retryAfterFormat: 'http-date' });
    await mock.server.control.moveClock({ advanceSeconds: 5.4 });
    await get('punctual');
    const refused = await get('punctual');
    expect(refused.status).toBe(429);
    // Told to come back at the date the header names (whole seconds), the client comes exactly then.
    const toldMs = Date.parse(String(refused.headers['retry-after']));
    await mock.server.control.moveClock({ now: new Date(toldMs) });
    expect((await get('punctual')).status).toBe(200);
    const report = await mock.server.control.compliance('punctual');
    expect(report.violations).toEqual([]);
    expect(report.honouredRetryAfter).toBe(true);
  });

  it('does not count control requests against any key', async () => {
    await get('demo-free');
    for (let call = 0; call < 30; call += 1) await mock.http.get('/__mock/state');
    expect((await mock.server.control.key('demo-free')).minute.used).toBe(1);
  });
});

describe('429 storms over HTTP', () => {
  const mock = useTestMock({ clockStart: START, clockFrozen: true }, 'reset');
  const get = (key: string, path = '/v1/categories') => mock.http.get(path).set('X-API-Key', key);

  it('by fraction: half of the covered requests get 429, spread evenly, and use no quota', async () => {
    const started = await mock.http.post('/__mock/storms').send({ fraction: 0.5 });
    expect(started.status).toBe(201);
    const statuses: number[] = [];
    for (let sent = 0; sent < 10; sent += 1) statuses.push((await get('demo-pro')).status);
    expect(statuses).toEqual([200, 429, 200, 429, 200, 429, 200, 429, 200, 429]);
    expect((await mock.server.control.key('demo-pro')).minute.used).toBe(5);
  });

  it('by count: it covers the given number of requests of its keys and operations, then ends', async () => {
    await mock.http.post('/__mock/storms').send({ requests: 3, keys: ['demo-free'], operations: ['listCategories'] });
    expect((await get('demo-pro')).status).toBe(200);
    expect((await get('demo-free', '/v1/pets')).status).toBe(200);
    const covered = [await get('demo-free'), await get('demo-free'), await get('demo-free')];
    expect(covered.map((res) => res.status)).toEqual([429, 429, 429]);
    expect(covered[0]?.body).toEqual(errorShape(429, 'RATE_LIMITED'));
    expect((await get('demo-free')).status).toBe(200);
    const [storm] = (await mock.http.get('/__mock/storms')).body;
    expect(storm).toMatchObject({ covered: 3, refused: 3, running: false });
  });

  it('by duration on the mock clock, with Retry-After the seconds it has left; stopped on demand', async () => {
    await mock.http.post('/__mock/storms').send({ seconds: 30 });
    mock.server.clock.advance(10);
    expect((await get('demo-free')).headers['retry-after']).toBe('20');
    mock.server.clock.advance(20);
    expect((await get('demo-free')).status).toBe(200);
    await mock.http.post('/__mock/storms').send({});
    expect((await get('demo-free')).status).toBe(429);
    expect((await mock.http.delete('/__mock/storms')).status).toBe(204);
    expect((await get('demo-free')).status).toBe(200);
  });

  it('never leads to a ban, however many storm answers a key gets', async () => {
    await mock.http.post('/__mock/storms').send({ requests: 30 });
    for (let sent = 0; sent < 30; sent += 1) await get('demo-free');
    expect((await get('demo-free')).status).toBe(200);
    expect((await mock.server.control.key('demo-free')).banned).toBe(false);
    const record = (await mock.http.get('/__mock/keys/demo-free/requests')).body;
    expect(record.filter((entry: { storm?: boolean }) => entry.storm)).toHaveLength(30);
  });
});

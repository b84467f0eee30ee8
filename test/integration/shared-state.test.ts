// Two mocks on one Redis (serve --redis) behave as one: what one stores, the other reads; limits,
// bans, storms, the clock and scopes hold across both; a Redis lost and back is 503s, then service.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { DEFAULT_BAN, type MockServerOptions } from '../../src/server/config.js';
import { errorShape, startTestMock, type TestMock } from '../support/mock.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';

let redis: RedisServer;
let prefixCount = 0;
const running: TestMock[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
});
afterEach(async () => {
  const mocks = running.splice(0);
  for (const mock of mocks) await mock.server.close();
  for (const mock of mocks) expect(mock.contractBugs()).toEqual([]);
});
afterAll(async () => {
  await redis.remove();
});

/** Two mocks on one fresh prefix: as two processes behind a load balancer. */
async function twoMocks(more: MockServerOptions = {}): Promise<[TestMock, TestMock]> {
  prefixCount += 1;
  const options = { data: ':memory:', redis: redis.url, redisPrefix: `shared${prefixCount}:`, ...more };
  // Started at once, as a compose file or a CI farm starts them: one fills the prefix, one joins.
  const [one, two] = await Promise.all([startTestMock(options), startTestMock(options)]);
  running.push(one, two);
  return [one, two];
}

const KEY = { 'X-API-Key': 'demo-enterprise' };

describe('two mocks on one Redis', () => {
  it('read through one the pet made through the other, and a change and a removal too', async () => {
    const [one, two] = await twoMocks();
    const created = await one.http.post('/v1/pets').set(KEY).send({ name: 'Shared', categoryId: 1 });
    expect(created.status).toBe(201);
    const read = await two.http.get(`/v1/pets/${created.body.id}`).set(KEY);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);

    const renamed = await two.http
      .put(`/v1/pets/${created.body.id}`)
      .set(KEY)
      .send({ ...created.body, name: 'Renamed' });
    expect(renamed.status).toBe(200);
    expect((await one.http.get(`/v1/pets/${created.body.id}`).set(KEY)).body.name).toBe('Renamed');
    expect((await one.http.delete(`/v1/pets/${created.body.id}`).set(KEY)).status).toBe(204);
    expect((await two.http.get(`/v1/pets/${created.body.id}`).set(KEY)).status).toBe(404);
  });

  it('never answer from a stale copy once a change was answered through the other, round after round', async () => {
    const [one, two] = await twoMocks({ clockStart: new Date('2026-11-25T10:00:00Z'), clockFrozen: true });
    for (let round = 0; round < 25; round += 1) {
      const [writer, reader] = round % 2 === 0 ? [one, two] : [two, one];
      // Data: a pet made, renamed and restocked through one is read as answered through the other.
      const made = await writer.http
        .post('/v1/pets')
        .set(KEY)
        .send({ name: `Round ${round}`, categoryId: 1 });
      expect((await reader.http.get(`/v1/pets/${made.body.id}`).set(KEY)).body).toEqual(made.body);
      await writer.http
        .put(`/v1/pets/${made.body.id}`)
        .set(KEY)
        .send({ ...made.body, name: `Renamed ${round}` });
      expect((await reader.http.get(`/v1/pets/${made.body.id}`).set(KEY)).body.name).toBe(`Renamed ${round}`);
      await writer.http.put(`/v1/store/inventory/${made.body.id}`).set(KEY).send({ quantity: round });
      expect((await reader.http.get(`/v1/store/inventory/${made.body.id}`).set(KEY)).body.quantity).toBe(round);
      // Keys: one made (or given other limits) through one is used with those limits through the other.
      const limits = { perMinute: 100 + round, perDay: 100_000 };
      expect((await writer.http.put('/__mock/keys/fresh-key').send({ plan: 'pro', limits })).status).toBe(200);
      const used = await reader.http.get('/v1/pets/1').set({ 'X-API-Key': 'fresh-key' });
      expect(used.status).toBe(200);
      expect(used.headers['x-ratelimit-limit']).toBe(String(limits.perMinute));
      // Settings: the clock moved through one is the time of the other's next answer.
      const moved = await writer.http.post('/__mock/clock').send({ advanceSeconds: 3600 });
      const answer = await reader.http.get('/v1/pets/1').set(KEY);
      expect(answer.headers.date).toBe(new Date(moved.body.now).toUTCString());
    }
  });

  it('keep the stock rule across both: 20 concurrent orders for 3 units, exactly 3 placed', async () => {
    const [one, two] = await twoMocks();
    const pet = await one.http.post('/v1/pets').set(KEY).send({ name: 'Scarce', categoryId: 1 });
    expect((await two.http.put(`/v1/store/inventory/${pet.body.id}`).set(KEY).send({ quantity: 3 })).status).toBe(200);
    const orders = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        (index % 2 === 0 ? one : two).http.post('/v1/store/orders').set(KEY).send({ petId: pet.body.id, quantity: 1 }),
      ),
    );
    const statuses = orders.map((order) => order.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(17);
    expect(orders.find((order) => order.status === 409)?.body.code).toBe('INSUFFICIENT_STOCK');
    expect((await one.http.get(`/v1/store/inventory/${pet.body.id}`).set(KEY)).body.quantity).toBe(0);
  });

  it('let exactly 60 of 200 concurrent requests through when the key has 60 left, split over both', async () => {
    const [one, two] = await twoMocks();
    const put = await one.http
      .put('/__mock/keys/shared-limit')
      .send({ plan: 'pro', limits: { perMinute: 60, perDay: 100_000 } });
    expect(put.status).toBe(200);
    // Frozen, so that no minute boundary splits the 200 requests.
    expect((await two.http.post('/__mock/clock').send({ frozen: true })).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        (index % 2 === 0 ? one : two).http.get('/v1/categories').set('X-API-Key', 'shared-limit'),
      ),
    );
    // Decided one after another across both: 60 served, the next refused until the ban, then banned.
    const refused = DEFAULT_BAN.threshold;
    const tally: Record<string, number> = {};
    for (const { status, body } of answers) {
      const answer = status === 200 ? '200' : `${status} ${body.code}`;
      tally[answer] = (tally[answer] ?? 0) + 1;
    }
    expect(tally).toEqual({ '200': 60, '429 RATE_LIMITED': refused, '403 API_KEY_BANNED': 140 - refused });
    const remaining = answers
      .filter((answer) => answer.status === 200)
      .map((answer) => Number(answer.headers['x-ratelimit-remaining']))
      .sort((a, b) => a - b);
    // Each success saw its own count: 59 down to 0, none twice.
    expect(remaining).toEqual(Array.from({ length: 60 }, (_, index) => index));
  });

  it('hold a ban, a storm, a fault and the clock set through one on the other', async () => {
    const [one, two] = await twoMocks();
    expect((await one.http.post('/__mock/keys/demo-pro/ban').send({ seconds: 120 })).status).toBe(200);
    const banned = await two.http.get('/v1/pets').set('X-API-Key', 'demo-pro');
    expect(banned.status).toBe(403);
    expect(banned.body).toEqual(errorShape(403));

    const storm = await two.http.post('/__mock/storms').send({ keys: ['demo-business'], requests: 3 });
    expect(storm.status).toBe(201);
    const stormed = [];
    for (const mock of [one, two, one, two]) {
      stormed.push((await mock.http.get('/v1/pets').set('X-API-Key', 'demo-business')).status);
    }
    // The storm covers 3 requests in all, wherever they land; the fourth is served.
    expect(stormed).toEqual([429, 429, 429, 200]);

    // A fault is kept with the storms: counted across both, listed by both, stopped through either.
    const fault = await one.http
      .post('/__mock/faults')
      .send({ kind: 'unavailable', keys: ['demo-business'], requests: 2 });
    expect(fault.status).toBe(201);
    const faulted = [];
    for (const mock of [two, one, two]) {
      faulted.push((await mock.http.get('/v1/pets').set('X-API-Key', 'demo-business')).status);
    }
    expect(faulted).toEqual([503, 503, 200]);
    expect((await two.http.get('/__mock/faults')).body).toEqual([
      expect.objectContaining({ id: fault.body.id, kind: 'unavailable', covered: 2, failed: 2, running: false }),
    ]);
    expect((await two.http.delete('/__mock/faults')).status).toBe(204);
    expect((await one.http.get('/__mock/state')).body.faults).toEqual([]);

    const moved = await one.http.post('/__mock/clock').send({ now: '2031-05-01T12:00:00Z', frozen: true });
    expect(moved.status).toBe(200);
    expect((await two.http.get('/__mock/clock')).body).toEqual({ now: '2031-05-01T12:00:00.000Z', frozen: true });
    const dated = await two.http.get('/v1/pets').set(KEY);
    expect(dated.headers.date).toBe('Thu, 01 May 2031 12:00:00 GMT');
  });

  it('share a scope: its data and clock, apart from the default scope', async () => {
    const [one, two] = await twoMocks();
    const scope = { 'X-Mock-Scope': 'shared-scope' };
    const created = await one.http.post('/v1/pets').set(KEY).set(scope).send({ name: 'Scoped', categoryId: 1 });
    expect(created.status).toBe(201);
    expect((await two.http.get(`/v1/pets/${created.body.id}`).set(KEY).set(scope)).body.name).toBe('Scoped');
    const inDefault = await two.http.get('/v1/pets').query({ name: 'Scoped' }).set(KEY);
    expect(inDefault.body).toEqual([]);

    await two.http.post('/__mock/clock').set(scope).send({ now: '2032-01-01T00:00:00Z', frozen: true });
    expect((await one.http.get('/__mock/clock').set(scope)).body.now).toBe('2032-01-01T00:00:00.000Z');
    expect((await one.http.get('/__mock/clock')).body.now).not.toBe('2032-01-01T00:00:00.000Z');
  });

  it('list, count and drop the same scopes, and hold --max-scopes across both', async () => {
    const [one, two] = await twoMocks({ maxScopes: 2 });
    const alpha = { 'X-Mock-Scope': 'alpha' };
    const made = await one.http.post('/v1/pets').set(KEY).set(alpha).send({ name: 'In alpha', categoryId: 1 });
    expect(made.status).toBe(201);
    expect((await two.http.get('/v1/pets').set(KEY).set({ 'X-Mock-Scope': 'beta' })).status).toBe(200);
    const listed = await two.http.get('/__mock/scopes');
    expect(listed.body.scopes.map((scope: { name: string; requests: number }) => [scope.name, scope.requests])).toEqual(
      [
        ['alpha', 1],
        ['beta', 1],
      ],
    );
    const third = await one.http.get('/v1/pets').set(KEY).set({ 'X-Mock-Scope': 'gamma' });
    expect(third.status).toBe(503);
    expect(third.body).toEqual(errorShape(503, 'TOO_MANY_SCOPES'));
    expect(third.headers['x-ratelimit-limit']).toBeDefined();

    // Dropped through one, alpha is new again through the other: the fixtures, not the pet made in it.
    expect((await one.http.delete('/__mock/scopes/alpha')).status).toBe(204);
    expect((await two.http.get(`/v1/pets/${made.body.id}`).set(KEY).set(alpha)).status).toBe(404);
    expect((await two.http.delete('/__mock/scopes/nowhere')).status).toBe(404);
    expect((await one.http.get('/__mock/scopes')).body.scopes.map((scope: { name: string }) => scope.name)).toEqual([
      'beta',
      'alpha',
    ]);

    // Both dropped through two: one, which made them, holds two new ones (Redis counts, not each process).
    expect((await two.http.delete('/__mock/scopes/alpha')).status).toBe(204);
    expect((await two.http.delete('/__mock/scopes/beta')).status).toBe(204);
    for (const name of ['delta', 'epsilon']) {
      expect((await one.http.get('/v1/pets').set(KEY).set({ 'X-Mock-Scope': name })).status).toBe(200);
    }
  });

  it('leave no key of a scope behind when a request of it is still under way as the scope is dropped', async () => {
    const [one, two] = await twoMocks();
    const scope = { 'X-Mock-Scope': 'raced' };
    expect(
      (
        await two.http
          .put('/__mock/latency')
          .set(scope)
          .send({ ms: 2_000, operations: ['createPet'] })
      ).status,
    ).toBe(200);
    const requestsOfRaced = async (): Promise<number> => {
      const { scopes } = (await two.http.get('/__mock/scopes')).body as {
        scopes: { name: string; requests: number }[];
      };
      return scopes.find(({ name }) => name === 'raced')?.requests ?? 0;
    };
    const before = await requestsOfRaced();
    const underWay = one.http.post('/v1/pets').set(KEY).set(scope).send({ name: 'Late', categoryId: 1 });
    const answered = underWay.then((answer) => answer);
    // Dropped once the create has entered its scope (counted there), while it waits out its latency.
    for (let polls = 0; polls < 250 && (await requestsOfRaced()) === before; polls += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await requestsOfRaced()).toBe(before + 1);
    expect((await two.http.delete('/__mock/scopes/raced')).status).toBe(204);
    const late = await answered;
    expect(late.status).toBe(503);
    expect(late.body.message).toMatch(/scope "raced" was dropped while this request ran/);
    // Whatever the request's answer recorded has been sent by now.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const client = new Redis(redis.url);
    try {
      expect(await client.keys(`shared${prefixCount}:scope:raced:*`)).toEqual([]);
      // Made anew by its next request: the fixtures, and no latency.
      expect((await one.http.get('/v1/pets').set(KEY).set(scope)).status).toBe(200);
    } finally {
      client.disconnect();
    }
  });

  it('start once when started together: the start options apply once', async () => {
    const [one, two] = await twoMocks({ start: { storm: { fraction: 0.5, keys: ['demo-free'] } } });
    expect((await one.http.get('/__mock/storms')).body).toHaveLength(1);
    expect((await two.http.get('/__mock/storms')).body).toHaveLength(1);
  });

  it('lose no change made at once through both: latency and settings, two moves of the clock', async () => {
    const [one, two] = await twoMocks();
    await one.http.post('/__mock/clock').send({ now: '2030-01-01T00:00:00Z', frozen: true });
    const changes = await Promise.all([
      one.http.put('/__mock/latency').send({ ms: 5, operations: ['getCategory'] }),
      two.http.patch('/__mock/settings').send({ retryAfterFormat: 'http-date' }),
      ...Array.from({ length: 6 }, (_, index) =>
        (index % 2 === 0 ? one : two).http.post('/__mock/clock').send({ advanceSeconds: 10 }),
      ),
    ]);
    expect(changes.map((change) => change.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
    const state = (await two.http.get('/__mock/state')).body;
    expect(state.latency).toEqual({ ms: 5, operations: ['getCategory'] });
    expect(state.settings.retryAfterFormat).toBe('http-date');
    expect(state.clock).toEqual({ now: '2030-01-01T00:01:00.000Z', frozen: true });
  });

  it('answer 503 STATE_UNAVAILABLE under load while Redis is gone, then serve again without a restart', async () => {
    const [one, two] = await twoMocks();
    // Load through both for the whole outage: 8 clients, each a read and a create in turn.
    const answers: Array<{ status: number; body: { code?: string; status?: number } }> = [];
    let loading = true;
    const client = async (index: number) => {
      const mock = index % 2 === 0 ? one : two;
      for (let round = 0; loading && round < 2_000; round += 1) {
        const res =
          round % 2 === 0
            ? await mock.http.get('/v1/pets').set(KEY)
            : await mock.http
                .post('/v1/pets')
                .set(KEY)
                .send({ name: `Load ${index}.${round}`, categoryId: 1 });
        answers.push({ status: res.status, body: res.body });
      }
    };
    const clients = Array.from({ length: 8 }, (_, index) => client(index));
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Redis here saves nothing: once back it is empty, and the mocks fill it from the fixtures.
    await redis.stop({ abruptly: true });
    const outageStart = answers.length;
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const control = await one.http.get('/__mock/state');
      expect(control.status).toBe(503);
      expect(control.body).toEqual(errorShape(503, 'STATE_UNAVAILABLE'));
    } finally {
      await redis.start();
    }
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && answers.slice(-8).some((answer) => answer.status === 503)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    loading = false;
    await Promise.all(clients);

    const during = answers.slice(outageStart);
    expect(during.some((answer) => answer.status === 503)).toBe(true);
    for (const answer of answers) {
      expect([200, 201, 503]).toContain(answer.status);
      if (answer.status === 503) expect(answer.body).toEqual(errorShape(503, 'STATE_UNAVAILABLE'));
    }
    expect(
      answers
        .slice(-8)
        .map((answer) => answer.status)
        .filter((status) => status === 503),
    ).toEqual([]);

    const after = await one.http.post('/v1/pets').set(KEY).send({ name: 'After', categoryId: 1 });
    expect(after.status).toBe(201);
    expect((await two.http.get(`/v1/pets/${after.body.id}`).set(KEY)).status).toBe(200);
    expect(one.logLines.some((line) => /out of reach/.test(line))).toBe(true);
    expect(one.logLines.some((line) => /is back/.test(line))).toBe(true);
  });
});

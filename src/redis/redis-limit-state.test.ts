import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type RedisServer, startRedisServer } from '../../test/support/redis-server.js';
import { keySubject, type LimitState } from '../limits/limit-state.js';
import { createStorm } from '../limits/storms.js';
import { describeLimitState } from '../limits/test-support/limit-state-behaviour.js';
import { StateUnavailableError } from '../store/state-unavailable.js';
import { connectRedis, type RedisConnection } from './redis-connection.js';
import { createRedisLimitState, limitStateKeys } from './redis-limit-state.js';

const NOW = Date.parse('2026-11-21T10:00:05Z');

let server: RedisServer;
// Two connections, as two mock processes would each have their own.
let first: RedisConnection;
let second: RedisConnection;
let prefixes = 0;
const freshPrefix = () => `petstore-mock:test-${++prefixes}:`;

/** The same prefix seen from both connections: two processes sharing one mock. */
function twoProcesses(): [LimitState, LimitState] {
  const prefix = freshPrefix();
  return [createRedisLimitState(first, prefix), createRedisLimitState(second, prefix)];
}

const decision = (key: string, perMinute = 100) => ({
  key,
  operationId: 'listPets',
  limits: { perMinute, perDay: 10_000 },
  ban: { threshold: 1_000, seconds: 600 },
  nowMs: NOW,
});

beforeAll(async () => {
  server = await startRedisServer();
  first = await connectRedis(server.url);
  second = await connectRedis(server.url);
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  await server?.remove();
});

describeLimitState('the Redis limit state', () => createRedisLimitState(first, freshPrefix()));

describe('the Redis limit state shared by two processes', () => {
  it('allows exactly the 60 requests left when 200 are decided at once through both', async () => {
    const [one, other] = twoProcesses();
    for (let sent = 0; sent < 40; sent += 1) await one.decide(decision('k'));
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, sent) => (sent % 2 === 0 ? one : other).decide(decision('k'))),
    );
    expect(outcomes.filter(({ decision }) => decision.allowed)).toHaveLength(60);
    expect(await other.counters(keySubject('k'))).toMatchObject({ minuteCount: 100, dayCount: 100 });
  });

  it("sends a key's decisions of one turn as one script, each told its own Remaining", async () => {
    const state = createRedisLimitState(first, freshPrefix());
    await state.decide(decision('k'));
    const scripts = async () => {
      const stats = await first.client.info('commandstats');
      return Number(stats.match(/cmdstat_evalsha:calls=(\d+)/)?.[1] ?? 0);
    };
    const before = await scripts();
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => state.decide(decision('k'))));
    expect((await scripts()) - before).toBe(1);
    expect(outcomes.map(({ headers }) => headers.remaining).sort((a, b) => b - a)).toEqual(
      Array.from({ length: 30 }, (_, index) => 98 - index),
    );
    expect(await state.counters(keySubject('k'))).toMatchObject({ minuteCount: 31, dayCount: 31 });
  });

  it('settles every decision when both keep deciding on one key at once, the limit still exact', async () => {
    const [one, other] = twoProcesses();
    // Each process queues five hundred on one key: every one of them must settle within its attempts.
    const outcomes = await Promise.all(
      Array.from({ length: 1_000 }, (_, sent) => (sent % 2 === 0 ? one : other).decide(decision('k', 700))),
    );
    expect(outcomes.filter(({ decision }) => decision.allowed)).toHaveLength(700);
  });

  it('settles every decision arriving a few at a time through both while the process lags', async () => {
    const [one, other] = twoProcesses();
    // A process busy with other work: its timers and Redis's answers are read late, and requests
    // keep coming while its decisions are out, as behind a load balancer on a loaded machine.
    const lag = setInterval(() => {
      const until = Date.now() + 30;
      while (Date.now() < until);
    }, 5);
    const outcomes: ReturnType<LimitState['decide']>[] = [];
    try {
      for (let turn = 0; turn < 100; turn += 1) {
        for (let sent = 0; sent < 10; sent += 1)
          outcomes.push((sent % 2 === 0 ? one : other).decide(decision('k', 700)));
        await new Promise((resolve) => setImmediate(resolve));
      }
      const settled = await Promise.allSettled(outcomes);
      expect(settled.filter(({ status }) => status === 'rejected')).toEqual([]);
    } finally {
      clearInterval(lag);
    }
    const allowed = (await Promise.all(outcomes)).filter(({ decision }) => decision.allowed);
    expect(allowed).toHaveLength(700);
  }, 60_000);

  it('waits out the turn of a process that died holding it', async () => {
    const prefix = freshPrefix();
    const state = createRedisLimitState(first, prefix);
    const untilMs = Date.now() + 10;
    await first.client.hset(`${prefix}limits:turns`, keySubject('k'), `a process gone|${untilMs}`);
    await first.client.set(`${prefix}limits:storms-turn`, 'a process gone', 'PX', 10);
    await state.saveStorm(createStorm('s', { keys: ['k'] }, NOW));
    expect((await state.decide(decision('k'))).decision).toMatchObject({ reason: 'storm' });
  });

  it('refuses through one a key banned through the other, and allows it once lifted there', async () => {
    const [one, other] = twoProcesses();
    await other.decide(decision('k'));
    await one.ban(keySubject('k'), NOW + 60_000, NOW);
    expect((await other.decide(decision('k'))).decision).toMatchObject({ allowed: false, reason: 'banned' });
    await other.liftBan(keySubject('k'), NOW);
    expect((await one.decide(decision('k'))).decision).toEqual({ allowed: true });
  });

  it('refuses through one the requests of a storm started through the other, counting each exactly once', async () => {
    const [one, other] = twoProcesses();
    // Each process has seen the storms before: the new one reaches them as news, not on first read.
    await Promise.all([one.decide(decision('k')), other.decide(decision('j'))]);
    await one.saveStorm(createStorm('s', { fraction: 0.5, keys: ['k', 'j'] }, NOW));
    // Limits no key reaches: which key the storm lets through depends on the interleaving.
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, sent) =>
        (sent % 2 === 0 ? one : other).decide(decision(sent % 4 < 2 ? 'k' : 'j', 1_000)),
      ),
    );
    const refused = outcomes.filter(({ decision }) => !decision.allowed);
    expect(refused).toHaveLength(100);
    expect(refused.every(({ decision }) => !decision.allowed && decision.reason === 'storm')).toBe(true);
    expect(await other.storms()).toEqual([expect.objectContaining({ id: 's', covered: 200, refused: 100 })]);
    const counted = (await one.counters(keySubject('k')))?.minuteCount ?? 0;
    expect(counted + ((await one.counters(keySubject('j')))?.minuteCount ?? 0)).toBe(2 + 100);
  });

  it('stops through one a storm started through the other', async () => {
    const [one, other] = twoProcesses();
    await one.saveStorm(createStorm('s', {}, NOW));
    expect((await other.decide(decision('k'))).decision).toMatchObject({ reason: 'storm', stormId: 's' });
    expect(await other.removeStorm('s')).toBe(true);
    expect((await one.decide(decision('k'))).decision).toEqual({ allowed: true });
    expect(await one.removeStorm('s')).toBe(false);
  });

  it("keeps every request recorded through both in the key's record, numbered without gaps", async () => {
    const [one, other] = twoProcesses();
    await Promise.all(
      Array.from({ length: 300 }, (_, sent) =>
        (sent % 2 === 0 ? one : other).recordRequest('k', { atMs: sent, method: 'GET', path: '/v1/pets', status: 200 }),
      ),
    );
    const record = await one.requests('k');
    expect(record.map(({ index }) => index)).toEqual(Array.from({ length: 300 }, (_, at) => at + 1));
    expect(new Set(record.map(({ atMs }) => atMs)).size).toBe(300);
  });

  it('never takes a storm list read before the keys were deleted for the current one', async () => {
    const [one, other] = twoProcesses();
    await one.saveStorm(createStorm('gone', {}, NOW));
    expect((await one.decide(decision('k'))).decision).toMatchObject({ reason: 'storm', stormId: 'gone' });
    await first.client.flushall();
    await other.saveStorm(createStorm('new', { keys: ['j'] }, NOW));
    expect((await one.decide(decision('k'))).decision).toEqual({ allowed: true });
    expect((await one.storms()).map(({ id }) => id)).toEqual(['new']);
  });

  it('names every key it writes under its prefix, the record lists through its index, even with glob characters', async () => {
    const prefix = 'petstore-mock:scope:a*[b]?:';
    const state = createRedisLimitState(first, prefix);
    await state.decide(decision('k'));
    await state.countAnonymous('address:1', { perMinute: 5, perDay: 5 }, NOW);
    await state.saveStorm(createStorm('s', { keys: ['other'] }, NOW));
    await state.recordRequest('k', { atMs: NOW, method: 'GET', path: '/v1/pets', status: 200 });
    const { keys, indexSet, indexedPrefix } = limitStateKeys(prefix);
    const owned = new Set(keys);
    for (const member of await first.client.smembers(indexSet)) owned.add(`${indexedPrefix}${member}`);
    const written = await first.client.keys('petstore-mock:scope:*');
    expect(written.length).toBeGreaterThan(0);
    expect(written.filter((found) => !owned.has(found))).toEqual([]);
    expect(written.every((found) => found.startsWith(prefix))).toBe(true);
    await first.client.del([...owned]);
    expect(await first.client.keys('petstore-mock:scope:*')).toEqual([]);
  });

  it('writes nothing more under a scope once it is dropped: its requests get StateUnavailableError', async () => {
    const root = freshPrefix();
    const scopesKey = `${root}scopes`;
    const prefix = `${root}scope:gone:`;
    await first.client.zadd(scopesKey, Date.now(), 'gone');
    const state = createRedisLimitState(first, prefix, {
      scope: { scopesKey, name: 'gone', goneReason: 'the scope "gone" was dropped' },
    });
    await state.decide(decision('k'));
    await state.recordRequest('k', { atMs: NOW, method: 'GET', path: '/v1/pets', status: 200 });
    expect((await state.requests('k')).length).toBe(1);
    // Dropped: its keys removed, its name out of the sorted set.
    await first.client.zrem(scopesKey, 'gone');
    await first.client.del(await first.client.keys(`${prefix}*`));
    await expect(state.decide(decision('k'))).rejects.toThrow(/the scope "gone" was dropped/);
    await expect(state.saveStorm(createStorm('s', {}, NOW))).rejects.toBeInstanceOf(StateUnavailableError);
    await expect(state.countAnonymous('address:1', { perMinute: 5, perDay: 5 }, NOW)).rejects.toBeInstanceOf(
      StateUnavailableError,
    );
    await state.recordRequest('k', { atMs: NOW, method: 'GET', path: '/v1/pets', status: 200 });
    expect(await first.client.keys(`${prefix}*`)).toEqual([]);
  });

  it('records the requests of one turn of the event loop with one script, numbered in the order they came', async () => {
    const state = createRedisLimitState(first, freshPrefix());
    const scriptCalls = async () => {
      const stats = await first.client.info('commandstats');
      return ['evalsha', 'eval'].reduce(
        (sum, name) => sum + Number(stats.match(new RegExp(`cmdstat_${name}:calls=(\\d+)`))?.[1] ?? 0),
        0,
      );
    };
    const before = await scriptCalls();
    await Promise.all(
      Array.from({ length: 50 }, (_, sent) =>
        state.recordRequest(sent % 2 === 0 ? 'k' : 'j', { atMs: sent, method: 'GET', path: '/v1/pets', status: 200 }),
      ),
    );
    // One script for the fifty (two if Redis had to be sent it first: EVALSHA, then EVAL).
    expect((await scriptCalls()) - before).toBeLessThanOrEqual(2);
    expect((await state.requests('k')).map(({ atMs }) => atMs)).toEqual(Array.from({ length: 25 }, (_, at) => at * 2));
    expect((await state.requests('j')).map(({ index }) => index)).toEqual(
      Array.from({ length: 25 }, (_, at) => at + 1),
    );
  });

  // Last: it stops the server the other cases share.
  it('rejects with StateUnavailableError while Redis is down, and serves again once it is back', async () => {
    const state = createRedisLimitState(first, freshPrefix());
    await state.decide(decision('k'));
    await server.stop();
    await expect(state.decide(decision('k'))).rejects.toBeInstanceOf(StateUnavailableError);
    await expect(state.recordRequest('k', { atMs: NOW, method: 'GET', path: '/', status: 200 })).rejects.toBeInstanceOf(
      StateUnavailableError,
    );
    await expect(state.storms()).rejects.toBeInstanceOf(StateUnavailableError);
    // Not events.once: it rejects on the first 'error', and a reconnection that comes before the
    // restarted Redis listens (likelier on a busy machine) fails with ECONNREFUSED, as it may.
    const ready = new Promise((resolve) => first.client.once('ready', resolve));
    await server.start();
    await ready;
    // The restarted Redis is empty (nothing is saved): counting starts again.
    expect((await state.decide(decision('k'))).headers.remaining).toBe(99);
    expect(await state.counters(keySubject('k'))).toMatchObject({ minuteCount: 1 });
  });
});

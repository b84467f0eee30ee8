import { describe, expect, it } from '@jest/globals';
import { boundLimitState } from './bounded-limit-state.js';
import { createInMemoryLimitState } from './in-memory-limit-state.js';
import { addressSubject, keySubject, type LimitState } from './limit-state.js';
import { PLAN_LIMITS } from './plans.js';
import { describeLimitState } from './test-support/limit-state-behaviour.js';

const NOW = Date.parse('2026-11-21T10:00:05Z');
const UNLIMITED = { perMinute: 1_000_000, perDay: 1_000_000 };
const NEVER_BAN = { threshold: 1_000_000, seconds: 1 };

const failNever = (error: unknown) => {
  throw error;
};

/** One request of `key` as the proxy's storm gate makes it: decided, then recorded. */
async function send(state: LimitState, key: string): Promise<void> {
  await state.decide({ key, operationId: 'listPets', limits: UNLIMITED, ban: NEVER_BAN, nowMs: NOW });
  await state.recordRequest(key, { atMs: NOW, method: 'GET', path: '/v1/pets', status: 200 });
}

/** Which of `keys` the state still holds counters or a record for. */
async function keptOf(state: LimitState, keys: string[]): Promise<string[]> {
  const kept: string[] = [];
  for (const key of keys) {
    const counters = await state.counters(keySubject(key));
    const record = await state.requests(key);
    if (counters !== undefined || record.length > 0) kept.push(key);
  }
  return kept;
}

describeLimitState('a bounded limit state, under its bound', () =>
  boundLimitState(createInMemoryLimitState(), { maxSubjects: 100, onForgetFailure: failNever }),
);

describe('a bounded limit state', () => {
  it('forgets the counters and record of the key least recently seen, once past its bound', async () => {
    const inner = createInMemoryLimitState();
    const state = boundLimitState(inner, { maxSubjects: 3, onForgetFailure: failNever });
    for (const key of ['a', 'b', 'c', 'a', 'd']) await send(state, key);
    expect(await keptOf(inner, ['a', 'b', 'c', 'd'])).toEqual(['a', 'c', 'd']);
    expect(await inner.counters(keySubject('a'))).toMatchObject({ minuteCount: 2 });
  });

  it('holds no more than its bound however many keys it sees', async () => {
    const inner = createInMemoryLimitState();
    const state = boundLimitState(inner, { maxSubjects: 50, onForgetFailure: failNever });
    const keys = Array.from({ length: 2_000 }, (_, index) => `flood-${index}`);
    for (const key of keys) await send(state, key);
    expect(await keptOf(inner, keys)).toEqual(keys.slice(-50));
  });

  it('counts client addresses among its subjects', async () => {
    const inner = createInMemoryLimitState();
    const state = boundLimitState(inner, { maxSubjects: 2, onForgetFailure: failNever });
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      await state.countAnonymous(addressSubject(address), PLAN_LIMITS.free, NOW);
    }
    expect(await inner.counters(addressSubject('10.0.0.1'))).toBeUndefined();
    expect(await inner.counters(addressSubject('10.0.0.3'))).toMatchObject({ minuteCount: 1 });
  });

  it('keeps every subject when its bound is infinite', async () => {
    const inner = createInMemoryLimitState();
    const state = boundLimitState(inner, { maxSubjects: Number.POSITIVE_INFINITY, onForgetFailure: failNever });
    const keys = Array.from({ length: 500 }, (_, index) => `key-${index}`);
    for (const key of keys) await send(state, key);
    expect(await keptOf(inner, keys)).toEqual(keys);
  });

  it('tells a subject it could not forget, and goes on deciding', async () => {
    const inner = createInMemoryLimitState();
    const failures: unknown[] = [];
    const refusing: LimitState = {
      ...inner,
      resetCounters: () => Promise.reject(new Error('out of reach')),
    };
    const state = boundLimitState(refusing, { maxSubjects: 1, onForgetFailure: (error) => failures.push(error) });
    await send(state, 'a');
    await send(state, 'b');
    expect(failures).toEqual([new Error('out of reach')]);
    expect(await inner.counters(keySubject('b'))).toMatchObject({ minuteCount: 1 });
  });
});

// The behaviour every LimitState shares, as one suite run against each implementation (in
// memory, Redis): the shared ones must answer exactly as the in-memory one does.
import { describe, expect, it } from '@jest/globals';
import { createFault, isFault } from '../faults.js';
import { keySubject, type LimitState } from '../limit-state.js';
import { REQUEST_RECORD_LIMIT } from '../request-record.js';
import { createStorm } from '../storms.js';

const NOW = Date.parse('2026-11-21T10:00:05Z');

const decision = (key: string, overrides: { perMinute?: number; operationId?: string } = {}) => ({
  key,
  operationId: overrides.operationId ?? 'listPets',
  limits: { perMinute: overrides.perMinute ?? 60, perDay: 1_000 },
  ban: { threshold: 1_000, seconds: 600 },
  nowMs: NOW,
});

const request = (atMs: number) => ({ atMs, method: 'GET', path: '/v1/pets', status: 200 });

/** Runs the shared cases on a fresh, empty state from `createState` in each test. */
export function describeLimitState(name: string, createState: () => LimitState): void {
  describe(name, () => {
    it(`keeps the newest ${REQUEST_RECORD_LIMIT} requests of a key, dropping the oldest`, async () => {
      const state = createState();
      for (let sent = 0; sent < REQUEST_RECORD_LIMIT + 250; sent += 1) {
        await state.recordRequest('k', request(sent));
      }
      const record = await state.requests('k');
      expect(record).toHaveLength(REQUEST_RECORD_LIMIT);
      expect(record[0]?.index).toBe(251);
      expect(record.at(-1)?.index).toBe(REQUEST_RECORD_LIMIT + 250);
      expect(record.at(-1)?.at).toBe(new Date(REQUEST_RECORD_LIMIT + 249).toISOString());
      expect(await state.requests('other')).toEqual([]);
    });

    it("answers a key's newest requests oldest first, and numbers afresh once its record is cleared", async () => {
      const state = createState();
      for (const atMs of [1, 2, 3]) await state.recordRequest('k', request(atMs));
      await state.recordRequest('j', { ...request(4), operationId: 'listPets', code: 'RATE_LIMITED' });
      expect((await state.requests('k', 2)).map(({ index, atMs }) => [index, atMs])).toEqual([
        [2, 2],
        [3, 3],
      ]);
      await state.clearRequests('k');
      await state.recordRequest('k', request(5));
      expect(await state.requests('k')).toEqual([{ ...request(5), index: 1, at: new Date(5).toISOString() }]);
      expect(await state.requests('j')).toEqual([
        { ...request(4), operationId: 'listPets', code: 'RATE_LIMITED', index: 1, at: new Date(4).toISOString() },
      ]);
      await state.clearRequests();
      expect([...(await state.requests('k')), ...(await state.requests('j'))]).toEqual([]);
    });

    it('allows exactly the 60 requests left when 200 are decided at once', async () => {
      const state = createState();
      const outcomes = await Promise.all(Array.from({ length: 200 }, () => state.decide(decision('k'))));
      expect(outcomes.filter(({ decision }) => decision.allowed)).toHaveLength(60);
      expect(await state.counters(keySubject('k'))).toMatchObject({ minuteCount: 60, dayCount: 60 });
    });

    it('counts requests without a key up to the limit, and answers the headers of the count', async () => {
      const state = createState();
      const limits = { perMinute: 2, perDay: 100 };
      const headers = await Promise.all([1, 2, 3].map(() => state.countAnonymous('address:a', limits, NOW)));
      expect(headers.map(({ remaining }) => remaining)).toEqual([1, 0, 0]);
      expect(headers[0]).toEqual({ limit: 2, remaining: 1, resetSeconds: Date.parse('2026-11-21T10:01:00Z') / 1000 });
    });

    it('refuses a banned key until the ban is lifted, and forgets counters when reset', async () => {
      const state = createState();
      await state.decide(decision('k'));
      await state.ban(keySubject('k'), NOW + 30_000, NOW);
      expect((await state.decide(decision('k'))).decision).toEqual({
        allowed: false,
        reason: 'banned',
        retryAfterSeconds: 30,
        bannedNow: false,
      });
      await state.liftBan(keySubject('k'), NOW);
      expect((await state.decide(decision('k'))).decision).toEqual({ allowed: true });
      expect(await state.counters(keySubject('k'))).toMatchObject({ minuteCount: 2 });

      await state.decide(decision('j'));
      await state.resetCounters(keySubject('k'));
      expect(await state.counters(keySubject('k'))).toBeUndefined();
      expect(await state.counters(keySubject('j'))).toMatchObject({ minuteCount: 1 });
      await state.resetCounters();
      expect(await state.counters(keySubject('j'))).toBeUndefined();
    });

    it('lets a storm refuse the requests it covers, counting them, in the order storms were started', async () => {
      const state = createState();
      await state.saveStorm(createStorm('half', { fraction: 0.5, operations: ['listPets'] }, NOW));
      await state.saveStorm(createStorm('all', { keys: ['k'], retryAfterSeconds: 7 }, NOW));
      const outcomes = await Promise.all([1, 2, 3, 4].map(() => state.decide(decision('k'))));
      // Both storms count each request; the first started that refuses gives the refusal.
      expect(outcomes.map(({ decision }) => (decision.allowed ? 'allowed' : decision.reason))).toEqual([
        'storm',
        'storm',
        'storm',
        'storm',
      ]);
      expect(
        outcomes.map(({ decision }) => !decision.allowed && decision.reason === 'storm' && decision.stormId),
      ).toEqual(['all', 'half', 'all', 'half']);
      expect((await state.decide(decision('j', { operationId: 'getPet' }))).decision).toEqual({ allowed: true });
      expect((await state.storms()).map(({ id, covered, refused }) => ({ id, covered, refused }))).toEqual([
        { id: 'half', covered: 4, refused: 2 },
        { id: 'all', covered: 4, refused: 4 },
      ]);
      expect(await state.counters(keySubject('k'))).toMatchObject({ minuteCount: 0 });
    });

    it('replaces a storm saved again in its place, and removes storms one at a time or all', async () => {
      const state = createState();
      await state.saveStorm(createStorm('a', {}, NOW));
      await state.saveStorm(createStorm('b', {}, NOW));
      await state.saveStorm({ ...createStorm('a', { fraction: 0.1 }, NOW), covered: 3 });
      expect((await state.storms()).map(({ id, fraction }) => [id, fraction])).toEqual([
        ['a', 0.1],
        ['b', 1],
      ]);
      expect(await state.removeStorm('a')).toBe(true);
      expect(await state.removeStorm('a')).toBe(false);
      expect((await state.storms()).map(({ id }) => id)).toEqual(['b']);
      await state.clearStorms();
      expect(await state.storms()).toEqual([]);
      expect((await state.decide(decision('k'))).decision).toEqual({ allowed: true });
    });

    it('keeps faults in the storm list: a reset breaks the answer of a counted request, a 503 refuses one uncounted', async () => {
      const state = createState();
      await state.saveStorm(createFault('r', { kind: 'reset', requests: 2, keys: ['k'] }, NOW));
      await state.saveStorm(createFault('u', { kind: 'unavailable', fraction: 0.5, retryAfterSeconds: 4 }, NOW));
      const outcomes = [];
      for (let sent = 0; sent < 4; sent += 1) outcomes.push(await state.decide(decision('k')));
      expect(
        outcomes.map(({ decision, fault }) => [decision.allowed ? 'allowed' : decision.reason, fault?.kind]),
      ).toEqual([
        ['allowed', 'reset'],
        ['unavailable', 'reset'],
        ['allowed', undefined],
        ['unavailable', undefined],
      ]);
      expect(outcomes[1]?.decision).toEqual({
        allowed: false,
        reason: 'unavailable',
        faultId: 'u',
        retryAfterSeconds: 4,
      });
      // A 503 uses no quota; a request whose answer is broken was carried out, and counted.
      expect(await state.counters(keySubject('k'))).toMatchObject({ minuteCount: 2 });
      expect((await state.storms()).map(({ id, covered, refused }) => [id, covered, refused])).toEqual([
        ['r', 2, 2],
        ['u', 4, 2],
      ]);
      await state.saveStorm(createStorm('s', {}, NOW));
      await state.clearStorms(isFault);
      expect((await state.storms()).map(({ id }) => id)).toEqual(['s']);
    });

    it("sets a key's windows by hand: at its limit until a window that ends 3 s from now", async () => {
      const state = createState();
      await state.decide(decision('k', { perMinute: 5 }));
      await state.setWindows(keySubject('k'), { minute: { used: 5, resetsInSeconds: 3 } }, NOW);
      expect((await state.decide(decision('k', { perMinute: 5 }))).decision).toEqual({
        allowed: false,
        reason: 'rate-limited',
        window: 'minute',
        retryAfterSeconds: 3,
      });
      expect(await state.counters(keySubject('k'))).toMatchObject({ minuteCount: 5, dayCount: 1 });
      expect((await state.decide({ ...decision('k', { perMinute: 5 }), nowMs: NOW + 3_000 })).decision).toEqual({
        allowed: true,
      });
    });
  });
}

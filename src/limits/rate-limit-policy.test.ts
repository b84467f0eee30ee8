import { describe, expect, it } from '@jest/globals';
import { PLAN_LIMITS, type PlanLimits } from './plans.js';
import {
  type BanPolicy,
  evaluateRequest,
  type KeyCounters,
  rateLimitHeaders,
  withBan,
  withWindows,
} from './rate-limit-policy.js';

const BAN: BanPolicy = { threshold: 10, seconds: 600 };
const START = Date.parse('2026-11-21T10:00:00Z');

/** Sends `count` requests at `nowMs` and returns the counters and how many were allowed. */
function send(counters: KeyCounters | undefined, limits: PlanLimits, nowMs: number, count: number) {
  let current = counters;
  let allowed = 0;
  let last: ReturnType<typeof evaluateRequest> | undefined;
  for (let sent = 0; sent < count; sent += 1) {
    last = evaluateRequest(current, limits, nowMs, BAN);
    current = last.counters;
    if (last.decision.allowed) allowed += 1;
  }
  return { counters: current, allowed, last };
}

describe('the rate-limit policy', () => {
  it.each(Object.entries(PLAN_LIMITS))(
    'a %s key gets exactly its per-minute limit, then 429 until the minute ends',
    (_plan, limits) => {
      const { counters, allowed } = send(undefined, limits, START + 5_000, limits.perMinute);
      expect(allowed).toBe(limits.perMinute);
      const refused = evaluateRequest(counters, limits, START + 5_000, BAN);
      expect(refused.decision).toEqual({
        allowed: false,
        reason: 'rate-limited',
        window: 'minute',
        retryAfterSeconds: 55,
      });
      expect(evaluateRequest(refused.counters, limits, START + 60_000, BAN).decision.allowed).toBe(true);
    },
  );

  it('counts the day window too: past the per-day limit, Retry-After runs to 00:00 UTC', () => {
    const limits = { perMinute: 5, perDay: 12 };
    let counters: KeyCounters | undefined;
    let allowed = 0;
    for (let minute = 0; minute < 4; minute += 1) {
      const result = send(counters, limits, START + minute * 60_000, 5);
      counters = result.counters;
      allowed += result.allowed;
    }
    expect(allowed).toBe(12);
    const refused = evaluateRequest(counters, limits, START + 4 * 60_000, BAN);
    expect(refused.decision).toMatchObject({ allowed: false, window: 'day', retryAfterSeconds: 14 * 3600 - 4 * 60 });
  });

  it('headers describe the window with the fewest requests remaining; on a tie, the minute, but both used up', () => {
    const limits = { perMinute: 10, perDay: 100 };
    const base = { minuteStartMs: START, dayStartMs: Date.parse('2026-11-21T00:00:00Z'), requestsWhileLimited: 0 };
    expect(rateLimitHeaders({ ...base, minuteCount: 3, dayCount: 3 }, limits)).toEqual({
      limit: 10,
      remaining: 7,
      resetSeconds: START / 1000 + 60,
      windowSeconds: 60,
    });
    expect(rateLimitHeaders({ ...base, minuteCount: 1, dayCount: 95 }, limits)).toEqual({
      limit: 100,
      remaining: 5,
      resetSeconds: Date.parse('2026-11-22T00:00:00Z') / 1000,
      windowSeconds: 86_400,
    });
    expect(rateLimitHeaders({ ...base, minuteCount: 5, dayCount: 95 }, limits).limit).toBe(10);
    // Both used up: the day's, whose end the refusal's Retry-After names (a window driven past a
    // minute's end, on a slow machine, showed the minute's reset beside the day's Retry-After).
    const both = { ...base, minuteCount: 10, dayCount: 100 };
    expect(rateLimitHeaders(both, limits)).toEqual({
      limit: 100,
      remaining: 0,
      resetSeconds: Date.parse('2026-11-22T00:00:00Z') / 1000,
      windowSeconds: 86_400,
    });
    const refused = evaluateRequest(both, limits, START + 1_000, BAN);
    expect(refused.decision).toMatchObject({ window: 'day' });
    expect(refused.headers.resetSeconds * 1000 - (START + 1_000)).toBe(
      (refused.decision as { retryAfterSeconds: number }).retryAfterSeconds * 1000,
    );
  });

  it('bans a key that sends the threshold of requests while limited, and lifts the ban after its duration', () => {
    const limits = { perMinute: 2, perDay: 1000 };
    const atLimit = send(undefined, limits, START, 3).counters; // 2 allowed, the 3rd limited
    const early = send(atLimit, limits, START + 1_000, BAN.threshold - 1);
    expect(early.last?.decision).toMatchObject({ reason: 'rate-limited' });
    const banning = evaluateRequest(early.counters, limits, START + 1_000, BAN);
    expect(banning.decision).toEqual({ allowed: false, reason: 'banned', retryAfterSeconds: 600, bannedNow: true });
    const inBan = evaluateRequest(banning.counters, limits, START + 120_000, BAN);
    expect(inBan.decision).toMatchObject({ reason: 'banned', retryAfterSeconds: 481 });
    expect(evaluateRequest(inBan.counters, limits, START + 601_000, BAN).decision.allowed).toBe(true);
  });

  it('does not count a refused request against the quota', () => {
    const limits = { perMinute: 1, perDay: 5 };
    const { counters } = send(undefined, limits, START, 4);
    expect(counters).toMatchObject({ minuteCount: 1, dayCount: 1, requestsWhileLimited: 2 });
  });

  it('puts a key at its limit with a window set to end 3 s from now, on a whole second, then aligns windows to UTC again', () => {
    const limits = { perMinute: 10, perDay: 1000 };
    const now = START + 17_250; // not on a minute's start, nor on a whole second
    const set = withWindows(undefined, { minute: { used: 10, resetsInSeconds: 3 } }, now);
    const refused = evaluateRequest(set, limits, now, BAN);
    expect(refused.decision).toEqual({
      allowed: false,
      reason: 'rate-limited',
      window: 'minute',
      retryAfterSeconds: 3,
    });
    // X-RateLimit-Reset names the window's end exactly: the whole second at most 3 s away.
    expect(refused.headers).toEqual({
      limit: 10,
      remaining: 0,
      resetSeconds: (START + 20_000) / 1000,
      windowSeconds: 60,
    });
    expect(evaluateRequest(refused.counters, limits, START + 19_999, BAN).decision.allowed).toBe(false);
    const next = evaluateRequest(refused.counters, limits, START + 20_000, BAN);
    expect(next.decision.allowed).toBe(true);
    // The window after it is the UTC minute the clock is in.
    expect(next.headers.resetSeconds).toBe((START + 60_000) / 1000);
  });

  it('sets the day window the same way, keeps a ban, and forgets a limit the key was under', () => {
    const limits = { perMinute: 100, perDay: 3 };
    const limited = send(undefined, { perMinute: 1, perDay: 1000 }, START, 3).counters;
    const banned = withBan(limited, START + 60_000, START);
    const set = withWindows(banned, { day: { used: 3, resetsInSeconds: 43_200 } }, START);
    expect(set).toMatchObject({ dayCount: 3, bannedUntilMs: START + 60_000, requestsWhileLimited: 0 });
    expect(set.limitedUntilMs).toBeUndefined();
    const refused = evaluateRequest(withWindows(set, { minute: { used: 0 } }, START), limits, START + 61_000, BAN);
    expect(refused.decision).toEqual({
      allowed: false,
      reason: 'rate-limited',
      window: 'day',
      retryAfterSeconds: 43_139,
    });
    expect(refused.headers.resetSeconds).toBe((START + 43_200_000) / 1000);
  });
});

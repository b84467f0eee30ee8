// The rate-limit policy as pure functions of (counters, limits, now): no Express, no timers.
// Windows are fixed and aligned to UTC (spec: x-rate-limits), so a client can predict resets.
import type { PlanLimits } from './plans.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export type WindowName = 'minute' | 'day';

export type KeyCounters = {
  minuteStartMs: number;
  minuteCount: number;
  dayStartMs: number;
  dayCount: number;
  /** Until when the key is rate-limited (the end of the window it exceeded), if it is. */
  limitedUntilMs?: number;
  /** Requests sent while limited, before Retry-After passed: they lead to a ban. */
  requestsWhileLimited: number;
  bannedUntilMs?: number;
};

export type BanPolicy = { threshold: number; seconds: number };

export type RateLimitHeaders = { limit: number; remaining: number; resetSeconds: number };

export type Decision =
  | { allowed: true }
  | { allowed: false; reason: 'rate-limited'; window: WindowName; retryAfterSeconds: number }
  | { allowed: false; reason: 'banned'; retryAfterSeconds: number; bannedNow: boolean };

export type Evaluation = { decision: Decision; counters: KeyCounters; headers: RateLimitHeaders };

export function windowStart(nowMs: number, window: WindowName): number {
  const size = window === 'minute' ? MINUTE_MS : DAY_MS;
  return Math.floor(nowMs / size) * size;
}

export function freshCounters(nowMs: number): KeyCounters {
  return {
    minuteStartMs: windowStart(nowMs, 'minute'),
    minuteCount: 0,
    dayStartMs: windowStart(nowMs, 'day'),
    dayCount: 0,
    requestsWhileLimited: 0,
  };
}

/** Rolls the windows forward to `now`, dropping expired limits and bans. */
export function currentCounters(counters: KeyCounters | undefined, nowMs: number): KeyCounters {
  const next = { ...(counters ?? freshCounters(nowMs)) };
  const minuteStartMs = windowStart(nowMs, 'minute');
  const dayStartMs = windowStart(nowMs, 'day');
  if (next.minuteStartMs !== minuteStartMs) Object.assign(next, { minuteStartMs, minuteCount: 0 });
  if (next.dayStartMs !== dayStartMs) Object.assign(next, { dayStartMs, dayCount: 0 });
  if (next.limitedUntilMs !== undefined && next.limitedUntilMs <= nowMs) {
    next.limitedUntilMs = undefined;
    next.requestsWhileLimited = 0;
  }
  if (next.bannedUntilMs !== undefined && next.bannedUntilMs <= nowMs) next.bannedUntilMs = undefined;
  return next;
}

/** The three X-RateLimit-* values: the window with the fewest requests remaining; on a tie, the minute. */
export function rateLimitHeaders(counters: KeyCounters, limits: PlanLimits): RateLimitHeaders {
  const minuteRemaining = Math.max(0, limits.perMinute - counters.minuteCount);
  const dayRemaining = Math.max(0, limits.perDay - counters.dayCount);
  return dayRemaining < minuteRemaining
    ? { limit: limits.perDay, remaining: dayRemaining, resetSeconds: (counters.dayStartMs + DAY_MS) / 1000 }
    : {
        limit: limits.perMinute,
        remaining: minuteRemaining,
        resetSeconds: (counters.minuteStartMs + MINUTE_MS) / 1000,
      };
}

/** Whole seconds from now until `untilMs`, at least 1: the form of Retry-After. */
export const secondsUntil = (untilMs: number, nowMs: number) => Math.max(1, Math.ceil((untilMs - nowMs) / 1000));

/**
 * Decides one request of a key. An allowed request is counted in both windows; a refused one
 * is not (it used nothing), but a request sent while limited counts toward a ban.
 */
export function evaluateRequest(
  previous: KeyCounters | undefined,
  limits: PlanLimits,
  nowMs: number,
  ban: BanPolicy,
): Evaluation {
  const counters = currentCounters(previous, nowMs);
  if (counters.bannedUntilMs !== undefined) {
    const decision: Decision = {
      allowed: false,
      reason: 'banned',
      retryAfterSeconds: secondsUntil(counters.bannedUntilMs, nowMs),
      bannedNow: false,
    };
    return { decision, counters, headers: rateLimitHeaders(counters, limits) };
  }
  const minuteFull = counters.minuteCount >= limits.perMinute;
  const dayFull = counters.dayCount >= limits.perDay;
  if (!minuteFull && !dayFull) {
    counters.minuteCount += 1;
    counters.dayCount += 1;
    return { decision: { allowed: true }, counters, headers: rateLimitHeaders(counters, limits) };
  }
  // The later of the exceeded windows decides when a retry can succeed.
  const window: WindowName = dayFull ? 'day' : 'minute';
  const untilMs = window === 'day' ? counters.dayStartMs + DAY_MS : counters.minuteStartMs + MINUTE_MS;
  if (counters.limitedUntilMs === undefined) {
    counters.limitedUntilMs = untilMs;
  } else {
    counters.requestsWhileLimited += 1;
    if (counters.requestsWhileLimited >= ban.threshold) {
      counters.bannedUntilMs = nowMs + ban.seconds * 1000;
      counters.limitedUntilMs = undefined;
      counters.requestsWhileLimited = 0;
      const decision: Decision = { allowed: false, reason: 'banned', retryAfterSeconds: ban.seconds, bannedNow: true };
      return { decision, counters, headers: rateLimitHeaders(counters, limits) };
    }
  }
  const decision: Decision = {
    allowed: false,
    reason: 'rate-limited',
    window,
    retryAfterSeconds: secondsUntil(untilMs, nowMs),
  };
  return { decision, counters, headers: rateLimitHeaders(counters, limits) };
}

/**
 * Counts a request without a valid key in the per-minute window, capped at the limit: it is
 * answered 401 whatever the count (spec), so the count only feeds its X-RateLimit-* headers.
 */
export function countAnonymousRequest(
  previous: KeyCounters | undefined,
  limits: PlanLimits,
  nowMs: number,
): { counters: KeyCounters; headers: RateLimitHeaders } {
  const counters = currentCounters(previous, nowMs);
  counters.minuteCount = Math.min(limits.perMinute, counters.minuteCount + 1);
  const headers = {
    limit: limits.perMinute,
    remaining: limits.perMinute - counters.minuteCount,
    resetSeconds: (counters.minuteStartMs + MINUTE_MS) / 1000,
  };
  return { counters, headers };
}

/** A ban set by hand (the control API), until `untilMs`. */
export function withBan(previous: KeyCounters | undefined, untilMs: number, nowMs: number): KeyCounters {
  return { ...currentCounters(previous, nowMs), bannedUntilMs: untilMs };
}

/** A ban lifted by hand, and the limit that would lead to the next one. */
export function withoutBan(previous: KeyCounters | undefined, nowMs: number): KeyCounters {
  return {
    ...currentCounters(previous, nowMs),
    bannedUntilMs: undefined,
    limitedUntilMs: undefined,
    requestsWhileLimited: 0,
  };
}

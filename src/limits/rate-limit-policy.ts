// The rate-limit policy as pure functions of (counters, limits, now): no Express, no timers.
// Windows are fixed and aligned to UTC (spec: x-rate-limits), so a client can predict resets; a
// window set by hand (withWindows) runs to its own end, after which they are aligned again.
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

/** A window's limit, what remains of it, and when it ends (Unix seconds); its length, for headers that tell it. */
export type RateLimitHeaders = { limit: number; remaining: number; resetSeconds: number; windowSeconds?: number };

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

/** Whether `nowMs` falls outside the window that starts at `startMs` (past its end, or before it). */
const outside = (startMs: number, sizeMs: number, nowMs: number) => nowMs < startMs || nowMs >= startMs + sizeMs;

/**
 * Rolls the windows forward to `now`, dropping expired limits and bans: a new object, with every
 * field present (one shape for every key's counters, as each request reads them).
 */
export function currentCounters(counters: KeyCounters | undefined, nowMs: number): KeyCounters {
  const from = counters ?? freshCounters(nowMs);
  const minuteGone = outside(from.minuteStartMs, MINUTE_MS, nowMs);
  const dayGone = outside(from.dayStartMs, DAY_MS, nowMs);
  const limitOver = from.limitedUntilMs !== undefined && from.limitedUntilMs <= nowMs;
  const banOver = from.bannedUntilMs !== undefined && from.bannedUntilMs <= nowMs;
  return {
    minuteStartMs: minuteGone ? windowStart(nowMs, 'minute') : from.minuteStartMs,
    minuteCount: minuteGone ? 0 : from.minuteCount,
    dayStartMs: dayGone ? windowStart(nowMs, 'day') : from.dayStartMs,
    dayCount: dayGone ? 0 : from.dayCount,
    limitedUntilMs: limitOver ? undefined : from.limitedUntilMs,
    requestsWhileLimited: limitOver ? 0 : from.requestsWhileLimited,
    bannedUntilMs: banOver ? undefined : from.bannedUntilMs,
  };
}

/**
 * The three X-RateLimit-* values: the window with the fewest requests remaining; on a tie, the
 * minute, but where both are used up: then the day's, whose end a refusal's Retry-After names.
 */
export function rateLimitHeaders(counters: KeyCounters, limits: PlanLimits): RateLimitHeaders {
  const minute = {
    limit: limits.perMinute,
    remaining: Math.max(0, limits.perMinute - counters.minuteCount),
    resetSeconds: (counters.minuteStartMs + MINUTE_MS) / 1000,
    windowSeconds: MINUTE_MS / 1000,
  };
  const day = {
    limit: limits.perDay,
    remaining: Math.max(0, limits.perDay - counters.dayCount),
    resetSeconds: (counters.dayStartMs + DAY_MS) / 1000,
    windowSeconds: DAY_MS / 1000,
  };
  return day.remaining < minute.remaining || day.remaining === 0 ? day : minute;
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
  return evaluateCurrent(currentCounters(previous, nowMs), limits, nowMs, ban);
}

/** evaluateRequest on counters already rolled forward to `nowMs` (currentCounters): it counts in them. */
export function evaluateCurrent(counters: KeyCounters, limits: PlanLimits, nowMs: number, ban: BanPolicy): Evaluation {
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

/** A window as set by hand: the requests counted in it, and the seconds until it ends. */
export type WindowCounters = { used?: number; resetsInSeconds?: number };
export type KeyWindows = { minute?: WindowCounters; day?: WindowCounters };

/**
 * Windows set by hand (the control API): a key at its limit, or a window ending soon, without a
 * request sent or the clock moved. A window ends on a whole second, so that X-RateLimit-Reset
 * names it exactly. A limit the key was under is forgotten; a ban stays.
 */
export function withWindows(previous: KeyCounters | undefined, windows: KeyWindows, nowMs: number): KeyCounters {
  const next = { ...currentCounters(previous, nowMs), limitedUntilMs: undefined, requestsWhileLimited: 0 };
  const startOf = (setting: WindowCounters | undefined, sizeMs: number, startMs: number) =>
    setting?.resetsInSeconds === undefined
      ? startMs
      : Math.floor((nowMs + setting.resetsInSeconds * 1000) / 1000) * 1000 - sizeMs;
  next.minuteStartMs = startOf(windows.minute, MINUTE_MS, next.minuteStartMs);
  next.dayStartMs = startOf(windows.day, DAY_MS, next.dayStartMs);
  next.minuteCount = windows.minute?.used ?? next.minuteCount;
  next.dayCount = windows.day?.used ?? next.dayCount;
  return next;
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

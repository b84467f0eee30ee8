// Authenticates the API key, applies bans, storms and the plan's limits, and records what the
// client did. Every answer of the API gets the X-RateLimit-* headers, a 401 too: requests
// without a valid key are counted per client address under the Free plan, and answered 401.
import type { Request, RequestHandler, Response } from 'express';
import type { Clock } from '../clock.js';
import { HttpError } from '../errors.js';
import { decideRequest, type RequestDecision } from './decide-request.js';
import type { KeyDirectory } from './key-directory.js';
import type { LimitState } from './limit-state.js';
import { type ApiKeyRecord, DEMO_KEY_NAMES, limitsOf, PLAN_LIMITS, type PlanLimits } from './plans.js';
import { type BanPolicy, currentCounters, type RateLimitHeaders } from './rate-limit-policy.js';

export const API_KEY_HEADER = 'X-API-Key';

export type RetryAfterFormat = 'seconds' | 'http-date';

export type RateLimitSettings = {
  ban: BanPolicy;
  retryAfterFormat: RetryAfterFormat;
};

export type RateLimitDependencies = {
  keys: KeyDirectory;
  state: LimitState;
  clock: Clock;
  /** Read on every request, so that the control API can change it while serving. */
  settings: () => RateLimitSettings;
  /** The operation a request is for, if it names one (storms and the record go by it). */
  operationIdOf: (req: Request) => string | undefined;
};

export function formatRetryAfter(seconds: number, format: RetryAfterFormat, nowMs: number): string {
  // RFC 9110 section 10.2.3: delta-seconds or an HTTP-date.
  return format === 'seconds' ? String(seconds) : new Date(nowMs + seconds * 1000).toUTCString();
}

export function keySubject(key: string): string {
  return `key:${key}`;
}

function setRateLimitHeaders(res: Response, headers: RateLimitHeaders): void {
  res.setHeader('X-RateLimit-Limit', String(headers.limit));
  res.setHeader('X-RateLimit-Remaining', String(headers.remaining));
  res.setHeader('X-RateLimit-Reset', String(headers.resetSeconds));
}

function refusalError(
  decision: Exclude<RequestDecision, { allowed: true }>,
  limits: PlanLimits,
  ban: BanPolicy,
  retryAfter: string,
): HttpError {
  const wait = `Retry after ${decision.retryAfterSeconds} s`;
  switch (decision.reason) {
    case 'banned':
      return new HttpError(
        'API_KEY_BANNED',
        `This key is banned; the ban lifts in ${decision.retryAfterSeconds} s (keys are banned for repeated requests while rate-limited). Wait for Retry-After, then back off exponentially.`,
        { 'Retry-After': retryAfter },
      );
    case 'storm':
      return new HttpError('RATE_LIMITED', `Too many requests right now (a simulated 429 storm). ${wait}.`, {
        'Retry-After': retryAfter,
      });
    case 'rate-limited': {
      const limit =
        decision.window === 'minute' ? `${limits.perMinute} requests per minute` : `${limits.perDay} requests per day`;
      return new HttpError(
        'RATE_LIMITED',
        `Rate limit of ${limit} reached. ${wait}; ${ban.threshold} requests before then ban the key.`,
        { 'Retry-After': retryAfter },
      );
    }
  }
}

/**
 * Requests without a valid key: counted per client address in the Free plan's per-minute window,
 * so that a 401 carries the headers too. They are always answered 401, never 429: a key comes
 * before any limit, and clients that test their 401 handling are not slowed down (spec).
 */
function countAnonymous(req: Request, res: Response, deps: RateLimitDependencies): void {
  const subject = `address:${req.ip ?? 'unknown'}`;
  const limits = PLAN_LIMITS.free;
  const counters = currentCounters(deps.state.counters(subject), deps.clock.nowMs());
  counters.minuteCount = Math.min(limits.perMinute, counters.minuteCount + 1);
  deps.state.saveCounters(subject, counters);
  setRateLimitHeaders(res, {
    limit: limits.perMinute,
    remaining: limits.perMinute - counters.minuteCount,
    resetSeconds: counters.minuteStartMs / 1000 + 60,
  });
}

export function createRateLimitMiddleware(deps: RateLimitDependencies): RequestHandler {
  // Async for the key lookup; runChain passes a rejection (the throws below) to next.
  return async (req, res, next) => {
    const sentKey = req.get(API_KEY_HEADER);
    const record: ApiKeyRecord | undefined = sentKey ? await deps.keys.find(sentKey) : undefined;
    if (!record) {
      countAnonymous(req, res, deps);
      if (!sentKey) {
        throw new HttpError(
          'API_KEY_MISSING',
          `Send your API key in the ${API_KEY_HEADER} header (demo keys: ${DEMO_KEY_NAMES.join(', ')}).`,
        );
      }
      throw new HttpError(
        'API_KEY_INVALID',
        `The API key in ${API_KEY_HEADER} is not known. Use a key this server knows (see its start-up banner, or GET /__mock/state).`,
      );
    }

    const nowMs = deps.clock.nowMs();
    const { ban, retryAfterFormat } = deps.settings();
    const subject = keySubject(record.key);
    const limits = limitsOf(record);
    const operationId = deps.operationIdOf(req);
    const outcome = decideRequest({
      key: record.key,
      operationId,
      counters: deps.state.counters(subject),
      limits,
      ban,
      storms: deps.state.storms(),
      nowMs,
    });
    deps.state.saveCounters(subject, outcome.counters);
    for (const storm of outcome.storms) deps.state.saveStorm(storm);
    setRateLimitHeaders(res, outcome.headers);

    const { decision } = outcome;
    res.on('finish', () => {
      const recorded: Parameters<LimitState['recordRequest']>[1] = {
        atMs: nowMs,
        method: req.method,
        path: req.originalUrl,
        status: res.statusCode,
      };
      if (operationId !== undefined) recorded.operationId = operationId;
      if (typeof res.locals.errorCode === 'string') recorded.code = res.locals.errorCode;
      if (!decision.allowed) recorded.retryAfterSeconds = decision.retryAfterSeconds;
      if (!decision.allowed && decision.reason === 'storm') recorded.storm = true;
      deps.state.recordRequest(record.key, recorded);
    });
    if (!decision.allowed) {
      throw refusalError(decision, limits, ban, formatRetryAfter(decision.retryAfterSeconds, retryAfterFormat, nowMs));
    }
    res.locals.apiKey = record;
    next();
  };
}

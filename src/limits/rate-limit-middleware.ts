// Authenticates the API key and applies its plan's limits. Every answer of the API gets the
// X-RateLimit-* headers, a 401 too: requests without a valid key are limited per address.
import type { Request, RequestHandler, Response } from 'express';
import type { Clock } from '../clock.js';
import { HttpError } from '../errors.js';
import type { KeyDirectory } from './key-directory.js';
import type { LimitState } from './limit-state.js';
import { type ApiKeyRecord, limitsOf, PLAN_LIMITS } from './plans.js';
import { type BanPolicy, evaluateRequest } from './rate-limit-policy.js';

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
};

/** The key record of an authenticated request, set by the middleware. */
export function authenticatedKey(res: Response): ApiKeyRecord {
  return res.locals.apiKey as ApiKeyRecord;
}

export function formatRetryAfter(seconds: number, format: RetryAfterFormat, nowMs: number): string {
  // RFC 9110 section 10.2.3: delta-seconds or an HTTP-date.
  return format === 'seconds' ? String(seconds) : new Date(nowMs + seconds * 1000).toUTCString();
}

export function subjectOf(req: Request, record: ApiKeyRecord | undefined): string {
  return record ? `key:${record.key}` : `address:${req.ip ?? 'unknown'}`;
}

export function createRateLimitMiddleware(deps: RateLimitDependencies): RequestHandler {
  return (req, res, next) => {
    const sentKey = req.get(API_KEY_HEADER);
    const record = sentKey ? deps.keys.find(sentKey) : undefined;
    const subject = subjectOf(req, record);
    const limits = record ? limitsOf(record) : PLAN_LIMITS.free;
    const nowMs = deps.clock.nowMs();
    const { ban, retryAfterFormat } = deps.settings();
    const { decision, counters, headers } = evaluateRequest(deps.state.counters(subject), limits, nowMs, ban);
    deps.state.saveCounters(subject, counters);
    res.set({
      'X-RateLimit-Limit': String(headers.limit),
      'X-RateLimit-Remaining': String(headers.remaining),
      'X-RateLimit-Reset': String(headers.resetSeconds),
    });
    res.locals.rateLimitSubject = subject;

    if (!decision.allowed) {
      const retryAfter = formatRetryAfter(decision.retryAfterSeconds, retryAfterFormat, nowMs);
      if (decision.reason === 'banned') {
        throw new HttpError(
          'API_KEY_BANNED',
          `This key is banned for repeated requests while rate-limited; the ban lifts in ${decision.retryAfterSeconds} s. Wait for Retry-After and back off exponentially.`,
          { 'Retry-After': retryAfter },
        );
      }
      throw new HttpError(
        'RATE_LIMITED',
        `Rate limit of ${decision.window === 'minute' ? `${limits.perMinute} requests per minute` : `${limits.perDay} requests per day`} reached. Retry after ${decision.retryAfterSeconds} s; ${ban.threshold} more requests before then ban the key.`,
        { 'Retry-After': retryAfter },
      );
    }
    if (!sentKey) {
      throw new HttpError(
        'API_KEY_MISSING',
        `Send your API key in the ${API_KEY_HEADER} header (demo keys: demo-free, demo-pro, demo-business, demo-enterprise).`,
      );
    }
    if (!record) {
      throw new HttpError(
        'API_KEY_INVALID',
        `The API key in ${API_KEY_HEADER} is not known. Use a key this server knows (see its start-up banner or GET /__mock/state).`,
      );
    }
    res.locals.apiKey = record;
    next();
  };
}

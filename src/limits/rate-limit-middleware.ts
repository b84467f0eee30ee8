// Applies bans, storms and the plan's limits to a request authenticated by src/auth/, and records
// what the client did. Every answer it gives carries the X-RateLimit-* headers.
import type { Request, RequestHandler } from 'express';
import { authenticatedKey } from '../auth/authenticated-key.js';
import type { Clock } from '../clock.js';
import { HttpError } from '../errors.js';
import { formatRetryAfter, type RateLimitSettings, setRateLimitHeaders } from '../http/rate-limit-headers.js';
import { decideRequest, type RequestDecision } from './decide-request.js';
import { keySubject, type LimitState } from './limit-state.js';
import { limitsOf, type PlanLimits } from './plans.js';
import type { BanPolicy } from './rate-limit-policy.js';

// src/openapi/dispatch-operations.ts still imports the format from here; it lives in src/http/.
export type { RetryAfterFormat } from '../http/rate-limit-headers.js';

export type RateLimitDependencies = {
  state: LimitState;
  clock: Clock;
  /** Read on every request, so that the control API can change it while serving. */
  settings: () => RateLimitSettings;
  /** The operation a request is for, if it names one (storms and the record go by it). */
  operationIdOf: (req: Request) => string | undefined;
};

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

export function createRateLimitMiddleware(deps: RateLimitDependencies): RequestHandler {
  return (req, res, next) => {
    const record = authenticatedKey(res);
    if (!record) throw new Error('The rate limit runs after authentication (src/auth/), which sets the key.');

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
    next();
  };
}

// The workbench in front of an upstream whose limits are its own (proxy without
// --simulate-limits): a storm's 429s are answered here and never reach the upstream; every
// request is put in its key's record, so that the compliance report judges the client's retries,
// and counted (a key's, or its address's without one) for the X-RateLimit-* of the proxy's own
// answers (own-limit-headers.ts). The key's own plan is not applied (its limits are the upstream's),
// nor are the upstream's X-RateLimit-* headers touched.
import type { Request, RequestHandler } from 'express';
import type { Clock } from '../clock.js';
import { HttpError } from '../errors.js';
import { addressSubject, type LimitState } from '../limits/limit-state.js';
import { PLAN_LIMITS } from '../limits/plans.js';
import { formatRetryAfter, type RateLimitSettings } from '../limits/rate-limit-headers.js';
import { recordWhenAnswered } from '../limits/rate-limit-middleware.js';

/** Limits no client reaches: only storms may refuse. */
const UNLIMITED = { perMinute: Number.MAX_SAFE_INTEGER, perDay: Number.MAX_SAFE_INTEGER };
const NEVER_BAN = { threshold: Number.MAX_SAFE_INTEGER, seconds: 1 };

export type StormGateDependencies = {
  state: LimitState;
  clock: Clock;
  settings: () => RateLimitSettings;
  operationIdOf: (req: Request) => string | undefined;
  onRecordFailure: (error: unknown) => void;
};

export function createStormGate(deps: StormGateDependencies): RequestHandler {
  return async (req, res, next) => {
    const key = req.headers['x-api-key'];
    const nowMs = deps.clock.nowMs();
    // Without a key, the upstream answers (its 401): no record to keep, only the address's count.
    if (typeof key !== 'string' || key === '') {
      await deps.state.countAnonymous(addressSubject(req.ip ?? 'unknown'), PLAN_LIMITS.free, nowMs);
      next();
      return;
    }
    const operationId = deps.operationIdOf(req);
    const { decision } = await deps.state.decide({
      key,
      operationId,
      limits: UNLIMITED,
      ban: NEVER_BAN,
      nowMs,
    });
    recordWhenAnswered(req, res, {
      state: deps.state,
      key,
      nowMs,
      operationId,
      decision,
      onRecordFailure: deps.onRecordFailure,
    });
    if (decision.allowed) {
      next();
      return;
    }
    // The storm's 429 is the proxy's own answer: own-limit-headers.ts gives it its X-RateLimit-*.
    const retryAfter = formatRetryAfter(decision.retryAfterSeconds, deps.settings().retryAfterFormat, nowMs);
    throw new HttpError(
      'RATE_LIMITED',
      `Too many requests right now (a simulated 429 storm, answered by the proxy). Retry after ${decision.retryAfterSeconds} s.`,
      { 'Retry-After': retryAfter },
    );
  };
}

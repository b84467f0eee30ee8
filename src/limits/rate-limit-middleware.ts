// Applies bans, storms, faults and the plan's limits to a request authenticated by src/auth/, and
// records what the client did. Every answer it gives carries the limit headers (the contract's).
import type { Request, RequestHandler, Response } from 'express';
import { authenticatedKey } from '../auth/authenticated-key.js';
import type { Clock } from '../clock.js';
import { HttpError } from '../errors.js';
import { afterAnswer } from '../http/after-answer.js';
import { breakAnswer } from '../http/broken-answers.js';
import type { DecisionOutput, RequestDecision } from './decide-request.js';
import type { LimitHeaderWriter } from './limit-header-dialect.js';
import type { LimitState } from './limit-state.js';
import { limitsOf, type PlanLimits } from './plans.js';
import { formatRetryAfter, type RateLimitSettings } from './rate-limit-headers.js';
import type { BanPolicy } from './rate-limit-policy.js';
import { type RequestToRecord, retryAtOf } from './request-record.js';

export type RateLimitDependencies = {
  state: LimitState;
  clock: Clock;
  /** Read on every request, so that the control API can change it while serving. */
  settings: () => RateLimitSettings;
  /** The operation a request is for, if it names one (storms and the record go by it). */
  operationIdOf: (req: Request) => string | undefined;
  /** Told when the state cannot record a request (after its answer has gone). */
  onRecordFailure: (error: unknown) => void;
  /** The limit headers in the contract's words. */
  limitHeaders: LimitHeaderWriter;
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
    case 'unavailable':
      return unavailableError(decision.retryAfterSeconds, retryAfter, 'a simulated fault');
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

/** A fault's 503 (RFC 9110 section 15.6.4): the service cannot answer now; Retry-After says when to try again. */
export function unavailableError(seconds: number, retryAfter: string, what: string): HttpError {
  return new HttpError(
    'SERVICE_UNAVAILABLE',
    `The service cannot answer right now (${what}); nothing of the request was done. Retry after ${seconds} s.`,
    { 'Retry-After': retryAfter },
  );
}

export type RecordedDecision = {
  state: LimitState;
  key: string;
  nowMs: number;
  operationId: string | undefined;
  decision: RequestDecision;
  /** A fault that breaks the answer (its kind goes in the record). */
  fault: DecisionOutput['fault'] | undefined;
  onRecordFailure: (error: unknown) => void;
};

/**
 * Puts the request in its key's record once it is answered (or its connection closed: an answer
 * a fault broke never finishes), with the decision that shaped it; and breaks that answer if a
 * fault chose it.
 */
export function recordWhenAnswered(req: Request, res: Response, recording: RecordedDecision): void {
  const { decision, operationId, fault } = recording;
  if (fault) breakAnswer(res, fault);
  const record = () => {
    const recorded: RequestToRecord = {
      atMs: recording.nowMs,
      method: req.method,
      path: req.originalUrl,
      status: res.statusCode,
    };
    if (operationId !== undefined) recorded.operationId = operationId;
    if (typeof res.locals.errorCode === 'string') recorded.code = res.locals.errorCode;
    if (!decision.allowed) recorded.retryAfterSeconds = decision.retryAfterSeconds;
    if (res.statusCode === 429 || res.statusCode === 403) {
      const retryAtMs = retryAtOf(res.getHeader('Retry-After'), recording.nowMs);
      if (retryAtMs !== undefined) recorded.retryAtMs = retryAtMs;
    }
    if (!decision.allowed && decision.reason === 'storm') recorded.storm = true;
    if (!decision.allowed && decision.reason === 'unavailable') recorded.fault = 'unavailable';
    if (fault) recorded.fault = fault.kind;
    // The answer has gone: a record that cannot be written is reported, not answered.
    recording.state.recordRequest(recording.key, recorded).catch(recording.onRecordFailure);
  };
  afterAnswer(res, record);
}

export function createRateLimitMiddleware(deps: RateLimitDependencies): RequestHandler {
  // Async for the state; runChain passes a rejection (the refusals below) to next.
  return async (req, res, next) => {
    const record = authenticatedKey(res);
    // No key: an open operation, answered without limits (authentication set its headers).
    if (!record) {
      next();
      return;
    }

    const nowMs = deps.clock.nowMs();
    const { ban, retryAfterFormat } = deps.settings();
    const limits = limitsOf(record);
    const operationId = deps.operationIdOf(req);
    const { decision, headers, fault } = await deps.state.decide({
      key: record.key,
      operationId,
      limits,
      ban,
      nowMs,
    });
    deps.limitHeaders.setCounted(res, headers, nowMs);

    recordWhenAnswered(req, res, {
      state: deps.state,
      key: record.key,
      nowMs,
      operationId,
      decision,
      fault,
      onRecordFailure: deps.onRecordFailure,
    });
    if (!decision.allowed) {
      throw refusalError(decision, limits, ban, formatRetryAfter(decision.retryAfterSeconds, retryAfterFormat, nowMs));
    }
    next();
  };
}

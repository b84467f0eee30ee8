// The workbench in front of an upstream whose limits are its own (proxy without
// --simulate-limits): a storm's 429s are answered here and never reach the upstream; every
// request is put in its key's record, so that the compliance report judges the client's retries,
// and counted (a key's, or its address's without one) for the X-RateLimit-* of the proxy's own
// answers (own-limit-headers.ts). The key's own plan is not applied (its limits are the upstream's),
// nor are the upstream's X-RateLimit-* headers touched. With the shared state out of reach, the
// request goes on to the upstream, neither gated nor counted (state-outage.ts).
import type { Request, RequestHandler } from 'express';
import type { Clock } from '../clock.js';
import { HttpError } from '../errors.js';
import type { DecisionInput, DecisionOutput } from '../limits/decide-request.js';
import { addressSubject, DecisionInputsChangedError, type LimitState } from '../limits/limit-state.js';
import { PLAN_LIMITS } from '../limits/plans.js';
import { formatRetryAfter, type RateLimitSettings } from '../limits/rate-limit-headers.js';
import { recordWhenAnswered, unavailableError } from '../limits/rate-limit-middleware.js';
import type { StateOutage } from './state-outage.js';

/** Limits no client reaches: only storms may refuse. */
const UNLIMITED = { perMinute: Number.MAX_SAFE_INTEGER, perDay: Number.MAX_SAFE_INTEGER };
const NEVER_BAN = { threshold: Number.MAX_SAFE_INTEGER, seconds: 1 };
/** Decisions made again when a shared state found the settings changed meanwhile (as key-and-limit-steps.ts). */
const MAX_INPUT_CHANGES = 5;

export type StormGateDependencies = {
  state: LimitState;
  clock: Clock;
  settings: () => RateLimitSettings;
  operationIdOf: (req: Request) => string | undefined;
  onRecordFailure: (error: unknown) => void;
  outage: StateOutage;
};

/** The decision, made again on what now holds when the state caught up with a change of its inputs. */
async function decideAfresh(state: LimitState, input: DecisionInput): Promise<DecisionOutput> {
  for (let runs = 1; ; runs += 1) {
    try {
      return await state.decide(input);
    } catch (error) {
      if (!(error instanceof DecisionInputsChangedError) || runs >= MAX_INPUT_CHANGES) throw error;
    }
  }
}

export function createStormGate(deps: StormGateDependencies): RequestHandler {
  /** What `ask` answers; undefined when the state is out of reach (the request then goes on). */
  const unlessOutOfReach = async <T>(ask: () => Promise<T>): Promise<T | undefined> => {
    try {
      const answer = await ask();
      deps.outage.answered();
      return answer;
    } catch (error) {
      if (deps.outage.absorbs(error)) return undefined;
      throw error;
    }
  };

  return async (req, res, next) => {
    const key = req.headers['x-api-key'];
    const nowMs = deps.clock.nowMs();
    // Without a key, the upstream answers (its 401): no record to keep, only the address's count.
    if (typeof key !== 'string' || key === '') {
      await unlessOutOfReach(() =>
        deps.state.countAnonymous(addressSubject(req.ip ?? 'unknown'), PLAN_LIMITS.free, nowMs),
      );
      next();
      return;
    }
    const operationId = deps.operationIdOf(req);
    const decided = await unlessOutOfReach(() =>
      decideAfresh(deps.state, { key, operationId, limits: UNLIMITED, ban: NEVER_BAN, nowMs }),
    );
    if (!decided) {
      next();
      return;
    }
    const { decision, fault } = decided;
    // A fault that breaks the answer breaks the upstream's, once the request went there.
    recordWhenAnswered(req, res, {
      state: deps.state,
      key,
      nowMs,
      operationId,
      decision,
      fault,
      onRecordFailure: deps.onRecordFailure,
    });
    if (decision.allowed) {
      next();
      return;
    }
    // The storm's 429 (or a fault's 503) is the proxy's own answer: own-limit-headers.ts gives it its X-RateLimit-*.
    const retryAfter = formatRetryAfter(decision.retryAfterSeconds, deps.settings().retryAfterFormat, nowMs);
    if (decision.reason === 'unavailable')
      throw unavailableError(decision.retryAfterSeconds, retryAfter, 'a simulated fault, answered by the proxy');
    throw new HttpError(
      'RATE_LIMITED',
      `Too many requests right now (a simulated 429 storm, answered by the proxy). Retry after ${decision.retryAfterSeconds} s.`,
      { 'Retry-After': retryAfter },
    );
  };
}

// One decision per API request of a known key, in the spec's order: a ban first, then any 429
// storm or fault that covers it, then the key's own limits. Pure: state in, decision and new state out.
import { type AnswerFault, answerFaultOf, isFault } from './faults.js';
import type { PlanLimits } from './plans.js';
import {
  type BanPolicy,
  currentCounters,
  type Decision,
  evaluateCurrent,
  type KeyCounters,
  type RateLimitHeaders,
  rateLimitHeaders,
} from './rate-limit-policy.js';
import { applyStorm, type Storm, stormCovers } from './storms.js';

/** The policy's decision, or a refusal by a storm, or a fault's 503. */
export type RequestDecision =
  | Decision
  | { allowed: false; reason: 'storm'; stormId: string; retryAfterSeconds: number }
  | { allowed: false; reason: 'unavailable'; faultId: string; retryAfterSeconds: number };

/** What a request brings to its decision; the state holds the rest (the key's counters, the storms). */
export type DecisionInput = {
  key: string;
  operationId: string | undefined;
  limits: PlanLimits;
  ban: BanPolicy;
  nowMs: number;
};

export type DecisionOutput = {
  decision: RequestDecision;
  counters: KeyCounters;
  headers: RateLimitHeaders;
  /** Storms (and faults) whose counts changed. */
  storms: Storm[];
  /** A fault that breaks whatever answer the request gets (its connection reset, cut, or stalled). */
  fault?: AnswerFault;
};

// The state's part comes as arguments, not spread into a copy of the input: a spread copy of the
// input cost more than the whole decision, on every request.
export function decideRequest(
  input: DecisionInput,
  previous: KeyCounters | undefined,
  currentStorms: readonly Storm[],
): DecisionOutput {
  const { nowMs, limits } = input;
  const counters = currentCounters(previous, nowMs);
  // A banned key is refused by the policy itself, before any storm counts the request.
  if (counters.bannedUntilMs !== undefined)
    return { ...evaluateCurrent(counters, limits, nowMs, input.ban), storms: [] };
  // A storm (or fault) counts every request it covers; its refusals use no quota and never lead
  // to a ban. The first that chooses the request decides what becomes of it; a fault that breaks
  // the answer's connection does so to whatever answer the request gets.
  const storms: Storm[] = [];
  let refusal: RequestDecision | undefined;
  let fault: AnswerFault | undefined;
  for (const storm of currentStorms) {
    if (!stormCovers(storm, input.key, input.operationId, nowMs)) continue;
    const outcome = applyStorm(storm, nowMs);
    storms.push(outcome.storm);
    if (!outcome.refuse) continue;
    const { retryAfterSeconds } = outcome;
    if (!isFault(storm)) refusal ??= { allowed: false, reason: 'storm', stormId: storm.id, retryAfterSeconds };
    else if (storm.fault === 'unavailable')
      refusal ??= { allowed: false, reason: 'unavailable', faultId: storm.id, retryAfterSeconds };
    else fault ??= answerFaultOf(storm);
  }
  let output: DecisionOutput;
  if (refusal) output = { decision: refusal, counters, headers: rateLimitHeaders(counters, limits), storms };
  else {
    const evaluation = evaluateCurrent(counters, limits, nowMs, input.ban);
    output = { decision: evaluation.decision, counters: evaluation.counters, headers: evaluation.headers, storms };
  }
  if (fault) output.fault = fault;
  return output;
}

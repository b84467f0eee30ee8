// A LimitState that keeps the counters and records of at most `maxSubjects` subjects (API keys
// and client addresses): past that, the one least recently seen is forgotten. For a state whose
// subjects are anyone's (the validation proxy's, where any key a client sends is one), never for
// the mock's, whose keys are those of its data and whose limits stay exact.
import { keySubject, type LimitState } from './limit-state.js';

export type SubjectBound = {
  /** Subjects kept; Number.POSITIVE_INFINITY keeps every one (the state is then used as it is). */
  maxSubjects: number;
  /** Told when a subject could not be forgotten (a shared state out of reach): it stays stored. */
  onForgetFailure: (error: unknown) => void;
};

export function boundLimitState(state: LimitState, bound: SubjectBound): LimitState {
  if (bound.maxSubjects === Number.POSITIVE_INFINITY) return state;
  // Subject -> the API key whose record goes with it (none for an address). A Map keeps insertion
  // order, and each use inserts its subject anew: the first entry is the least recently used.
  const seen = new Map<string, string | undefined>();

  const forget = async (subject: string, key: string | undefined) => {
    await state.resetCounters(subject);
    if (key !== undefined) await state.clearRequests(key);
  };

  /** Marks a subject used now; resolves once those pushed past the bound are forgotten. */
  const use = async (subject: string, key?: string) => {
    seen.delete(subject);
    seen.set(subject, key);
    const forgotten: Promise<void>[] = [];
    for (const [oldest, oldestKey] of seen) {
      if (seen.size <= bound.maxSubjects) break;
      seen.delete(oldest);
      forgotten.push(forget(oldest, oldestKey).catch(bound.onForgetFailure));
    }
    await Promise.all(forgotten);
  };

  return {
    ...state,
    // Marked with the call, not after it: a subject stored by a call that failed halfway is still
    // one the bound knows of, and to a shared state the two go out in one round trip.
    async decide(input) {
      const [outcome] = await Promise.all([state.decide(input), use(keySubject(input.key), input.key)]);
      return outcome;
    },
    async countAnonymous(subject, limits, nowMs) {
      const [headers] = await Promise.all([state.countAnonymous(subject, limits, nowMs), use(subject)]);
      return headers;
    },
    async recordRequest(key, request) {
      await Promise.all([state.recordRequest(key, request), use(keySubject(key), key)]);
    },
  };
}

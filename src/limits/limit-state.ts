// Where the limiter keeps its counters: behind this small interface, so that a store shared by
// several mock instances can replace the in-memory one without touching the policy.
import type { KeyCounters } from './rate-limit-policy.js';

export type LimitState = {
  counters(subject: string): KeyCounters | undefined;
  saveCounters(subject: string, counters: KeyCounters): void;
  /** Forgets the counters (and limits and bans) of one subject, or of all. */
  resetCounters(subject?: string): void;
  allCounters(): IterableIterator<[string, KeyCounters]>;
};

export function createInMemoryLimitState(): LimitState {
  const counters = new Map<string, KeyCounters>();
  return {
    counters: (subject) => counters.get(subject),
    saveCounters: (subject, value) => {
      counters.set(subject, value);
    },
    resetCounters: (subject) => {
      if (subject === undefined) counters.clear();
      else counters.delete(subject);
    },
    allCounters: () => counters.entries(),
  };
}

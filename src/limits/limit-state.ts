// Where the simulation keeps its state: rate-limit counters and bans, storms and the request
// record, behind one small interface, so that a store shared by several mock instances can
// replace the in-memory one without touching the policy.
import type { KeyCounters } from './rate-limit-policy.js';
import { REQUEST_RECORD_LIMIT, type RecordedRequest } from './request-record.js';
import type { Storm } from './storms.js';

/** The counters of an API key; those of requests without a valid key go by client address. */
export function keySubject(key: string): string {
  return `key:${key}`;
}

export type LimitState = {
  counters(subject: string): KeyCounters | undefined;
  saveCounters(subject: string, counters: KeyCounters): void;
  /** Forgets the counters (and limits and bans) of one subject, or of all. */
  resetCounters(subject?: string): void;
  allCounters(): IterableIterator<[string, KeyCounters]>;

  storms(): readonly Storm[];
  saveStorm(storm: Storm): void;
  removeStorm(id: string): boolean;
  clearStorms(): void;

  /** Appends to a key's record, dropping the oldest past REQUEST_RECORD_LIMIT. */
  recordRequest(key: string, request: Omit<RecordedRequest, 'index' | 'at'>): void;
  /** A key's newest requests (at most `newest`, and at most REQUEST_RECORD_LIMIT), oldest first. */
  requests(key: string, newest?: number): readonly RecordedRequest[];
  clearRequests(key?: string): void;
};

export function createInMemoryLimitState(): LimitState {
  const counters = new Map<string, KeyCounters>();
  const storms = new Map<string, Storm>();
  let stormList: readonly Storm[] | undefined;
  // Kept without the ISO time: it is written out only when the record is read, which is rare.
  const records = new Map<string, { next: number; requests: Array<Omit<RecordedRequest, 'at'>> }>();
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

    // Read on every request: the list is kept, and rebuilt only when a storm changes.
    storms: () => (stormList ??= [...storms.values()]),
    saveStorm: (storm) => {
      storms.set(storm.id, storm);
      stormList = undefined;
    },
    removeStorm: (id) => {
      stormList = undefined;
      return storms.delete(id);
    },
    clearStorms: () => {
      storms.clear();
      stormList = undefined;
    },

    recordRequest(key, request) {
      const record = records.get(key) ?? { next: 1, requests: [] };
      record.requests.push({ index: record.next, ...request });
      record.next += 1;
      // The oldest are dropped in bulk, once the list is twice the limit: dropping one per
      // request moved a thousand entries every time.
      if (record.requests.length >= 2 * REQUEST_RECORD_LIMIT) {
        record.requests.splice(0, record.requests.length - REQUEST_RECORD_LIMIT);
      }
      records.set(key, record);
    },
    requests: (key, newest = REQUEST_RECORD_LIMIT) =>
      (records.get(key)?.requests ?? [])
        .slice(-Math.min(newest, REQUEST_RECORD_LIMIT))
        .map((request) => ({ ...request, at: new Date(request.atMs).toISOString() })),
    clearRequests: (key) => {
      if (key === undefined) records.clear();
      else records.delete(key);
    },
  };
}

// The limits' state in this process's memory. No operation awaits anything: each runs to its end
// before its promise is returned, so a decision reads and writes its counters in one step, and
// requests under way together never decide on the same counters.
import { decideRequest } from './decide-request.js';
import { keySubject, type LimitState } from './limit-state.js';
import { countAnonymousRequest, type KeyCounters, withBan, withoutBan, withWindows } from './rate-limit-policy.js';
import { REQUEST_RECORD_LIMIT, type RecordedRequest } from './request-record.js';
import type { Storm } from './storms.js';

export function createInMemoryLimitState(): LimitState {
  const counters = new Map<string, KeyCounters>();
  const storms = new Map<string, Storm>();
  // Read on every request: the list is kept, and rebuilt only when a storm changes.
  let stormList: readonly Storm[] | undefined;
  const currentStorms = () => (stormList ??= [...storms.values()]);
  const putStorm = (storm: Storm) => {
    storms.set(storm.id, storm);
    stormList = undefined;
  };
  // Kept without the ISO time: it is written out only when the record is read, which is rare.
  const records = new Map<string, { next: number; requests: Array<Omit<RecordedRequest, 'at'>> }>();

  return {
    async decide(input) {
      const subject = keySubject(input.key);
      const outcome = decideRequest(input, counters.get(subject), currentStorms());
      counters.set(subject, outcome.counters);
      for (const storm of outcome.storms) putStorm(storm);
      return outcome;
    },
    async countAnonymous(subject, limits, nowMs) {
      const outcome = countAnonymousRequest(counters.get(subject), limits, nowMs);
      counters.set(subject, outcome.counters);
      return outcome.headers;
    },
    counters: async (subject) => counters.get(subject),
    async ban(subject, untilMs, nowMs) {
      counters.set(subject, withBan(counters.get(subject), untilMs, nowMs));
    },
    async liftBan(subject, nowMs) {
      counters.set(subject, withoutBan(counters.get(subject), nowMs));
    },
    async setWindows(subject, windows, nowMs) {
      counters.set(subject, withWindows(counters.get(subject), windows, nowMs));
    },
    async resetCounters(subject) {
      if (subject === undefined) counters.clear();
      else counters.delete(subject);
    },

    storms: async () => currentStorms(),
    saveStorm: async (storm) => putStorm(storm),
    async removeStorm(id) {
      stormList = undefined;
      return storms.delete(id);
    },
    async clearStorms(which = () => true) {
      for (const storm of currentStorms()) if (which(storm)) storms.delete(storm.id);
      stormList = undefined;
    },

    async recordRequest(key, request) {
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
    requests: async (key, newest = REQUEST_RECORD_LIMIT) =>
      (records.get(key)?.requests ?? [])
        .slice(-Math.min(newest, REQUEST_RECORD_LIMIT))
        .map((request) => ({ ...request, at: new Date(request.atMs).toISOString() })),
    async clearRequests(key) {
      if (key === undefined) records.clear();
      else records.delete(key);
    },
  };
}

// The request record: what each key's client did, read back as a list, as the latest requests
// of every key, as a compliance report, and as the timeline the dashboard draws.
import type { Clock } from '../clock.js';
import type { components } from '../generated/control.js';
import { assessCompliance, type ComplianceReport } from '../limits/compliance.js';
import type { LimitState } from '../limits/limit-state.js';
import { limitsOf } from '../limits/plans.js';
import { type RecordedRequest, shownRequest } from '../limits/request-record.js';
import { buildTimeline, type Timeline } from '../limits/timeline.js';
import type { DataStore } from '../store/data-store.js';
import { requireKey } from './not-found.js';
import type { SimulationPart } from './simulation-part.js';

type KeyedRequest = components['schemas']['KeyedRequest'];

/** The span a timeline covers when none is asked for (the control contract's default). */
const TIMELINE_MINUTES = 10;

export type RecordControls = {
  requests(key: string): Promise<readonly RecordedRequest[]>;
  clearRequests(key: string): Promise<void>;
  compliance(key: string): Promise<ComplianceReport>;
  /** The key's requests of the last `minutes` of the mock's clock, by outcome, with its waits and bans. */
  timeline(key: string, minutes?: number): Promise<Timeline>;
  /** The latest requests of every key, newest first. */
  recentRequests(limit: number): Promise<KeyedRequest[]>;
};

/** Its reset forgets every key's record. */
export function createRecordControls(deps: {
  data: DataStore;
  state: LimitState;
  clock: Clock;
}): SimulationPart<RecordControls> {
  const { data, state, clock } = deps;
  const controls: RecordControls = {
    async requests(key) {
      await requireKey(data, key);
      return await state.requests(key);
    },
    async clearRequests(key) {
      await requireKey(data, key);
      await state.clearRequests(key);
    },
    async compliance(key) {
      await requireKey(data, key);
      return assessCompliance(key, await state.requests(key));
    },
    async timeline(key, minutes = TIMELINE_MINUTES) {
      const { perMinute } = limitsOf(await requireKey(data, key));
      return buildTimeline({ key, record: await state.requests(key), nowMs: clock.nowMs(), minutes, perMinute });
    },
    async recentRequests(limit) {
      // Each key's record is in time order: its newest `limit` are enough to pick from.
      const keys = await data.read((view) => view.listApiKeys());
      const records = await Promise.all(
        keys.map(async ({ key }) => ({ key, requests: await state.requests(key, limit) })),
      );
      const latest = records.flatMap(({ key, requests }) =>
        requests.map((request) => ({ key, atMs: request.atMs, request: shownRequest(request) })),
      );
      latest.sort((a, b) => b.atMs - a.atMs || b.request.index - a.request.index);
      return latest.slice(0, limit).map(({ key, request }) => ({ ...request, key }));
    },
  };
  return { controls, reset: () => state.clearRequests() };
}

// The request record: what each key's client did, read back as a list, as the latest requests
// of every key, and as a compliance report.
import type { components } from '../generated/control.js';
import { assessCompliance, type ComplianceReport } from '../limits/compliance.js';
import type { LimitState } from '../limits/limit-state.js';
import type { RecordedRequest } from '../limits/request-record.js';
import type { DataStore } from '../store/data-store.js';
import { requireKey } from './not-found.js';
import type { SimulationPart } from './simulation-part.js';

type KeyedRequest = components['schemas']['KeyedRequest'];

export type RecordControls = {
  requests(key: string): Promise<readonly RecordedRequest[]>;
  clearRequests(key: string): Promise<void>;
  compliance(key: string): Promise<ComplianceReport>;
  /** The latest requests of every key, newest first. */
  recentRequests(limit: number): Promise<KeyedRequest[]>;
};

/** Its reset forgets every key's record. */
export function createRecordControls(deps: { data: DataStore; state: LimitState }): SimulationPart<RecordControls> {
  const { data, state } = deps;
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
    async recentRequests(limit) {
      // Each key's record is in time order: its newest `limit` are enough to pick from.
      const keys = await data.read((view) => view.listApiKeys());
      const records = await Promise.all(
        keys.map(async ({ key }) => ({ key, requests: await state.requests(key, limit) })),
      );
      const latest = records.flatMap(({ key, requests }) =>
        requests.map(({ atMs, ...request }) => ({ key, atMs, request })),
      );
      latest.sort((a, b) => b.atMs - a.atMs || b.request.index - a.request.index);
      return latest.slice(0, limit).map(({ key, request }) => ({ ...request, key }));
    },
  };
  return { controls, reset: () => state.clearRequests() };
}

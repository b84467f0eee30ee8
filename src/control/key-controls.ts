// The simulation's keys: their plans and limits (in the DataStore, with the rest of the data),
// and their counters and bans (in the LimitState).
import type { Clock } from '../clock.js';
import type { components } from '../generated/control.js';
import { keySubject, type LimitState } from '../limits/limit-state.js';
import {
  type ApiKeyRecord,
  ENTERPRISE_DEFAULT_LIMITS,
  limitsOf,
  type PlanLimits,
  type PlanName,
} from '../limits/plans.js';
import type { RateLimitSettings } from '../limits/rate-limit-headers.js';
import { currentCounters, type KeyWindows } from '../limits/rate-limit-policy.js';
import type { DataSet } from '../store/data-set.js';
import type { DataStore } from '../store/data-store.js';
import { keyNotFound, requireKey } from './not-found.js';
import type { SimulationPart } from './simulation-part.js';

type WindowUse = components['schemas']['WindowUse'];
type KeyState = components['schemas']['KeyState'];

export type KeyControls = {
  key(key: string): Promise<KeyState>;
  putKey(key: string, plan: PlanName, limits?: PlanLimits): Promise<KeyState>;
  deleteKey(key: string): Promise<void>;
  ban(key: string, seconds?: number): Promise<KeyState>;
  liftBan(key: string): Promise<KeyState>;
  resetCounters(key?: string): Promise<void>;
  /** Sets a key's windows (what it used, when each ends) without a request or a move of the clock. */
  setKeyCounters(key: string, windows: KeyWindows): Promise<KeyState>;
};

export type KeyControlDependencies = {
  /** Where the API keys live (with the rest of the data, which reset() replaces). */
  data: DataStore;
  state: LimitState;
  clock: Clock;
  /** The ban's length when none is given. */
  settings: () => Readonly<RateLimitSettings>;
  createInitialData: () => DataSet | Promise<DataSet>;
};

/** Its reset brings the initial data back (keys included), with no counters. */
export type KeyPart = SimulationPart<KeyControls> & {
  /** Every key, as the state snapshot shows it. */
  describeKeys(): Promise<KeyState[]>;
};

const iso = (ms: number) => new Date(ms).toISOString();

export function createKeyControls(deps: KeyControlDependencies): KeyPart {
  const { data, state, clock } = deps;

  async function describeKey(record: ApiKeyRecord): Promise<KeyState> {
    const nowMs = clock.nowMs();
    const limits = limitsOf(record);
    const counters = currentCounters(await state.counters(keySubject(record.key)), nowMs);
    const use = (limit: number, used: number, startMs: number, sizeMs: number): WindowUse => ({
      limit,
      used,
      remaining: Math.max(0, limit - used),
      resetsAt: iso(startMs + sizeMs),
    });
    return {
      key: record.key,
      plan: record.plan,
      limits,
      minute: use(limits.perMinute, counters.minuteCount, counters.minuteStartMs, 60_000),
      day: use(limits.perDay, counters.dayCount, counters.dayStartMs, 86_400_000),
      limited: counters.limitedUntilMs !== undefined,
      ...(counters.limitedUntilMs === undefined ? {} : { limitedUntil: iso(counters.limitedUntilMs) }),
      requestsWhileLimited: counters.requestsWhileLimited,
      banned: counters.bannedUntilMs !== undefined,
      ...(counters.bannedUntilMs === undefined ? {} : { bannedUntil: iso(counters.bannedUntilMs) }),
    };
  }

  const controls: KeyControls = {
    key: async (key) => describeKey(await requireKey(data, key)),
    async putKey(key, plan, limits) {
      // Enterprise limits are agreed per customer; without any, those of demo-enterprise.
      const chosen = limits ?? (plan === 'enterprise' ? ENTERPRISE_DEFAULT_LIMITS : undefined);
      const record: ApiKeyRecord = chosen ? { key, plan, limits: { ...chosen } } : { key, plan };
      await data.transaction((tx) => tx.putApiKey(record));
      return await describeKey(record);
    },
    async deleteKey(key) {
      await data.transaction(async (tx) => {
        if (!(await tx.findApiKey(key))) throw keyNotFound(key);
        await tx.removeApiKey(key);
      });
      await state.resetCounters(keySubject(key));
      await state.clearRequests(key);
    },
    async ban(key, seconds) {
      const record = await requireKey(data, key);
      const nowMs = clock.nowMs();
      await state.ban(keySubject(key), nowMs + (seconds ?? deps.settings().ban.seconds) * 1000, nowMs);
      return await describeKey(record);
    },
    async liftBan(key) {
      const record = await requireKey(data, key);
      await state.liftBan(keySubject(key), clock.nowMs());
      return await describeKey(record);
    },
    async resetCounters(key) {
      if (key !== undefined) await requireKey(data, key);
      await state.resetCounters(key === undefined ? undefined : keySubject(key));
    },
    async setKeyCounters(key, windows) {
      const record = await requireKey(data, key);
      await state.setWindows(keySubject(key), windows, clock.nowMs());
      return await describeKey(record);
    },
  };

  return {
    controls,
    describeKeys: async () => Promise.all((await data.read((view) => view.listApiKeys())).map(describeKey)),
    async reset() {
      await data.replaceAll(await deps.createInitialData());
      await state.resetCounters();
    },
  };
}

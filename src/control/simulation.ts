// The simulation's controls in one place: keys and plans, bans, counters, storms, latency,
// settings, the clock, the request record and reset. The control API (/__mock) and the
// programmatic handle both call these, so whatever one can do, the other can too.
import { randomUUID } from 'node:crypto';
import type { Clock, ClockState } from '../clock.js';
import type { components } from '../generated/control.js';
import { type Latency, validateLatency } from '../http/latency.js';
import type { RateLimitSettings, RetryAfterFormat } from '../http/rate-limit-headers.js';
import { assessCompliance, type ComplianceReport } from '../limits/compliance.js';
import { keySubject, type LimitState } from '../limits/limit-state.js';
import {
  type ApiKeyRecord,
  ENTERPRISE_DEFAULT_LIMITS,
  limitsOf,
  type PlanLimits,
  type PlanName,
} from '../limits/plans.js';
import { type BanPolicy, currentCounters } from '../limits/rate-limit-policy.js';
import type { RecordedRequest } from '../limits/request-record.js';
import { createStorm, isStormOver, type Storm, type StormSpec } from '../limits/storms.js';
import type { DataSet } from '../store/data-set.js';
import type { DataStore } from '../store/data-store.js';

type ControlSchemas = components['schemas'];
export type WindowUse = ControlSchemas['WindowUse'];
export type KeyState = ControlSchemas['KeyState'];
export type StormState = ControlSchemas['Storm'];
export type SimulationSnapshot = Omit<ControlSchemas['State'], 'controlApi'>;
export type KeyedRequest = ControlSchemas['KeyedRequest'];

export class NotFoundError extends Error {
  constructor(
    readonly code: 'KEY_NOT_FOUND' | 'STORM_NOT_FOUND',
    message: string,
  ) {
    super(message);
    this.name = 'NotFoundError';
  }
}

export type Simulation = {
  state(): Promise<SimulationSnapshot>;
  key(key: string): Promise<KeyState>;
  putKey(key: string, plan: PlanName, limits?: PlanLimits): Promise<KeyState>;
  deleteKey(key: string): Promise<void>;
  ban(key: string, seconds?: number): Promise<KeyState>;
  liftBan(key: string): Promise<KeyState>;
  resetCounters(key?: string): Promise<void>;
  startStorm(spec?: StormSpec): Promise<StormState>;
  stopStorm(id: string): Promise<void>;
  stopStorms(): Promise<void>;
  storms(): Promise<StormState[]>;
  setLatency(latency: Latency): Latency;
  clearLatency(): void;
  latency(): Latency | undefined;
  settings(): Readonly<RateLimitSettings>;
  updateSettings(change: {
    retryAfterFormat?: RetryAfterFormat;
    ban?: Partial<BanPolicy>;
  }): Readonly<RateLimitSettings>;
  clock(): ClockState;
  moveClock(change: { now?: Date; advanceSeconds?: number; frozen?: boolean }): ClockState;
  requests(key: string): Promise<readonly RecordedRequest[]>;
  clearRequests(key: string): Promise<void>;
  compliance(key: string): Promise<ComplianceReport>;
  /** The latest requests of every key, newest first. */
  recentRequests(limit: number): Promise<KeyedRequest[]>;
  /** Applies the start options (keys, storm, latency); done at start and by reset(). */
  applyStart(): Promise<void>;
  reset(): Promise<void>;
};

/** What `serve` options set up at start, and what a reset brings back. */
export type SimulationStart = {
  keys?: ReadonlyArray<{ key: string; plan: PlanName; limits?: PlanLimits }>;
  storm?: StormSpec;
  latency?: Latency;
};

export type SimulationDependencies = {
  /** Where the API keys live (with the rest of the data, which reset() replaces). */
  data: DataStore;
  state: LimitState;
  clock: Clock;
  initialSettings: RateLimitSettings;
  createInitialData: () => DataSet | Promise<DataSet>;
  start?: SimulationStart;
};

const iso = (ms: number) => new Date(ms).toISOString();

export function createSimulation(deps: SimulationDependencies): Simulation {
  const { data, state, clock } = deps;
  // Replaced, never mutated, and frozen: the limiter reads it on every request without copying.
  const freezeSettings = (value: RateLimitSettings): Readonly<RateLimitSettings> =>
    Object.freeze({ retryAfterFormat: value.retryAfterFormat, ban: Object.freeze({ ...value.ban }) });
  let settings = freezeSettings(deps.initialSettings);
  let latency: Latency | undefined;

  const keyNotFound = (key: string) =>
    new NotFoundError(
      'KEY_NOT_FOUND',
      `No API key "${key}". Create it with PUT /__mock/keys/${encodeURIComponent(key)}.`,
    );

  async function findRecord(key: string): Promise<ApiKeyRecord> {
    const record = await data.read((view) => view.findApiKey(key));
    if (!record) throw keyNotFound(key);
    return record;
  }

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

  function describeStorm(storm: Storm): StormState {
    const { startedAtMs, endsAtMs, ...rest } = storm;
    return {
      ...rest,
      startedAt: iso(startedAtMs),
      ...(endsAtMs === undefined ? {} : { endsAt: iso(endsAtMs) }),
      running: !isStormOver(storm, clock.nowMs()),
    };
  }

  const simulation: Simulation = {
    state: async () => {
      const keys = await data.read((view) => view.listApiKeys());
      return {
        clock: { now: clock.now().toISOString(), frozen: clock.state().frozen },
        keys: await Promise.all(keys.map(describeKey)),
        storms: await simulation.storms(),
        ...(latency ? { latency } : {}),
        settings,
      };
    },
    key: async (key) => describeKey(await findRecord(key)),

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
      const record = await findRecord(key);
      const nowMs = clock.nowMs();
      await state.ban(keySubject(key), nowMs + (seconds ?? settings.ban.seconds) * 1000, nowMs);
      return await describeKey(record);
    },
    async liftBan(key) {
      const record = await findRecord(key);
      await state.liftBan(keySubject(key), clock.nowMs());
      return await describeKey(record);
    },
    async resetCounters(key) {
      if (key === undefined) {
        await state.resetCounters();
        return;
      }
      await findRecord(key);
      await state.resetCounters(keySubject(key));
    },

    async startStorm(spec = {}) {
      const storm = createStorm(randomUUID().slice(0, 8), spec, clock.nowMs());
      await state.saveStorm(storm);
      return describeStorm(storm);
    },
    async stopStorm(id) {
      if (!(await state.removeStorm(id)))
        throw new NotFoundError('STORM_NOT_FOUND', `No storm has id "${id}". List them with GET /__mock/storms.`);
    },
    stopStorms: () => state.clearStorms(),
    storms: async () => (await state.storms()).map(describeStorm),

    setLatency(next) {
      latency = validateLatency(next);
      return latency;
    },
    clearLatency() {
      latency = undefined;
    },
    latency: () => latency,

    settings: () => settings,
    updateSettings(change) {
      settings = freezeSettings({
        retryAfterFormat: change.retryAfterFormat ?? settings.retryAfterFormat,
        ban: {
          threshold: change.ban?.threshold ?? settings.ban.threshold,
          seconds: change.ban?.seconds ?? settings.ban.seconds,
        },
      });
      return settings;
    },

    clock: () => clock.state(),
    moveClock(change) {
      if (change.now !== undefined) clock.set(change.now);
      if (change.advanceSeconds !== undefined) clock.advance(change.advanceSeconds);
      if (change.frozen !== undefined) clock.freeze(change.frozen);
      return clock.state();
    },

    requests: async (key) => {
      await findRecord(key);
      return await state.requests(key);
    },
    clearRequests: async (key) => {
      await findRecord(key);
      await state.clearRequests(key);
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
    compliance: async (key) => {
      await findRecord(key);
      return assessCompliance(key, await state.requests(key));
    },

    async applyStart() {
      for (const { key, plan, limits } of deps.start?.keys ?? []) await simulation.putKey(key, plan, limits);
      if (deps.start?.storm) await simulation.startStorm(deps.start.storm);
      if (deps.start?.latency) simulation.setLatency(deps.start.latency);
    },

    async reset() {
      await data.replaceAll(await deps.createInitialData());
      await state.resetCounters();
      await state.clearStorms();
      await state.clearRequests();
      latency = undefined;
      settings = freezeSettings(deps.initialSettings);
      clock.reset();
      await simulation.applyStart();
    },
  };
  return simulation;
}

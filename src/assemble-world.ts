// How the server makes a world (world.ts): the default one is the data file's, with the start
// options; each scope's is made by its first request from the shared fixtures (spec/control.yaml,
// "Scopes"), in memory. With --redis every world's parts live in Redis instead (assembleRedisWorld).
import { createKeyDirectory } from './auth/key-directory.js';
import { type Clock, type ClockSettings, createClock, createInMemoryClockSettings } from './clock.js';
import { initialSimulationSettings, type SimulationSettings } from './control/settings-controls.js';
import { createSimulation, type SimulationStart } from './control/simulation.js';
import { createInMemoryLimitState } from './limits/in-memory-limit-state.js';
import type { LimitState } from './limits/limit-state.js';
import type { RateLimitSettings } from './limits/rate-limit-headers.js';
import type { ChangeFeed } from './redis/change-feed.js';
import type { LiveScope } from './redis/live-scope.js';
import type { RedisConnection } from './redis/redis-connection.js';
import { createRedisDataStore, dataKeys } from './redis/redis-data-store.js';
import { createRedisLimitState } from './redis/redis-limit-state.js';
import { createRedisSharedValues, sharedValueKeys } from './redis/redis-shared-values.js';
import { createRedisViolationLog } from './redis/redis-violation-log.js';
import { createCopyOnWriteDataStore } from './store/copy-on-write-data-store.js';
import type { DataSet } from './store/data-set.js';
import type { DataStore } from './store/data-store.js';
import type { SharedValue } from './store/shared-value.js';
import { createViolationLog, MAX_VIOLATIONS, type ViolationLog } from './store/violation-log.js';
import type { World } from './world.js';

export type WorldParts = {
  data: DataStore;
  clock: Clock;
  initialSettings: RateLimitSettings;
  /** The data a reset brings back. */
  createInitialData: () => DataSet | Promise<DataSet>;
  start?: SimulationStart;
  /** Counters, bans, storms and records: this process's memory unless given. */
  limitState?: LimitState;
  /** Latency and settings: this process's memory unless given. */
  settingsStore?: SharedValue<SimulationSettings>;
  /** A proxy's violations: this process's memory unless given. */
  violations?: ViolationLog;
  refresh?: () => Promise<void>;
  /** Looks again for a key not found: a shared store asks for changes it may not have been told of yet. */
  confirmMissingKey?: () => Promise<void>;
};

export function assembleWorld(parts: WorldParts): World {
  const { data, clock } = parts;
  const limitState = parts.limitState ?? createInMemoryLimitState();
  const simulation = createSimulation({
    data,
    state: limitState,
    clock,
    initialSettings: parts.initialSettings,
    createInitialData: parts.createInitialData,
    start: parts.start,
    ...(parts.settingsStore ? { settingsStore: parts.settingsStore } : {}),
    ...(parts.refresh ? { refresh: parts.refresh } : {}),
  });
  return {
    data,
    clock,
    limitState,
    simulation,
    keys: createKeyDirectory(data, parts.confirmMissingKey),
    violations: parts.violations ?? createViolationLog(),
    ...(parts.refresh ? { refresh: parts.refresh } : {}),
  };
}

export type RedisWorldParts = {
  connection: RedisConnection;
  prefix: string;
  initialSettings: RateLimitSettings;
  createInitialData: () => DataSet | Promise<DataSet>;
  clockOptions?: { start?: Date; frozen?: boolean };
  start?: SimulationStart;
  log?: (line: string) => void;
  /** Runs first at each refresh (a scope is entered in Redis, made or refused there); true when made anew. */
  enter?: () => Promise<boolean>;
  /** Whether data found missing may be filled from the fixtures (not for a scope dropped meanwhile). */
  mayFill?: () => Promise<boolean>;
  /** Why data may be missing, when it may not be filled. */
  goneReason?: string;
  /** Tells every part of changes made through other processes (see change-feed.ts). */
  feed?: ChangeFeed;
  /** The scope this world is, if one: writes stop once it is dropped. */
  scope?: LiveScope;
};

/**
 * A world whose every part lives in Redis under `prefix`, shared by every process that builds
 * one over the same prefix. Its first refresh stores the settings' start values where none are
 * stored yet; data missing under the prefix is filled from the fixtures when first read.
 */
export function assembleRedisWorld(parts: RedisWorldParts): World & { storeStartValues(): Promise<void> } {
  const { connection, prefix, feed } = parts;
  const values = createRedisSharedValues(connection, prefix, feed, parts.scope);
  const clock = createClock({
    ...parts.clockOptions,
    settings: values.value<ClockSettings>('clock', { offsetMs: 0 }),
    keepStoredSettings: true,
  });
  const settingsStore = values.value('simulation', initialSimulationSettings(parts.initialSettings));
  const data = createRedisDataStore(connection, prefix, {
    dataWhenEmpty: async () => (!parts.mayFill || (await parts.mayFill()) ? parts.createInitialData() : undefined),
    ...(parts.goneReason ? { goneReason: parts.goneReason } : {}),
    ...(feed ? { feed } : {}),
    ...(parts.scope ? { scope: parts.scope } : {}),
    onFilled: () =>
      parts.log?.(`Redis at ${connection.where} held no data under "${prefix}": filled it from the fixtures.`),
  });
  // Once per world (the start and the first request share it), again only after a failure.
  let started: Promise<void> | undefined;
  const storeStartValues = () =>
    (started ??= values.storeInitial(false).catch((error: unknown) => {
      started = undefined;
      throw error;
    }));
  const catchUp = async () => {
    await Promise.all([values.reload(), data.catchUp()]);
  };
  const refresh = async () => {
    // A scope made anew has none of the state this process's copies hold: they ask Redis now.
    const madeAnew = parts.enter ? await parts.enter() : false;
    await storeStartValues();
    if (madeAnew) await catchUp();
    else await values.refresh();
  };
  const stored = dataKeys(prefix);
  // Each decision checks the settings and key it was computed on, and tells the versions it saw.
  const limitState = createRedisLimitState(connection, prefix, {
    fence: {
      keys: {
        settingsVersion: sharedValueKeys(prefix).version,
        dataVersion: stored.version,
        meta: stored.meta,
        apiKeys: stored.apiKeys,
      },
      settingsVersion: values.knownVersion,
      apiKeyJson: data.apiKeyJsonNow,
      observe(stamps) {
        values.noteVersion(stamps.settingsVersion);
        data.noteVersion(stamps.dataVersion, stamps.generation);
      },
      catchUp,
    },
    ...(parts.scope ? { scope: parts.scope } : {}),
  });
  const world = assembleWorld({
    data,
    clock,
    initialSettings: parts.initialSettings,
    createInitialData: parts.createInitialData,
    ...(parts.start ? { start: parts.start } : {}),
    limitState,
    settingsStore,
    violations: createRedisViolationLog(connection, prefix, MAX_VIOLATIONS, parts.scope),
    refresh,
    confirmMissingKey: catchUp,
  });
  const release = () => {
    values.close();
    data.stopListening();
  };
  return { ...world, release, storeStartValues };
}

/**
 * A scope's world, the same for every scope: the fixtures (frozen, shared by all scopes, copied
 * list by list as it writes), the clock at real time, no storm, no latency, the server's settings.
 */
export function createScopeWorld(fixtures: DataSet, initialSettings: RateLimitSettings): World {
  return assembleWorld({
    data: createCopyOnWriteDataStore(fixtures),
    clock: createClock({ settings: createInMemoryClockSettings() }),
    initialSettings,
    createInitialData: () => fixtures,
  });
}

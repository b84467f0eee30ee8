// How the server makes a world (world.ts): the default one is the data file's, with the start
// options; each scope's is made by its first request from the shared fixtures (spec/control.yaml,
// "Scopes"), in memory. With --redis every world's parts live in Redis instead (redis-state.ts).
import { createKeyDirectory } from '../auth/key-directory.js';
import { type Clock, createClock, createInMemoryClockSettings } from '../clock.js';
import type { SimulationSettings } from '../control/settings-controls.js';
import { createSimulation, type SimulationStart } from '../control/simulation.js';
import { createInMemoryLimitState } from '../limits/in-memory-limit-state.js';
import type { LimitState } from '../limits/limit-state.js';
import type { RateLimitSettings } from '../limits/rate-limit-headers.js';
import { createCopyOnWriteDataStore } from '../store/copy-on-write-data-store.js';
import type { DataSet } from '../store/data-set.js';
import type { DataStore } from '../store/data-store.js';
import type { SharedValue } from '../store/shared-value.js';
import { createViolationLog, type ViolationLog } from '../store/violation-log.js';
import type { World } from '../world.js';

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

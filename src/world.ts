// A world: the data, keys, limits, clock and simulation that one scope sees. The default world is
// the data file's, with the start options; each scope's is made by its first request, in memory,
// from the shared fixtures (spec/control.yaml, "Scopes"). The app runs a request's steps over
// its world's parts, and handlers and policy never know which world they serve.
import { createKeyDirectory, type KeyDirectory } from './auth/key-directory.js';
import { type Clock, createClock, createInMemoryClockSettings } from './clock.js';
import { createSimulation, type Simulation, type SimulationStart } from './control/simulation.js';
import type { RateLimitSettings } from './http/rate-limit-headers.js';
import { createInMemoryLimitState } from './limits/in-memory-limit-state.js';
import type { LimitState } from './limits/limit-state.js';
import { createViolationLog, type ViolationLog } from './proxy/violation-log.js';
import { createCopyOnWriteDataStore } from './store/copy-on-write-data-store.js';
import type { DataSet } from './store/data-set.js';
import type { DataStore } from './store/data-store.js';

export type World = {
  data: DataStore;
  clock: Clock;
  limitState: LimitState;
  simulation: Simulation;
  keys: KeyDirectory;
  /** The contract violations a proxy saw in this world (a mock's stays empty). */
  violations: ViolationLog;
};

export type WorldParts = {
  data: DataStore;
  clock: Clock;
  initialSettings: RateLimitSettings;
  /** The data a reset brings back. */
  createInitialData: () => DataSet | Promise<DataSet>;
  start?: SimulationStart;
};

export function assembleWorld(parts: WorldParts): World {
  const { data, clock } = parts;
  const limitState = createInMemoryLimitState();
  const simulation = createSimulation({
    data,
    state: limitState,
    clock,
    initialSettings: parts.initialSettings,
    createInitialData: parts.createInitialData,
    start: parts.start,
  });
  return { data, clock, limitState, simulation, keys: createKeyDirectory(data), violations: createViolationLog() };
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

// Where a mock's worlds live, and how its start and close go for them. Here: the default world
// over the data file (or in memory), the scopes in memory over the shared fixtures. With --redis
// every world lives in Redis instead (redis-state.ts, which only such a start loads).

import { createClock, createInMemoryClockSettings } from '../clock.js';
import type { Simulation } from '../control/simulation.js';
import type { RateLimitSettings } from '../limits/rate-limit-headers.js';
import { createScopeRegistry, type ScopeRegistry } from '../scopes/scope-registry.js';
import { createStore, IN_MEMORY, type Store } from '../store/create-store.js';
import { type DataSet, formatListsOf, type KeyFields } from '../store/data-set.js';
import { dataStoreOf } from '../store/lowdb-data-store.js';
import type { World } from '../world.js';
import { assembleWorld, createScopeWorld } from './assemble-world.js';
import type { Config } from './config.js';

export type StateParts = {
  initialSettings: RateLimitSettings;
  createInitialData: () => DataSet;
  fixtures: DataSet;
  /** What is wrong with the records of a data file (the contract's check). */
  checkRecords: (data: DataSet) => string[];
  /** A fingerprint of what that check checks against (the contracts). */
  checkedAgainst: () => string;
  /** The field that keys each collection's records (the contract's), for a store that files them by key. */
  keyFields: KeyFields;
};

/** The default world and the scopes, where they live, and how a start and a close go for them. */
export type OpenState = {
  defaultWorld: World;
  scopes: ScopeRegistry<World>;
  store: Store | undefined;
  location: string;
  /** Applies the start options once the app is ready. */
  started(simulation: Simulation): Promise<void>;
  close(): Promise<void>;
};

/** The data file (lowdb) for the default scope, and scopes in memory over the shared fixtures. */
export async function openFileState(config: Config, parts: StateParts): Promise<OpenState> {
  const clock = createClock({
    start: config.clockStart,
    frozen: config.clockFrozen,
    settings: createInMemoryClockSettings(),
  });
  const store = await createStore({
    location: config.data,
    reset: config.reset,
    createInitialData: parts.createInitialData,
    checkRecords: parts.checkRecords,
    lists: formatListsOf(parts.fixtures),
    ...(config.data === IN_MEMORY ? {} : { checkedAgainst: parts.checkedAgainst() }),
    ...(config.watch ? { watch: { log: config.log, keyFields: parts.keyFields } } : {}),
    log: config.log,
  });
  const defaultWorld = assembleWorld({
    data: dataStoreOf(store),
    clock,
    initialSettings: parts.initialSettings,
    createInitialData: parts.createInitialData,
    start: config.start,
  });
  const scopes = createScopeRegistry<World>({
    createWorld: () => createScopeWorld(parts.fixtures, parts.initialSettings),
    maxScopes: config.maxScopes,
    idleSeconds: config.scopeIdleSeconds,
  });
  return {
    defaultWorld,
    scopes,
    store,
    location: store.location,
    started: (simulation) => simulation.applyStart(),
    close: async () => undefined,
  };
}

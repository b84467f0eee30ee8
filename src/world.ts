// A world: the data, keys, limits, clock and simulation that one scope sees (the default one, or
// a scope's). The app runs a request's steps over its world's parts, and handlers and policy never
// know which world they serve; assemble-world.ts makes them.
import type { KeyDirectory } from './auth/key-directory.js';
import type { Clock } from './clock.js';
import type { Simulation } from './control/simulation.js';
import type { LimitState } from './limits/limit-state.js';
import type { DataStore } from './store/data-store.js';
import type { ViolationLog } from './store/violation-log.js';

export type World = {
  data: DataStore;
  clock: Clock;
  limitState: LimitState;
  simulation: Simulation;
  keys: KeyDirectory;
  /** The contract violations a proxy saw in this world (a mock's stays empty). */
  violations: ViolationLog;
  /** Brings shared state up to date at the start of a request (Redis); absent in memory. */
  refresh?: () => Promise<void>;
  /** Stops hearing of shared changes (Redis), once this process lets the world go. */
  release?: () => void;
};

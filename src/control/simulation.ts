// The simulation's controls in one place, assembled from its parts: keys and bans
// (key-controls.ts), storms, faults, latency and settings, the clock, and the request record; plus the
// state snapshot, the start options and reset, which go through every part. The control API
// (/__mock) and the programmatic handle both call this, so whatever one can do, the other can too.
import type { Clock } from '../clock.js';
import type { components } from '../generated/control.js';
import type { Latency } from '../http/latency.js';
import type { FaultSpec } from '../limits/faults.js';
import type { LimitState } from '../limits/limit-state.js';
import type { PlanLimits, PlanName } from '../limits/plans.js';
import type { RateLimitSettings } from '../limits/rate-limit-headers.js';
import type { StormSpec } from '../limits/storms.js';
import type { DataSet } from '../store/data-set.js';
import type { DataStore } from '../store/data-store.js';
import type { SharedValue } from '../store/shared-value.js';
import { type ClockControls, createClockControls } from './clock-controls.js';
import { createFaultControls, type FaultControls } from './fault-controls.js';
import { createKeyControls, type KeyControls } from './key-controls.js';
import { createRecordControls, type RecordControls } from './record-controls.js';
import { createSettingsControls, type SettingsControls, type SimulationSettings } from './settings-controls.js';
import { createStormControls, type StormControls } from './storm-controls.js';

// The control API's handlers take the simulation's failure from here, with the simulation.
export { NotFoundError } from './not-found.js';

type SimulationSnapshot = Omit<components['schemas']['State'], 'controlApi'>;

export type Simulation = KeyControls &
  StormControls &
  FaultControls &
  SettingsControls &
  ClockControls &
  RecordControls & {
    state(): Promise<SimulationSnapshot>;
    /** Applies the start options (keys, storm, fault, latency); done at start and by reset(). */
    applyStart(): Promise<void>;
    reset(): Promise<void>;
    /** Brings shared state up to date before a control request acts on it (see SimulationDependencies). */
    refresh(): Promise<void>;
  };

/** What `serve` options set up at start, and what a reset brings back. */
export type SimulationStart = {
  keys?: ReadonlyArray<{ key: string; plan: PlanName; limits?: PlanLimits }>;
  storm?: StormSpec;
  fault?: FaultSpec;
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
  /** Where latency and settings are kept: this process's memory unless given. */
  settingsStore?: SharedValue<SimulationSettings>;
  /** Brings shared state up to date before a control request acts (Redis); nothing to do in memory. */
  refresh?: () => Promise<void>;
};

export function createSimulation(deps: SimulationDependencies): Simulation {
  const { data, state, clock } = deps;
  const settings = createSettingsControls(deps.initialSettings, deps.settingsStore);
  const keys = createKeyControls({
    data,
    state,
    clock,
    settings: settings.controls.settings,
    createInitialData: deps.createInitialData,
  });
  const storms = createStormControls({ state, clock });
  const faults = createFaultControls({ state, clock });
  const clockControls = createClockControls(clock);
  const record = createRecordControls({ data, state, clock });
  const parts = [keys, storms, faults, record, settings, clockControls];

  const simulation: Simulation = {
    ...keys.controls,
    ...storms.controls,
    ...faults.controls,
    ...settings.controls,
    ...clockControls.controls,
    ...record.controls,
    async state() {
      const latency = settings.controls.latency();
      return {
        clock: { now: clock.now().toISOString(), frozen: clock.state().frozen },
        keys: await keys.describeKeys(),
        storms: await storms.controls.storms(),
        faults: await faults.controls.faults(),
        ...(latency ? { latency } : {}),
        settings: settings.controls.settings(),
      };
    },
    async applyStart() {
      for (const { key, plan, limits } of deps.start?.keys ?? []) await keys.controls.putKey(key, plan, limits);
      if (deps.start?.storm) await storms.controls.startStorm(deps.start.storm);
      if (deps.start?.fault) await faults.controls.startFault(deps.start.fault);
      if (deps.start?.latency) await settings.controls.setLatency(deps.start.latency);
    },
    async reset() {
      for (const part of parts) await part.reset();
      await simulation.applyStart();
    },
    refresh: deps.refresh ?? (async () => undefined),
  };
  return simulation;
}

// The simulation's 429 storms: started and stopped by hand, kept in the LimitState, where the
// rate limit counts the requests they cover. The faults share their list (fault-controls.ts):
// each part sees, stops and resets only its own.
import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { components } from '../generated/control.js';
import { isFault } from '../limits/faults.js';
import type { LimitState } from '../limits/limit-state.js';
import { createStorm, isStormOver, type Storm, type StormSpec } from '../limits/storms.js';
import { stormNotFound } from './not-found.js';
import type { SimulationPart } from './simulation-part.js';

type StormState = components['schemas']['Storm'];

export type StormControls = {
  startStorm(spec?: StormSpec): Promise<StormState>;
  stopStorm(id: string): Promise<void>;
  stopStorms(): Promise<void>;
  storms(): Promise<StormState[]>;
};

const iso = (ms: number) => new Date(ms).toISOString();

/** What a storm or a fault covers and has done, with its times as the control API writes them. */
export function describeCovering({ startedAtMs, endsAtMs, ...rest }: Storm, nowMs: number) {
  return {
    ...rest,
    startedAt: iso(startedAtMs),
    ...(endsAtMs === undefined ? {} : { endsAt: iso(endsAtMs) }),
    running: !isStormOver({ startedAtMs, endsAtMs, ...rest }, nowMs),
  };
}

/** Removes the entry `id` of the shared list if `mine` says it is this part's; false if not there. */
export async function removeOwn(state: LimitState, id: string, mine: (storm: Storm) => boolean): Promise<boolean> {
  const found = (await state.storms()).find((storm) => storm.id === id);
  return found !== undefined && mine(found) && (await state.removeStorm(id));
}

const isStorm = (storm: Storm) => !isFault(storm);

export function createStormControls(deps: { state: LimitState; clock: Clock }): SimulationPart<StormControls> {
  const { state, clock } = deps;
  const describeStorm = (storm: Storm): StormState => describeCovering(storm, clock.nowMs());

  return {
    controls: {
      async startStorm(spec = {}) {
        const storm = createStorm(randomUUID().slice(0, 8), spec, clock.nowMs());
        await state.saveStorm(storm);
        return describeStorm(storm);
      },
      async stopStorm(id) {
        if (!(await removeOwn(state, id, isStorm))) throw stormNotFound(id);
      },
      stopStorms: () => state.clearStorms(isStorm),
      storms: async () => (await state.storms()).filter(isStorm).map(describeStorm),
    },
    reset: () => state.clearStorms(isStorm),
  };
}

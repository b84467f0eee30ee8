// The simulation's 429 storms: started and stopped by hand, kept in the LimitState, where the
// rate limit counts the requests they cover.
import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { components } from '../generated/control.js';
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

export function createStormControls(deps: { state: LimitState; clock: Clock }): SimulationPart<StormControls> {
  const { state, clock } = deps;

  function describeStorm(storm: Storm): StormState {
    const { startedAtMs, endsAtMs, ...rest } = storm;
    return {
      ...rest,
      startedAt: iso(startedAtMs),
      ...(endsAtMs === undefined ? {} : { endsAt: iso(endsAtMs) }),
      running: !isStormOver(storm, clock.nowMs()),
    };
  }

  return {
    controls: {
      async startStorm(spec = {}) {
        const storm = createStorm(randomUUID().slice(0, 8), spec, clock.nowMs());
        await state.saveStorm(storm);
        return describeStorm(storm);
      },
      async stopStorm(id) {
        if (!(await state.removeStorm(id))) throw stormNotFound(id);
      },
      stopStorms: () => state.clearStorms(),
      storms: async () => (await state.storms()).map(describeStorm),
    },
    reset: () => state.clearStorms(),
  };
}

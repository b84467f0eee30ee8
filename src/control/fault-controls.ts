// The simulation's faults beyond 429 (limits/faults.ts): started and stopped by hand, kept in the
// LimitState beside the storms, whose list they share, and counted there the same way.
import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { components } from '../generated/control.js';
import { createFault, type Fault, type FaultSpec, isFault } from '../limits/faults.js';
import type { LimitState } from '../limits/limit-state.js';
import { faultNotFound } from './not-found.js';
import type { SimulationPart } from './simulation-part.js';
import { describeCovering, removeOwn } from './storm-controls.js';

type FaultState = components['schemas']['Fault'];

export type FaultControls = {
  startFault(spec: FaultSpec): Promise<FaultState>;
  stopFault(id: string): Promise<void>;
  stopFaults(): Promise<void>;
  faults(): Promise<FaultState[]>;
};

export function createFaultControls(deps: { state: LimitState; clock: Clock }): SimulationPart<FaultControls> {
  const { state, clock } = deps;
  const describeFault = (fault: Fault): FaultState => {
    const { fault: _kind, refused, ...rest } = describeCovering(fault, clock.nowMs());
    return { ...rest, kind: fault.fault, failed: refused };
  };

  return {
    controls: {
      async startFault(spec) {
        const fault = createFault(randomUUID().slice(0, 8), spec, clock.nowMs());
        await state.saveStorm(fault);
        return describeFault(fault);
      },
      async stopFault(id) {
        if (!(await removeOwn(state, id, isFault))) throw faultNotFound(id);
      },
      stopFaults: () => state.clearStorms(isFault),
      faults: async () => (await state.storms()).filter(isFault).map(describeFault),
    },
    reset: () => state.clearStorms(isFault),
  };
}

// The simulation's clock, moved by hand: set, advanced, frozen. Its settings live in the clock's
// own store (src/clock.ts), so these controls keep nothing themselves.
import type { Clock, ClockState } from '../clock.js';
import type { SimulationPart } from './simulation-part.js';

export type ClockControls = {
  clock(): ClockState;
  moveClock(change: { now?: Date; advanceSeconds?: number; frozen?: boolean }): ClockState;
};

/** Its reset brings the clock back to the start options. */
export function createClockControls(clock: Clock): SimulationPart<ClockControls> {
  return {
    controls: {
      clock: () => clock.state(),
      moveClock(change) {
        if (change.now !== undefined) clock.set(change.now);
        if (change.advanceSeconds !== undefined) clock.advance(change.advanceSeconds);
        if (change.frozen !== undefined) clock.freeze(change.frozen);
        return clock.state();
      },
    },
    async reset() {
      clock.reset();
    },
  };
}

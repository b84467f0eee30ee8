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
        // Frozen first: a clock set and frozen in one change then stands at exactly the time given,
        // not at the millisecond that passed between the two.
        if (change.frozen === true) clock.freeze(true);
        if (change.now !== undefined) clock.set(change.now);
        if (change.advanceSeconds !== undefined) clock.advance(change.advanceSeconds);
        if (change.frozen === false) clock.freeze(false);
        return clock.state();
      },
    },
    async reset() {
      clock.reset();
    },
  };
}

// The simulation's clock, moved by hand: set, advanced, frozen. Its settings live in the clock's
// own store (src/clock.ts), so these controls keep nothing themselves.
import { type Clock, type ClockState, clockRangeProblem } from '../clock.js';
import { HttpError } from '../errors.js';
import type { SimulationPart } from './simulation-part.js';

export type ClockControls = {
  clock(): ClockState;
  /** Resolves once the change is stored (shared, when the state is in Redis). */
  moveClock(change: { now?: Date; advanceSeconds?: number; frozen?: boolean }): Promise<ClockState>;
};

/** Its reset brings the clock back to the start options. */
export function createClockControls(clock: Clock): SimulationPart<ClockControls> {
  return {
    controls: {
      clock: () => clock.state(),
      async moveClock(change) {
        // Checked before any part of the change is made: a refused change leaves the clock as it was.
        const target = (change.now?.getTime() ?? clock.nowMs()) + (change.advanceSeconds ?? 0) * 1000;
        const problem =
          change.now === undefined && change.advanceSeconds === undefined ? undefined : clockRangeProblem(target);
        if (problem) throw new HttpError('INVALID_BODY', `${problem} Set an earlier time or advance less.`);
        // Frozen first: a clock set and frozen in one change then stands at exactly the time given,
        // not at the millisecond that passed between the two.
        if (change.frozen === true) await clock.freeze(true);
        if (change.now !== undefined) await clock.set(change.now);
        if (change.advanceSeconds !== undefined) await clock.advance(change.advanceSeconds);
        if (change.frozen === false) await clock.freeze(false);
        return clock.state();
      },
    },
    async reset() {
      await clock.reset();
    },
  };
}

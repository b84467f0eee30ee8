// A request read after the loop stalled is dated from where the stall began, at any machine speed.
import { afterEach, describe, expect, it } from '@jest/globals';
import { type LoopWatch, watchLoop } from './loop-watch.js';

const busyFor = (ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end);
};
/** Lets the loop turn (its timers run) for a while. */
const turn = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('watchLoop', () => {
  let watch: LoopWatch | undefined;
  afterEach(() => watch?.stop());

  it('dates a request read during a stall from before the stall began', async () => {
    watch = watchLoop();
    await turn(30);
    const before = Date.now();
    busyFor(200);
    const now = Date.now();
    expect(watch.earliestArrivalMs(now)).toBeLessThanOrEqual(before);
  });

  it('dates a request read in the turn that ended a stall from before the stall began', async () => {
    watch = watchLoop();
    await turn(30);
    const before = Date.now();
    busyFor(200);
    // The first turn after the stall: the watch's timer has run (it was due), then this one.
    await turn(0);
    expect(watch.earliestArrivalMs(Date.now())).toBeLessThanOrEqual(before);
  });

  it('never dates a request later than it was read', async () => {
    watch = watchLoop();
    await turn(30);
    const now = Date.now();
    expect(watch.earliestArrivalMs(now)).toBeLessThanOrEqual(now);
  });
});

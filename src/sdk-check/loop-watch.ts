// When this process last read its sockets. A request it reads now may have come at any moment
// since: on a loaded machine the process waits for a core, or its event loop runs another case's
// work, for a second or more, while the requests of a client that sent several at once queue
// in the kernel. A request read after such a stall is dated from where the stall began.

/** How often the loop is seen turning. */
const TICK_MS = 10;
/** A turn later than this was a stall: nothing was read during it. */
const STALL_MS = 50;

export type LoopWatch = {
  /** The earliest a request read at `nowMs` can have come: `nowMs` unless the loop had just stalled. */
  earliestArrivalMs(nowMs: number): number;
  stop(): void;
};

export function watchLoop(): LoopWatch {
  let lastTurnMs = Date.now();
  // When the turn before the last was seen: the loop read its sockets just after it.
  let turnBeforeMs = lastTurnMs;
  const timer = setInterval(() => {
    turnBeforeMs = lastTurnMs;
    lastTurnMs = Date.now();
  }, TICK_MS);
  timer.unref();
  return {
    earliestArrivalMs(nowMs) {
      // Read before the timers could run again: the loop is stalling now, since its last turn.
      if (nowMs - lastTurnMs > STALL_MS) return lastTurnMs;
      // Read in the turn that ended a stall: since the turn before it.
      if (lastTurnMs - turnBeforeMs > TICK_MS + STALL_MS) return turnBeforeMs;
      return nowMs;
    },
    stop: () => clearInterval(timer),
  };
}

// The mock's clock. Rate-limit windows, bans, storms and sunsets all read it, so that a test
// can move time forward instead of waiting for it. It runs with real time unless frozen or set.

export type ClockState = { now: Date; frozen: boolean };

export type Clock = {
  /** Milliseconds since the epoch on the mock's clock. */
  nowMs(): number;
  now(): Date;
  state(): ClockState;
  advance(seconds: number): void;
  set(date: Date): void;
  freeze(frozen: boolean): void;
  /** Back to the start options: real time, or the start instant if one was given. */
  reset(): void;
};

export type ClockOptions = {
  /** Start the clock at this instant instead of the real time. */
  start?: Date;
  frozen?: boolean;
  /** The real time source; tests of the clock itself pass their own. */
  realNowMs?: () => number;
};

export function createClock(options: ClockOptions = {}): Clock {
  const realNowMs = options.realNowMs ?? Date.now;
  // The mock's time is the real time plus an offset; when frozen, it is a fixed instant.
  let offsetMs = 0;
  let frozenAtMs: number | undefined;

  const nowMs = () => frozenAtMs ?? realNowMs() + offsetMs;

  const clock: Clock = {
    nowMs,
    now: () => new Date(nowMs()),
    state: () => ({ now: new Date(nowMs()), frozen: frozenAtMs !== undefined }),
    advance(seconds) {
      if (frozenAtMs !== undefined) frozenAtMs += seconds * 1000;
      else offsetMs += seconds * 1000;
    },
    set(date) {
      if (frozenAtMs !== undefined) frozenAtMs = date.getTime();
      else offsetMs = date.getTime() - realNowMs();
    },
    freeze(frozen) {
      if (frozen && frozenAtMs === undefined) frozenAtMs = nowMs();
      if (!frozen && frozenAtMs !== undefined) {
        offsetMs = frozenAtMs - realNowMs();
        frozenAtMs = undefined;
      }
    },
    reset() {
      offsetMs = options.start ? options.start.getTime() - realNowMs() : 0;
      frozenAtMs = undefined;
      if (options.frozen) frozenAtMs = nowMs();
    },
  };
  clock.reset();
  return clock;
}

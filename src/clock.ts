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

/** The clock's own state, behind its own store: a shared store gives several instances one clock. */
export type ClockSettings = { offsetMs: number; frozenAtMs?: number };

export type ClockSettingsStore = { read(): ClockSettings; write(settings: ClockSettings): void };

export function createInMemoryClockSettings(): ClockSettingsStore {
  let settings: ClockSettings = { offsetMs: 0 };
  return {
    read: () => settings,
    write: (next) => {
      settings = next;
    },
  };
}

export type ClockOptions = {
  /** Start the clock at this instant instead of the real time. */
  start?: Date;
  frozen?: boolean;
  /** The real time source; tests of the clock itself pass their own. */
  realNowMs?: () => number;
  /** Where the offset and the frozen instant are kept. */
  settings?: ClockSettingsStore;
};

export function createClock(options: ClockOptions = {}): Clock {
  const realNowMs = options.realNowMs ?? Date.now;
  const store = options.settings ?? createInMemoryClockSettings();
  // The mock's time is the real time plus an offset; when frozen, it is a fixed instant.
  const nowMs = () => {
    const { offsetMs, frozenAtMs } = store.read();
    return frozenAtMs ?? realNowMs() + offsetMs;
  };
  const isFrozen = () => store.read().frozenAtMs !== undefined;

  const clock: Clock = {
    nowMs,
    now: () => new Date(nowMs()),
    state: () => ({ now: new Date(nowMs()), frozen: isFrozen() }),
    advance(seconds) {
      const { offsetMs, frozenAtMs } = store.read();
      store.write(
        frozenAtMs === undefined
          ? { offsetMs: offsetMs + seconds * 1000 }
          : { offsetMs, frozenAtMs: frozenAtMs + seconds * 1000 },
      );
    },
    set(date) {
      store.write(
        isFrozen() ? { offsetMs: 0, frozenAtMs: date.getTime() } : { offsetMs: date.getTime() - realNowMs() },
      );
    },
    freeze(frozen) {
      if (frozen && !isFrozen()) store.write({ offsetMs: 0, frozenAtMs: nowMs() });
      if (!frozen && isFrozen()) store.write({ offsetMs: nowMs() - realNowMs() });
    },
    reset() {
      // Read the real time once: two reads can differ by a millisecond or more.
      const realMs = realNowMs();
      const startMs = options.start?.getTime() ?? realMs;
      store.write(options.frozen ? { offsetMs: 0, frozenAtMs: startMs } : { offsetMs: startMs - realMs });
    },
  };
  clock.reset();
  return clock;
}

// The mock's clock. Rate-limit windows, bans, storms and sunsets all read it, so that a test
// can move time forward instead of waiting for it. It runs with real time unless frozen or set.
import { createLocalValue, type SharedValue } from './store/shared-value.js';

export type ClockState = { now: Date; frozen: boolean };

/**
 * The instants the clock may stand at. From the Unix epoch (X-RateLimit-Reset is in its seconds)
 * to the end of 8999: past it, a ban (up to a year), a window's reset or any other time the mock
 * adds to now still has ~1,000 years before RFC 3339 and HTTP-dates run out of digits at 9999.
 */
export const CLOCK_RANGE = { earliestMs: Date.UTC(1970, 0, 1), latestMs: Date.UTC(9000, 0, 1) - 1 } as const;

/** Why `ms` cannot be the clock's time, or undefined when it can. */
export function clockRangeProblem(ms: number): string | undefined {
  if (Number.isFinite(ms) && ms >= CLOCK_RANGE.earliestMs && ms <= CLOCK_RANGE.latestMs) return undefined;
  const shown = Number.isFinite(ms) && Math.abs(ms) < 8.64e15 ? new Date(ms).toISOString() : String(ms);
  return `The clock would stand at ${shown}; it keeps to ${new Date(CLOCK_RANGE.earliestMs).toISOString()} through ${new Date(CLOCK_RANGE.latestMs).toISOString()}, so that every date it writes stays valid.`;
}

export type Clock = {
  /** Milliseconds since the epoch on the mock's clock. */
  nowMs(): number;
  now(): Date;
  state(): ClockState;
  // Each change resolves once stored: at once in memory, once Redis has it when shared.
  advance(seconds: number): void | Promise<void>;
  set(date: Date): void | Promise<void>;
  freeze(frozen: boolean): void | Promise<void>;
  /** Back to the start options: real time, or the start instant if one was given. */
  reset(): void | Promise<void>;
};

/** The clock's own state, behind its own store: a shared store gives several instances one clock. */
export type ClockSettings = { offsetMs: number; frozenAtMs?: number };

export type ClockSettingsStore = SharedValue<ClockSettings>;

export function createInMemoryClockSettings(): ClockSettingsStore {
  return createLocalValue<ClockSettings>({ offsetMs: 0 });
}

export type ClockOptions = {
  /** Start the clock at this instant instead of the real time. */
  start?: Date;
  frozen?: boolean;
  /** The real time source; tests of the clock itself pass their own. */
  realNowMs?: () => number;
  /** Where the offset and the frozen instant are kept. */
  settings?: ClockSettingsStore;
  /** Leave the stored settings as they are (a shared clock that other processes already run). */
  keepStoredSettings?: boolean;
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

  const nowFrom = ({ offsetMs, frozenAtMs }: ClockSettings) => frozenAtMs ?? realNowMs() + offsetMs;
  // Each change is computed from the settings as they stand when it lands (update): two moves
  // made at once, through two processes sharing the clock, both count.
  const change = (next: (current: ClockSettings) => ClockSettings) => {
    const stored = store.update(next);
    return stored instanceof Promise ? stored.then(() => undefined) : undefined;
  };

  const clock: Clock = {
    nowMs,
    now: () => new Date(nowMs()),
    state: () => ({ now: new Date(nowMs()), frozen: isFrozen() }),
    advance: (seconds) =>
      change(({ offsetMs, frozenAtMs }) =>
        frozenAtMs === undefined
          ? { offsetMs: offsetMs + seconds * 1000 }
          : { offsetMs, frozenAtMs: frozenAtMs + seconds * 1000 },
      ),
    set: (date) =>
      change((current) =>
        current.frozenAtMs !== undefined
          ? { offsetMs: 0, frozenAtMs: date.getTime() }
          : { offsetMs: date.getTime() - realNowMs() },
      ),
    freeze: (frozen) =>
      change((current) => {
        if (frozen && current.frozenAtMs === undefined) return { offsetMs: 0, frozenAtMs: nowFrom(current) };
        if (!frozen && current.frozenAtMs !== undefined) return { offsetMs: nowFrom(current) - realNowMs() };
        return current;
      }),
    reset() {
      // Read the real time once: two reads can differ by a millisecond or more.
      const realMs = realNowMs();
      const startMs = options.start?.getTime() ?? realMs;
      return store.write(options.frozen ? { offsetMs: 0, frozenAtMs: startMs } : { offsetMs: startMs - realMs });
    },
  };
  if (!options.keepStoredSettings) void clock.reset();
  return clock;
}

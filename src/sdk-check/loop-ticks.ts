// When this process's event loop last ran, for the mock's reading of a request: a loop that ran
// every few milliseconds would have read a request sent before its previous turn sooner, so the
// client sent it after that turn. A loop a busy machine held (or queued for a CPU) for seconds may
// have read a request the client sent seconds earlier: the send then lies anywhere since its last
// turn before the hold. The bound tells the client's send from writes it made before (the request
// it was refused for, read late; a log line), however the sampler and the mock were timed. A new
// connection's first request takes two turns, one to accept it and one to read it: its bound is
// the one at the accept (a held loop accepted one at 3.2 s whose request the client sent at 0.3 s).
const TICK_MS = 5;

let ticks: [previous: number, last: number] | undefined;
/** Each connection's bound when it was accepted, and the instant it was. */
const acceptedBounds = new WeakMap<object, { afterMs: number; atMs: number }>();

/** Starts the ticks (once; unreferenced, they keep no process alive). */
export function startLoopTicks(): void {
  if (ticks) return;
  const now = Date.now();
  ticks = [now, now];
  setInterval(() => {
    const at = Date.now();
    ticks = [ticks?.[1] ?? at, at];
  }, TICK_MS).unref();
}

/**
 * The earliest instant a request read now can have been sent: the loop's turn before its last
 * (this machine's ms). Undefined where the ticks were never started.
 */
export function sentAfterMs(): number | undefined {
  return ticks?.[0];
}

/** Notes a connection as it is accepted: its first request can have been sent since this bound. */
export function noteAccepted(connection: object): void {
  const bound = sentAfterMs();
  if (bound !== undefined) acceptedBounds.set(connection, { afterMs: bound, atMs: Date.now() });
}

/** The bound noted when `connection` was accepted (noteAccepted); undefined where not noted. */
export function acceptedAfterMs(connection: object): number | undefined {
  return acceptedBounds.get(connection)?.afterMs;
}

/** When `connection` was accepted: the client had opened it by then. Undefined where not noted. */
export function acceptedAtMs(connection: object): number | undefined {
  return acceptedBounds.get(connection)?.atMs;
}

// Shared state (Redis) that could not be reached: the request is answered 503 STATE_UNAVAILABLE,
// and service comes back by itself once the store is reachable again. A change cut off without
// an answer may still have been stored, so the message says to look before sending it again.

export class StateUnavailableError extends Error {
  /** Why, in one line: "connect ECONNREFUSED 127.0.0.1:6379". */
  readonly reason: string;

  constructor(where: string, reason: string) {
    const oneLine = reason.replace(/\s+/g, ' ').trim();
    super(
      `The shared state at ${where} could not be reached (${oneLine}). ` +
        'Retry once Redis is back (the mock reconnects by itself); a change may have been stored before the connection was lost, so read before repeating a create.',
    );
    this.name = 'StateUnavailableError';
    this.reason = oneLine;
  }
}

/**
 * The store itself out of reach (the connection lost or refused), as against a change that could
 * not be made there (a scope dropped, contention): what a proxy can forward without.
 */
export class StateOutOfReachError extends StateUnavailableError {
  constructor(where: string, reason: string) {
    super(where, reason);
    this.name = 'StateOutOfReachError';
  }
}

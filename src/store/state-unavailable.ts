// Shared state (Redis) that could not be reached: the request is answered 503 STATE_UNAVAILABLE,
// nothing of it was stored, and service comes back by itself once the store is reachable again.

export class StateUnavailableError extends Error {
  /** Why, in one line: "connect ECONNREFUSED 127.0.0.1:6379". */
  readonly reason: string;

  constructor(where: string, reason: string) {
    const oneLine = reason.replace(/\s+/g, ' ').trim();
    super(
      `The shared state at ${where} could not be reached (${oneLine}); nothing of this request was stored. ` +
        'Retry once Redis is back; the mock reconnects by itself.',
    );
    this.name = 'StateUnavailableError';
    this.reason = oneLine;
  }
}

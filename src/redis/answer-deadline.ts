// A Redis command that gets no answer in time fails, but only once the answers already received
// have been read. Timers run before the event loop reads its sockets: on a process too busy to
// turn its loop in time, an answer waiting in the socket would otherwise be taken for none, and a
// change Redis made would be answered 503 as if it had not been.

/** Redis gave no answer within the deadline (the connection still open). */
export class NoAnswerError extends Error {
  constructor(ms: number) {
    super(`Redis gave no answer within ${ms / 1000} s`);
    this.name = 'NoAnswerError';
  }
}

export function withAnswerDeadline<T>(pending: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      finish();
    };
    // setImmediate runs after the loop has read what its sockets hold (its poll phase).
    const timer = setTimeout(() => setImmediate(() => settle(() => reject(new NoAnswerError(ms)))), ms);
    pending.then(
      (value) => settle(() => resolve(value)),
      (error: unknown) => settle(() => reject(error)),
    );
  });
}

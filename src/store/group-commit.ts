// Group commit: changes that arrive while a write is under way are stored together by the next
// write. Each change is answered once a write that began after it has finished, so nothing is
// acknowledged before it is on disk, and a burst of N changes costs far fewer than N writes.
// A failed write fails every change not yet stored: those it carried, and those made while it
// ran, which were made on top of them. `undo` puts the data back first, in the same step, so that
// no change lands between the undo and the answers.

export type GroupCommit = {
  /** Resolves once everything changed before this call is stored. */
  commit(): Promise<void>;
  /** Resolves once every commit asked for so far is done (or failed). */
  idle(): Promise<void>;
};

type Waiter = { resolve: () => void; reject: (error: unknown) => void };

/** Resolves after the current turn of the event loop: what it brings in comes first. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * `write` stores the data as it stands; `undo` puts back the data as the last successful write
 * stored it.
 */
export function createGroupCommit(write: () => Promise<void>, undo: () => void): GroupCommit {
  let waiting: Waiter[] = [];
  let running: Promise<void> | undefined;

  async function drain(): Promise<void> {
    // The changes of this turn go together: without the wait, the first change of a burst was
    // written alone, and the rest waited for that write to finish.
    await nextTurn();
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        await write();
        for (const waiter of batch) waiter.resolve();
      } catch (error) {
        const failed = [...batch, ...waiting];
        waiting = [];
        try {
          undo();
        } finally {
          for (const waiter of failed) waiter.reject(error);
        }
      }
      // Those just answered may change more at once (a client's next request): one turn for them.
      if (waiting.length === 0) await nextTurn();
    }
    running = undefined;
  }

  return {
    commit() {
      const done = new Promise<void>((resolve, reject) => waiting.push({ resolve, reject }));
      running ??= drain();
      return done;
    },
    idle: () => running ?? Promise.resolve(),
  };
}

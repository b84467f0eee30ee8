// Group commit: changes that arrive while a write is under way are stored together by the next
// write. Each change is answered once a write that began after it has finished, so nothing is
// acknowledged before it is on disk, and a burst of N changes costs far fewer than N writes.

export type GroupCommit = {
  /** Resolves once everything changed before this call is stored. */
  commit(): Promise<void>;
  /** Resolves once every commit asked for so far is done (or failed). */
  idle(): Promise<void>;
};

type Waiter = { resolve: () => void; reject: (error: unknown) => void };

export function createGroupCommit(write: () => Promise<void>): GroupCommit {
  let waiting: Waiter[] = [];
  let running: Promise<void> | undefined;

  async function drain(): Promise<void> {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        await write();
        for (const waiter of batch) waiter.resolve();
      } catch (error) {
        for (const waiter of batch) waiter.reject(error);
      }
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

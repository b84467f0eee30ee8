// A promise-chain lock: holders run one at a time, in the order they asked.
export type Release = () => void;

export type SerialLock = {
  /** Resolves once every earlier holder has released; call the answer (once or more) to release. */
  acquire(): Promise<Release>;
  /** Resolves once every holder so far has released. */
  idle(): Promise<void>;
};

export function createSerialLock(): SerialLock {
  let tail: Promise<void> = Promise.resolve();
  return {
    acquire() {
      let release: Release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const acquired = tail.then(() => release);
      tail = acquired.then(() => released);
      return acquired;
    },
    idle: () => tail,
  };
}

/**
 * Runs a transaction's `work` while holding `lock`: none lands between another's reads and its
 * writes. `commit` applies the writes of a transaction that made any; it may release the lock
 * early (once the writes are in memory, before they are on disk).
 */
export async function whileHolding<T>(
  lock: SerialLock,
  work: () => Promise<T>,
  commit: (release: Release) => Promise<void> | void,
): Promise<T> {
  const release = await lock.acquire();
  try {
    const result = await work();
    await commit(release);
    return result;
  } finally {
    release();
  }
}

// What the run's checks, side by side, must not do at the same time: a check that counts a key's
// requests holds that key alone (the others' requests of it wait); a check that reads a list no
// filter keeps to the run's own items holds the run's writes still (the others' writes wait). A
// lock is shared by many or held by one; the holder's own requests pass (AsyncLocalStorage says
// who holds what), and a check already sharing a lock shares it again freely. Locks are always
// taken in one order, the run's writes before a key, so that no two checks wait on each other.
import { AsyncLocalStorage } from 'node:async_hooks';

/** The lock of the run's writes (requests other than GET). */
export const WRITES = 'writes';

class Lock {
  private readers = 0;
  private writer = false;
  private readonly waitingReaders: Array<() => void> = [];
  private readonly waitingWriters: Array<() => void> = [];

  async shared<T>(run: () => Promise<T>): Promise<T> {
    if (this.writer || this.waitingWriters.length > 0) await new Promise<void>((go) => this.waitingReaders.push(go));
    else this.readers += 1;
    try {
      return await run();
    } finally {
      this.readers -= 1;
      this.wake();
    }
  }

  async alone<T>(run: () => Promise<T>): Promise<T> {
    if (this.writer || this.readers > 0 || this.waitingWriters.length > 0)
      await new Promise<void>((go) => this.waitingWriters.push(go));
    else this.writer = true;
    try {
      return await run();
    } finally {
      this.writer = false;
      this.wake();
    }
  }

  /** A waiting holder-alone first, once the sharers in flight are done; else every waiting sharer. */
  private wake(): void {
    if (this.writer) return;
    if (this.waitingWriters.length > 0) {
      if (this.readers > 0) return;
      this.writer = true;
      this.waitingWriters.shift()?.();
      return;
    }
    while (this.waitingReaders.length > 0) {
      this.readers += 1;
      this.waitingReaders.shift()?.();
    }
  }
}

const locks = new Map<string, Lock>();
type Hold = 'shared' | 'alone';
/** The locks the code running now holds, and how. */
const held = new AsyncLocalStorage<ReadonlyMap<string, Hold>>();

function lockOf(name: string): Lock {
  let lock = locks.get(name);
  if (!lock) {
    lock = new Lock();
    locks.set(name, lock);
  }
  return lock;
}

function holding<T>(name: string, hold: Hold, run: () => Promise<T>): Promise<T> {
  return held.run(new Map([...(held.getStore() ?? []), [name, hold]]), run);
}

/** Runs `run` sharing the lock with others (at once with them, never while one holds it alone). */
export function sharing<T>(name: string, run: () => Promise<T>): Promise<T> {
  if (held.getStore()?.has(name)) return run();
  return lockOf(name).shared(() => holding(name, 'shared', run));
}

/** Runs `run` holding the lock alone: no one else's share of it is in flight meanwhile. */
export function alone<T>(name: string, run: () => Promise<T>): Promise<T> {
  const hold = held.getStore()?.get(name);
  if (hold === 'alone') return run();
  // Sharing it already, waiting to hold it alone would wait for ourselves.
  if (hold === 'shared') throw new Error(`The lock ${name} is shared here: it cannot be held alone within.`);
  return lockOf(name).alone(() => holding(name, 'alone', run));
}

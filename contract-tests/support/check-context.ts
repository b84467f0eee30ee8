// What the suite knows of the check a request belongs to, wherever the request is sent from: how
// many requests it sent, and how long it waited on a key's limit (time that does not count
// toward its own time limit). Node's AsyncLocalStorage carries it through every await.
import { AsyncLocalStorage } from 'node:async_hooks';

export type CheckContext = {
  title: string;
  requests: number;
  /** Milliseconds spent waiting for a key's window, finished waits only. */
  pausedMs: number;
  /** Waits under way (requests sent at once may wait together), and since when. */
  waiting: number;
  pausedSince: number;
};

const storage = new AsyncLocalStorage<CheckContext>();

export function newCheckContext(title: string): CheckContext {
  return { title, requests: 0, pausedMs: 0, waiting: 0, pausedSince: 0 };
}

export function runInCheck<T>(context: CheckContext, run: () => Promise<T>): Promise<T> {
  return storage.run(context, run);
}

export function currentCheck(): CheckContext | undefined {
  return storage.getStore();
}

/** Marks the start of a wait on a key's limit; call the answer when it ends. */
export function pauseCheck(): () => void {
  const context = storage.getStore();
  if (!context) return () => undefined;
  if (context.waiting === 0) context.pausedSince = Date.now();
  context.waiting += 1;
  return () => {
    context.waiting -= 1;
    if (context.waiting === 0) context.pausedMs += Date.now() - context.pausedSince;
  };
}

/** Milliseconds the check has spent waiting on a key's limit so far. */
export function pausedSoFar(context: CheckContext): number {
  return context.pausedMs + (context.waiting > 0 ? Date.now() - context.pausedSince : 0);
}

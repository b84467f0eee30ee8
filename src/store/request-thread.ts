// A worker thread that answers numbered requests, one at a time in the order sent: what the
// store's writer threads share on the main thread's side (file-writer-thread.ts,
// journal-writer-thread.ts). A request that fails is rejected with a StorageError naming the data
// file; a thread that stops fails every request it owes, and the next request starts a new one.
import { Worker } from 'node:worker_threads';
import { StorageError } from './storage-error.js';
import type { WriteFailure } from './worker-file-steps.js';
import { workerModuleUrl } from './worker-module.js';

export type ThreadReply = { id: number; failure?: WriteFailure };

type Pending<R> = { resolve: (reply: R) => void; reject: (error: StorageError) => void };
type Thread<R> = { worker: Worker; pending: Map<number, Pending<R>> };

export type RequestThread<Q, R> = {
  /** Resolves with the thread's answer; rejects with a StorageError when it reports a failure. */
  request(body: Q): Promise<R>;
  /** Stops the thread; call once every request is answered. */
  close(): Promise<void>;
};

/**
 * The thread running the module `name` beside `callerUrl` with `workerData`, started at the first
 * request (a server that only reads never pays for it) and kept alive only while a request is owed.
 */
export function createRequestThread<Q extends object, R extends ThreadReply>(
  name: string,
  callerUrl: string,
  workerData: unknown,
  dataFile: string,
): RequestThread<Q, R> {
  let current: Thread<R> | undefined;
  let nextId = 1;

  const start = (): Thread<R> => {
    const worker = new Worker(workerModuleUrl(name, callerUrl), { workerData });
    const thread: Thread<R> = { worker, pending: new Map() };
    // Only this thread's requests fail with it: a thread started after it has requests of its own.
    const failAll = (error: StorageError) => {
      for (const waiter of thread.pending.values()) waiter.reject(error);
      thread.pending.clear();
      if (current === thread) current = undefined;
    };
    worker.on('message', (reply: R) => {
      const waiter = thread.pending.get(reply.id);
      thread.pending.delete(reply.id);
      if (thread.pending.size === 0) worker.unref();
      const { failure } = reply;
      if (failure === undefined) waiter?.resolve(reply);
      else
        waiter?.reject(
          new StorageError(dataFile, failure.reason, failure.code, {
            ...(failure.part ? { part: failure.part } : {}),
            ...(failure.path ? { path: failure.path } : {}),
          }),
        );
    });
    worker.on('error', (error) => failAll(new StorageError(dataFile, `its writer thread stopped: ${error.message}`)));
    worker.on('exit', () => failAll(new StorageError(dataFile, 'its writer thread stopped before the write was done')));
    return thread;
  };

  return {
    request(body) {
      current ??= start();
      const { worker, pending } = current;
      // Kept alive while a request is owed, and only then.
      worker.ref();
      const id = nextId;
      nextId += 1;
      const answered = new Promise<R>((resolve, reject) => pending.set(id, { resolve, reject }));
      worker.postMessage({ ...body, id });
      return answered;
    },
    async close() {
      const stopping = current;
      current = undefined;
      if (stopping) await stopping.worker.terminate();
    },
  };
}

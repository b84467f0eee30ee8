// Durable, atomic file writes done on a thread of their own (its code and how a write stays
// whole: file-writer-worker.ts).
//
// Why a thread: done with fs/promises on the main thread, a write is about ten calls, and each
// one's answer waits behind the requests the server is busy with, while every create waits for a
// write. The thread does the calls in a row, while the main thread goes on serving.
import { basename, dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { WriteReply, WriteRequest, WriterFiles } from './file-writer-worker.js';
import { StorageError } from './storage-error.js';
import { workerModuleUrl } from './worker-module.js';

/** The spare file beside `file` (see file-writer-worker.ts): remove it only while the mock is stopped. */
export const spareFileOf = (file: string) => join(dirname(file), `.${basename(file)}.spare`);

type Pending = { resolve: () => void; reject: (error: StorageError) => void };

export type FileWriter = {
  /** Resolves once `parts`, written in order, are the whole file, on disk; rejects with a StorageError. */
  write(parts: readonly Uint8Array[]): Promise<void>;
  /** Stops the thread once the writes under way are done. */
  close(): Promise<void>;
};

/** A writer thread and the writes it owes an answer. */
type Thread = { worker: Worker; pending: Map<number, Pending> };

export function createFileWriterThread(file: string): FileWriter {
  let current: Thread | undefined;
  let nextId = 1;

  // Started on the first write: a server that only reads never pays for the thread.
  const start = (): Thread => {
    const files: WriterFiles = {
      file,
      spare: spareFileOf(file),
      aside: join(dirname(file), `.${basename(file)}.aside`),
    };
    const worker = new Worker(workerModuleUrl('file-writer-worker', import.meta.url), { workerData: files });
    const thread: Thread = { worker, pending: new Map() };
    // Only this thread's writes fail with it: a thread started after it has writes of its own.
    const failAll = (error: StorageError) => {
      for (const waiter of thread.pending.values()) waiter.reject(error);
      thread.pending.clear();
      if (current === thread) current = undefined;
    };
    worker.on('message', ({ id, failure }: WriteReply) => {
      const waiter = thread.pending.get(id);
      thread.pending.delete(id);
      if (thread.pending.size === 0) worker.unref();
      if (failure === undefined) waiter?.resolve();
      else
        waiter?.reject(
          new StorageError(file, failure.reason, failure.code, {
            ...(failure.part ? { part: failure.part } : {}),
            ...(failure.path ? { path: failure.path } : {}),
          }),
        );
    });
    worker.on('error', (error) => failAll(new StorageError(file, `its writer thread stopped: ${error.message}`)));
    worker.on('exit', () => failAll(new StorageError(file, 'its writer thread stopped before the write was done')));
    return thread;
  };

  return {
    write(parts) {
      current ??= start();
      const { worker, pending } = current;
      // Kept alive while a write is under way, and only then.
      worker.ref();
      const id = nextId;
      nextId += 1;
      const done = new Promise<void>((resolve, reject) => pending.set(id, { resolve, reject }));
      const request: WriteRequest = { id, parts };
      worker.postMessage(request);
      return done;
    },
    // The store calls this once its commits are done, so no write is cut short.
    async close() {
      const stopping = current;
      current = undefined;
      if (stopping) await stopping.worker.terminate();
    },
  };
}

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

export function createFileWriterThread(file: string): FileWriter {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const failAll = (error: StorageError) => {
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
    worker = undefined;
  };

  // Started on the first write: a server that only reads never pays for the thread.
  const start = (): Worker => {
    const files: WriterFiles = {
      file,
      spare: spareFileOf(file),
      aside: join(dirname(file), `.${basename(file)}.aside`),
    };
    const started = new Worker(workerModuleUrl('file-writer-worker', import.meta.url), { workerData: files });
    started.on('message', ({ id, failure }: WriteReply) => {
      const waiter = pending.get(id);
      pending.delete(id);
      if (pending.size === 0) started.unref();
      if (failure === undefined) waiter?.resolve();
      else waiter?.reject(new StorageError(file, failure.reason, failure.code));
    });
    started.on('error', (error) => failAll(new StorageError(file, `its writer thread stopped: ${error.message}`)));
    started.on('exit', () => failAll(new StorageError(file, 'its writer thread stopped before the write was done')));
    return started;
  };

  return {
    write(parts) {
      worker ??= start();
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
      const stopping = worker;
      worker = undefined;
      if (stopping) await stopping.terminate();
    },
  };
}

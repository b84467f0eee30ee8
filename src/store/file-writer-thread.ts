// Durable, atomic file writes done on a thread of their own. Each write fills a spare file beside
// the data file, flushes it to disk (fsync), and renames it over the data file; the folder is then
// flushed so that the rename itself survives a crash. The data file names one whole version at
// every moment: a crash leaves the old version or the new one, never a mix.
//
// The spare is the data file's version before last, overwritten in place: the version just
// replaced is kept under the spare's name (hard-linked aside before the rename, renamed back
// after). Writing into blocks the file already has, and never freeing the old version's, made a
// write of a 13 MB file (100,000 pets) take ~9 ms instead of ~21 here. The price: a reader that
// keeps the data file open across two writes can see the second one begin; one that reads it
// within a write's time (or while the mock is idle) sees one version, whole. Where hard links are
// not supported, each write makes a new file instead.
//
// Why a thread: done with fs/promises on the main thread, a write is about ten calls, and each
// one's answer waits behind the requests the server is busy with. Under load that made a write of
// a 1.3 MB file take ~22 ms instead of ~4, and every create waits for one. The thread does the
// calls in a row, while the main thread goes on serving.
import { basename, dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** The thread's code: plain JavaScript, evaluated, so that it runs the same from src/ and dist/. */
const WRITER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const { file, spare, aside } = workerData;
// At most IOV_MAX (1024) buffers go to one writev call.
const WRITEV_MAX = 512;

function removeIfThere(name) {
  try {
    fs.unlinkSync(name);
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
}

/** Names the data file's current version as the spare too; false when it cannot (none yet, no hard links). */
function keepAside() {
  try {
    fs.linkSync(file, aside);
    return true;
  } catch {
    return false;
  }
}

// A link a crash left between the two renames below: only a second name of a version.
removeIfThere(aside);

parentPort.on('message', ({ id, parts }) => {
  try {
    const handle = fs.openSync(spare, fs.constants.O_WRONLY | fs.constants.O_CREAT, 0o666);
    try {
      let size = 0;
      for (let start = 0; start < parts.length; start += WRITEV_MAX) {
        size += fs.writevSync(handle, parts.slice(start, start + WRITEV_MAX));
      }
      const expected = parts.reduce((sum, part) => sum + part.length, 0);
      if (size !== expected) throw new Error('only ' + size + ' of ' + expected + ' bytes were written: is the disk full?');
      // The spare may be longer than this version: its old tail goes.
      fs.ftruncateSync(handle, size);
      fs.fsyncSync(handle);
    } finally {
      fs.closeSync(handle);
    }
    const kept = keepAside();
    fs.renameSync(spare, file);
    if (kept) fs.renameSync(aside, spare);
    const folder = fs.openSync(path.dirname(file), 'r');
    try {
      fs.fsyncSync(folder);
    } finally {
      fs.closeSync(folder);
    }
    parentPort.postMessage({ id });
  } catch (error) {
    parentPort.postMessage({ id, message: error instanceof Error ? error.message : String(error) });
  }
});
`;

/** The spare file beside `file` (see above): remove it only while the mock is stopped. */
export const spareFileOf = (file: string) => join(dirname(file), `.${basename(file)}.spare`);

type Reply = { id: number; message?: string };
type Pending = { resolve: () => void; reject: (error: Error) => void };

export type FileWriter = {
  /** Resolves once `parts`, written in order, are the whole file, on disk. */
  write(parts: readonly Uint8Array[]): Promise<void>;
  /** Stops the thread once the writes under way are done. */
  close(): Promise<void>;
};

export function createFileWriterThread(file: string): FileWriter {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const failAll = (error: Error) => {
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
    worker = undefined;
  };

  // Started on the first write: a server that only reads never pays for the thread.
  const start = (): Worker => {
    const started = new Worker(WRITER_SOURCE, {
      eval: true,
      workerData: { file, spare: spareFileOf(file), aside: join(dirname(file), `.${basename(file)}.aside`) },
    });
    started.on('message', ({ id, message }: Reply) => {
      const waiter = pending.get(id);
      pending.delete(id);
      if (pending.size === 0) started.unref();
      if (message === undefined) waiter?.resolve();
      else waiter?.reject(new Error(`Cannot write the data file ${file}: ${message}`));
    });
    started.on('error', (error) => failAll(new Error(`The data file's writer stopped: ${error.message}`)));
    started.on('exit', () => failAll(new Error(`The data file's writer stopped before ${file} was written.`)));
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
      worker.postMessage({ id, parts });
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

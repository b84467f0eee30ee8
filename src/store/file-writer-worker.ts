// The data file's writer thread, started by file-writer-thread.ts. Each write fills a spare file
// beside the data file, flushes it to disk (fsync), and renames it over the data file; the folder
// is then flushed so that the rename itself survives a crash. The data file names one whole
// version at every moment: a crash leaves the old version or the new one, never a mix.
//
// The spare is the data file's version before last, overwritten in place: the version just
// replaced is kept under the spare's name (hard-linked aside before the rename, renamed back
// after), so that a write fills blocks the file already has. The price: a reader that keeps the
// data file open across two writes can see the second one begin; one that reads it within a
// write's time (or while the mock is idle) sees one version, whole. Where hard links are not
// supported, each write makes a new file instead.
//
// Only node: builtins are imported: run from the TypeScript sources, this module is started from
// a data: URL (worker-module.ts), where nothing else resolves.
import {
  closeSync,
  constants,
  fsyncSync,
  ftruncateSync,
  linkSync,
  openSync,
  renameSync,
  unlinkSync,
  writevSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { getSystemErrorMap } from 'node:util';
import { parentPort, workerData } from 'node:worker_threads';

/** The data file, its spare, and the second name the replaced version has during a write. */
export type WriterFiles = { file: string; spare: string; aside: string };
export type WriteRequest = { id: number; parts: readonly Uint8Array[] };
/** Why a write failed: the system error's code, if any, and a reason that names no path. */
export type WriteFailure = { code?: string; reason: string };
/** A write's answer: `failure` is absent when it is done. */
export type WriteReply = { id: number; failure?: WriteFailure };

// At most IOV_MAX (1024) buffers go to one writev call.
const WRITEV_MAX = 512;

function removeIfThere(name: string): void {
  try {
    unlinkSync(name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Names the data file's current version as the spare too; false when it cannot (none yet, no hard links). */
function keepAside({ file, aside }: WriterFiles): boolean {
  try {
    linkSync(file, aside);
    return true;
  } catch {
    return false;
  }
}

/** "ENOSPC: no space left on device": the path goes, the client of a refused write must not see it. */
function describeFailure(error: unknown): WriteFailure {
  const { code, errno } = error as NodeJS.ErrnoException;
  const system = errno === undefined ? undefined : getSystemErrorMap().get(errno);
  if (code !== undefined && system) return { code, reason: `${code}: ${system[1]}` };
  const reason = error instanceof Error ? error.message : String(error);
  return code === undefined ? { reason } : { code, reason };
}

function flushFolder(file: string): void {
  const folder = openSync(dirname(file), 'r');
  try {
    fsyncSync(folder);
  } finally {
    closeSync(folder);
  }
}

function writeWhole(files: WriterFiles, parts: readonly Uint8Array[]): void {
  const handle = openSync(files.spare, constants.O_WRONLY | constants.O_CREAT, 0o666);
  try {
    let size = 0;
    for (let start = 0; start < parts.length; start += WRITEV_MAX) {
      size += writevSync(handle, parts.slice(start, start + WRITEV_MAX));
    }
    const expected = parts.reduce((sum, part) => sum + part.length, 0);
    if (size !== expected) throw new Error(`only ${size} of ${expected} bytes were written: is the disk full?`);
    // The spare may be longer than this version: its old tail goes.
    ftruncateSync(handle, size);
    fsyncSync(handle);
  } finally {
    closeSync(handle);
  }
  const kept = keepAside(files);
  try {
    renameSync(files.spare, files.file);
  } catch (error) {
    // A second name left behind would make every later keepAside fail, and the spare's reuse stop.
    if (kept) removeIfThere(files.aside);
    throw error;
  }
  // The new version is the data file from here on: a spare that cannot get its name back only
  // costs the reuse of its blocks, never the write.
  if (kept) {
    try {
      renameSync(files.aside, files.spare);
    } catch {
      removeIfThere(files.aside);
    }
  }
  // Not flushed, the rename may not survive a crash: the write is refused (and undone in memory);
  // the next write that succeeds makes the file agree with memory again.
  flushFolder(files.file);
}

if (!parentPort) throw new Error('file-writer-worker.js runs as a worker thread (see file-writer-thread.ts).');
const port = parentPort;
const files = workerData as WriterFiles;

// A link a crash left between the two renames: only a second name of a version.
removeIfThere(files.aside);

port.on('message', ({ id, parts }: WriteRequest) => {
  let reply: WriteReply = { id };
  try {
    writeWhole(files, parts);
  } catch (error) {
    reply = { id, failure: describeFailure(error) };
  }
  port.postMessage(reply);
});

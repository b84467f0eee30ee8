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
// Only node: builtins and modules beside it are imported (see worker-file-steps.ts).
import {
  accessSync,
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  linkSync,
  openSync,
  renameSync,
  statSync,
  unlinkSync,
  writevSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import {
  codeOf,
  describeFailure,
  type FileIdentity,
  flushFolder,
  identityOf,
  removeIfThere,
  StepFailure,
  sameIdentity,
  step,
  type WriteFailure,
} from './worker-file-steps.js';

/** The data file, its spare, and the second name the replaced version has during a write. */
export type WriterFiles = { file: string; spare: string; aside: string };
/**
 * A whole version of the data file. With `unless`, the write is given up (`edited` in the reply)
 * when the data file is no longer that version: an edit by hand is never overwritten unseen.
 */
export type WriteRequest = { id: number; parts: readonly Uint8Array[]; unless?: FileIdentity };
/** A write's answer: `failure` is absent when it is done; `written` is the version it wrote. */
export type WriteReply = { id: number; failure?: WriteFailure; written?: FileIdentity; edited?: true };

// At most IOV_MAX (1024) buffers go to one writev call.
const WRITEV_MAX = 512;

/** Names the data file's current version as the spare too; false when it cannot (none yet, no hard links). */
function keepAside({ file, aside }: WriterFiles): boolean {
  try {
    linkSync(file, aside);
    return true;
  } catch {
    return false;
  }
}

/**
 * The data file's own mode says whether its owner lets the mock change it: a write replaces it by
 * a rename, which its mode alone would not stop. A file not there yet is the folder's to allow.
 */
function requireWritableFile(file: string): void {
  try {
    accessSync(file, constants.W_OK);
  } catch (error) {
    const code = codeOf(error);
    if (code === 'ENOENT') return;
    if (code === 'EACCES' || code === 'EPERM') throw new StepFailure('file', file, error);
    throw new StepFailure('folder', dirname(file), error);
  }
}

/**
 * The spare is the mock's own scratch file: one it may not write (a data file made read-only and
 * then replaced became it) is removed and made anew, so that a fault once mended leaves none behind.
 */
function openSpare(spare: string): number {
  const open = () => openSync(spare, constants.O_WRONLY | constants.O_CREAT, 0o666);
  try {
    return open();
  } catch (error) {
    const code = codeOf(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new StepFailure('folder', dirname(spare), error);
    if (code !== 'EACCES' && code !== 'EPERM') throw new StepFailure('spare', spare, error);
    step('folder', dirname(spare), () => unlinkSync(spare));
    return step('spare', spare, open);
  }
}

/** Whether the data file is still the version `unless` names. */
function unchanged(file: string, unless: FileIdentity | undefined): boolean {
  if (unless === undefined) return true;
  try {
    return sameIdentity(identityOf(statSync(file, { bigint: true })), unless);
  } catch {
    return false;
  }
}

/** The version written, or undefined when the data file was edited meanwhile (and left as it is). */
function writeWhole(files: WriterFiles, request: WriteRequest): FileIdentity | undefined {
  requireWritableFile(files.file);
  if (!unchanged(files.file, request.unless)) return undefined;
  const handle = openSpare(files.spare);
  let written: FileIdentity;
  try {
    written = step('spare', files.spare, () => fillSpare(handle, request.parts));
  } finally {
    closeSync(handle);
  }
  // Checked again at the last moment: an edit saved while the spare was filled wins.
  if (!unchanged(files.file, request.unless)) return undefined;
  step('folder', dirname(files.file), () => replaceFile(files));
  return written;
}

/** Fills the spare and answers the version it now is (a rename keeps its inode, size and time). */
function fillSpare(handle: number, parts: readonly Uint8Array[]): FileIdentity {
  let size = 0;
  for (let start = 0; start < parts.length; start += WRITEV_MAX) {
    size += writevSync(handle, parts.slice(start, start + WRITEV_MAX));
  }
  const expected = parts.reduce((sum, part) => sum + part.length, 0);
  if (size !== expected) throw new Error(`only ${size} of ${expected} bytes were written: is the disk full?`);
  // The spare may be longer than this version: its old tail goes.
  ftruncateSync(handle, size);
  fsyncSync(handle);
  return identityOf(fstatSync(handle, { bigint: true }));
}

/** The filled spare renamed over the data file, the version it replaces kept as the next spare. */
function replaceFile(files: WriterFiles): void {
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

port.on('message', (request: WriteRequest) => {
  const { id } = request;
  let reply: WriteReply;
  try {
    const written = writeWhole(files, request);
    reply = written ? { id, written } : { id, edited: true };
  } catch (error) {
    reply = { id, failure: describeFailure(error) };
  }
  port.postMessage(reply);
});

// The journal's writer thread, started by journal-writer-thread.ts. An append writes one record
// at the journal's end and flushes it (fdatasync) before it answers: a write is acknowledged only
// once its record is on disk. An append that fails is cut off again (ftruncate), so that the next
// one never follows a torn record. A restart replaces the journal whole, atomically: a new file
// beside it holds the header and the records to keep, is flushed, and is renamed over it.
//
// Only node: builtins and modules beside it are imported (see worker-file-steps.ts).
import {
  accessSync,
  closeSync,
  constants,
  fdatasyncSync,
  fstatSync,
  ftruncateSync,
  openSync,
  readSync,
  renameSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import {
  codeOf,
  describeFailure,
  flushFolder,
  removeIfThere,
  StepFailure,
  step,
  type WriteFailure,
} from './worker-file-steps.js';

/** The journal, the new file a restart fills beside it, and the data file it follows. */
export type JournalFiles = { journal: string; next: string; dataFile: string };

export type JournalRequest =
  | { id: number; kind: 'append'; seq: number; bytes: Uint8Array }
  /** A new journal: `header`, then `records` when given, else the records of this one after `keepAfter`. */
  | {
      id: number;
      kind: 'restart';
      header: Uint8Array;
      keepAfter: number;
      records?: readonly { seq: number; bytes: Uint8Array }[];
    };

/**
 * `stale` when the journal's name no longer names the file being appended to (removed, or its
 * folder moved) or the data file is gone: nothing was appended, the data must be written whole.
 * `size` is the journal's length once the request is done.
 */
export type JournalReply = { id: number; failure?: WriteFailure; stale?: true; size?: number };

type Open = {
  fd: number;
  dev: bigint;
  ino: bigint;
  size: number;
  records: { seq: number; start: number; end: number }[];
};

if (!parentPort) throw new Error('journal-writer-worker.js runs as a worker thread (see journal-writer-thread.ts).');
const port = parentPort;
const files = workerData as JournalFiles;
let open: Open | undefined;
/** An append failed and could not be cut off: the next one cuts it first. */
let tornTail = false;

function writeAll(fd: number, bytes: Uint8Array, position: number): void {
  let written = 0;
  while (written < bytes.length) {
    const count = writeSync(fd, bytes, written, bytes.length - written, position + written);
    if (count === 0) throw new Error(`only ${written} of ${bytes.length} bytes were written: is the disk full?`);
    written += count;
  }
}

/**
 * The data file and its folder must be writable: a fold needs both, and a data file made
 * read-only says "store nothing". Undefined when all is well, 'stale' when the data file is gone.
 */
function requireWritableData(): 'stale' | undefined {
  try {
    accessSync(files.dataFile, constants.W_OK);
  } catch (error) {
    const code = codeOf(error);
    if (code === 'ENOENT') return 'stale';
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') throw new StepFailure('file', files.dataFile, error);
    throw new StepFailure('folder', dirname(files.dataFile), error);
  }
  step('folder', dirname(files.dataFile), () => accessSync(dirname(files.dataFile), constants.W_OK));
  return undefined;
}

/** Whether the journal's name still names the open file. */
function stillNamed(current: Open): boolean {
  try {
    const named = statSync(files.journal, { bigint: true });
    return named.ino === current.ino && named.dev === current.dev;
  } catch {
    return false;
  }
}

function append(seq: number, bytes: Uint8Array): Omit<JournalReply, 'id'> {
  const current = open;
  if (!current || requireWritableData() === 'stale' || !stillNamed(current)) return { stale: true };
  if (tornTail) {
    step('journal', files.journal, () => ftruncateSync(current.fd, current.size));
    tornTail = false;
  }
  try {
    step('journal', files.journal, () => {
      writeAll(current.fd, bytes, current.size);
      fdatasyncSync(current.fd);
    });
  } catch (error) {
    try {
      ftruncateSync(current.fd, current.size);
    } catch {
      tornTail = true;
    }
    throw error;
  }
  current.records.push({ seq, start: current.size, end: current.size + bytes.length });
  current.size += bytes.length;
  return { size: current.size };
}

/** The bytes of the open journal's records after `keepAfter`. */
function recordsAfter(keepAfter: number): { seq: number; bytes: Uint8Array }[] {
  const current = open;
  if (!current) return [];
  return current.records
    .filter((record) => record.seq > keepAfter)
    .map((record) => {
      const bytes = Buffer.alloc(record.end - record.start);
      readSync(current.fd, bytes, 0, bytes.length, record.start);
      return { seq: record.seq, bytes };
    });
}

function restart(request: Extract<JournalRequest, { kind: 'restart' }>): Omit<JournalReply, 'id'> {
  const kept = request.records ?? recordsAfter(request.keepAfter);
  let fd: number;
  try {
    fd = openSync(files.next, constants.O_RDWR | constants.O_CREAT | constants.O_TRUNC, 0o666);
  } catch (error) {
    const code = codeOf(error);
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EACCES' || code === 'EPERM')
      throw new StepFailure('folder', dirname(files.next), error);
    throw new StepFailure('journal', files.next, error);
  }
  const records: Open['records'] = [];
  let size = 0;
  try {
    step('journal', files.next, () => {
      writeAll(fd, request.header, 0);
      size = request.header.length;
      for (const record of kept) {
        writeAll(fd, record.bytes, size);
        records.push({ seq: record.seq, start: size, end: size + record.bytes.length });
        size += record.bytes.length;
      }
      fdatasyncSync(fd);
    });
    step('folder', dirname(files.journal), () => renameSync(files.next, files.journal));
  } catch (error) {
    closeSync(fd);
    removeIfThere(files.next);
    throw error;
  }
  // The new journal is the journal from here on. Its rename is flushed; should that fail, a crash
  // leaves the old journal, whose records the data file then holds or follows (replay skips by sequence).
  try {
    flushFolder(files.journal);
  } catch {
    // Either journal is a valid one to start from (see above).
  }
  if (open) closeSync(open.fd);
  const { dev, ino } = fstatSync(fd, { bigint: true });
  open = { fd, dev, ino, size, records };
  tornTail = false;
  return { size };
}

port.on('message', (request: JournalRequest) => {
  let reply: JournalReply;
  try {
    reply = { id: request.id, ...(request.kind === 'append' ? append(request.seq, request.bytes) : restart(request)) };
  } catch (error) {
    reply = { id: request.id, failure: describeFailure(error) };
  }
  port.postMessage(reply);
});

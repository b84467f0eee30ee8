// A write of the data file that failed: nothing of it was stored, and the store has put the data
// in memory back to what the file holds (create-store.ts), so a retry once the cause is gone
// starts from what was acknowledged.

import { basename } from 'node:path';
import type { WritePart } from './worker-file-steps.js';

/** What each part is called in a message a client sees (no path there: only the log has it). */
const PART_NAMES: Readonly<Record<WritePart, string>> = {
  file: 'The data file',
  spare: "The data file's spare (the hidden file beside it that each write fills first)",
  journal: "The data file's journal (the file beside it that holds the latest writes)",
  folder: "The data file's folder",
};

/** What to do about a failed write, by the system error's code and the part that failed. */
function adviceFor(code: string | undefined, part: WritePart | undefined): string {
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return 'Free disk space and retry';
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      if (part === 'file') return 'Make the data file writable (chmod u+w) and retry; no restart is needed';
      if (part === 'journal')
        return "Make the data file's journal writable (chmod u+w) and retry; no restart is needed";
      return "Make the data file's folder writable and retry; no restart is needed";
    case 'EISDIR':
      return part === 'spare' || part === 'journal'
        ? `Remove the folder at the ${part}'s name while the mock is stopped`
        : 'Remove the folder at that name';
    case 'ENOENT':
    case 'ENOTDIR':
      return "Check that the data file's folder exists, then retry";
    default:
      return 'Check that the disk has room and the folder is writable, then retry';
  }
}

export class StorageError extends Error {
  /** The data file, absolute. */
  readonly file: string;
  /** Which file could not be written (absent when the writer itself failed), and its path. */
  readonly part: WritePart | undefined;
  readonly partPath: string | undefined;
  /** "The data file", "The data file's folder"...: what failed, for a client's message. */
  readonly what: string;
  /** Why, without the path: "ENOSPC: no space left on device". */
  readonly reason: string;
  /** The system error's code when there is one (ENOSPC, EACCES...). */
  readonly code: string | undefined;
  /** What to do, as the start of a sentence: "Free disk space and retry". */
  readonly advice: string;

  constructor(file: string, reason: string, code?: string, where: { part?: WritePart; path?: string } = {}) {
    // One line in any log, whatever the system said.
    const oneLine = reason.replace(/\s+/g, ' ').trim();
    const advice = adviceFor(code, where.part);
    const what = PART_NAMES[where.part ?? 'file'];
    const path = where.path ?? file;
    super(
      `${what} ${path} could not be written (${oneLine}); nothing was stored. ${advice}; reads still work.${path === file ? '' : ` (data file: ${basename(file)})`}`,
    );
    this.name = 'StorageError';
    this.file = file;
    this.part = where.part;
    this.partPath = where.path;
    this.what = what;
    this.reason = oneLine;
    this.code = code;
    this.advice = advice;
  }
}

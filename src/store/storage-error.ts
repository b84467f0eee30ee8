// A write of the data file that failed: nothing of it was stored, and the store has put the data
// in memory back to what the file holds (create-store.ts), so a retry once the cause is gone
// starts from what was acknowledged.

/** What to do about a failed write, by the system error's code. */
function adviceFor(code: string | undefined): string {
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return 'Free disk space and retry';
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return "Make the data file's folder writable and retry";
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
  /** Why, without the path: "ENOSPC: no space left on device". */
  readonly reason: string;
  /** The system error's code when there is one (ENOSPC, EACCES...). */
  readonly code: string | undefined;
  /** What to do, as the start of a sentence: "Free disk space and retry". */
  readonly advice: string;

  constructor(file: string, reason: string, code?: string) {
    // One line in any log, whatever the system said.
    const oneLine = reason.replace(/\s+/g, ' ').trim();
    const advice = adviceFor(code);
    super(`The data file ${file} could not be written (${oneLine}); nothing was stored. ${advice}; reads still work.`);
    this.name = 'StorageError';
    this.file = file;
    this.reason = oneLine;
    this.code = code;
    this.advice = advice;
  }
}

// The versions of the data file, written whole through lowdb (its adapter: durable-json-file.ts),
// one at a time: a fold and a whole write never overtake each other, nor what follows each (the
// journal's restart). lowdb's data is the version the file holds.
import { Low } from 'lowdb';
import type { DurableJsonFile, FileVersion } from './durable-json-file.js';
import type { FileIdentity } from './worker-file-steps.js';

export type DataFileVersions = {
  /** The version the data file holds, as the mock last wrote (or read, or took from an edit) it. */
  readonly current: FileVersion;
  /** The file's identity then. */
  readonly identity: FileIdentity | undefined;
  /** The last write gave way to an edit by hand, which no one has taken since. */
  readonly yielded: boolean;
  /**
   * Writes `version` once the writes before it are done, then runs `written` (in the same turn).
   * Resolves false when the write gave way to an edit by hand (only when `mayYield`).
   */
  write(version: FileVersion, mayYield: boolean, written: () => Promise<void>): Promise<boolean>;
  /** The file as an edit by hand left it: the version it holds, and its identity. */
  adopt(version: FileVersion, identity: FileIdentity | undefined): void;
  /** Resolves once every write asked for so far is done. */
  idle(): Promise<unknown>;
};

export function createDataFileVersions(
  file: DurableJsonFile,
  initial: FileVersion,
  initialIdentity: FileIdentity | undefined,
): DataFileVersions {
  const db = new Low<FileVersion>(file, initial);
  let identity = initialIdentity;
  let yielded = false;
  let chain: Promise<unknown> = Promise.resolve();

  const writeNow = async (version: FileVersion, mayYield: boolean, written: () => Promise<void>) => {
    const previous = db.data;
    db.data = mayYield && identity ? { ...version, unless: identity } : version;
    try {
      await db.write();
    } catch (error) {
      db.data = previous;
      throw error;
    }
    const outcome = file.lastOutcome;
    if (!outcome || !('written' in outcome)) {
      db.data = previous;
      yielded = true;
      return false;
    }
    db.data = { data: version.data, journalSequence: version.journalSequence };
    identity = outcome.written;
    yielded = false;
    await written();
    return true;
  };

  return {
    get current() {
      return db.data;
    },
    get identity() {
      return identity;
    },
    get yielded() {
      return yielded;
    },
    write(version, mayYield, written) {
      const run = chain.then(() => writeNow(version, mayYield, written));
      chain = run.catch(() => undefined);
      return run;
    },
    adopt(version, read) {
      db.data = version;
      identity = read;
      yielded = false;
    },
    idle: () => chain,
  };
}

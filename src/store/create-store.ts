// The only module that touches lowdb (with durable-json-file.ts, its adapter, and
// journaled-file.ts, which writes through it). It loads or creates the data file, refuses a
// corrupt one (never overwriting it), and stores changes durably: a change resolves only once it
// is on disk, in the journal beside the data file (journaled-file.ts), which is folded into the
// data file in the background. Changes apply to the data at once, one at a time (JavaScript runs
// one at a time); the writes that store them are grouped (group-commit.ts). A write that fails is
// undone: the data goes back to what is stored, every change since is rejected with a
// StorageError, and reads go on.
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { Low, Memory } from 'lowdb';
import type { ChangeSet } from './change-set.js';
import { collectGarbage } from './collect-garbage.js';
import { DataFileError, identityOfFile } from './data-file-reader.js';
import { watchFile } from './data-file-watch.js';
import type { DataSet, KeyFields } from './data-set.js';
import type { OpenFileWriter } from './durable-json-file.js';
import type { FoldPolicy } from './fold-schedule.js';
import { createGroupCommit } from './group-commit.js';
import type { OpenJournalWriter } from './journal-writer-thread.js';
import { openJournaledFile, WHOLE_WRITE } from './journaled-file.js';
import { readJournaledStart } from './journaled-start.js';
import { takeHandEdit } from './take-hand-edit.js';

export { DataFileError };

export const IN_MEMORY = ':memory:';

export type Store = {
  /** The data as it stands. Read freely; change it only through update(). */
  readonly data: DataSet;
  /** Where the data lives: an absolute path, or ":memory:". */
  readonly location: string;
  /**
   * Applies a change and resolves once it is stored. A change must check before it changes
   * anything: one that throws is not stored, and must leave the data as it found it. A change
   * replaces records, never edits one in place (stored records are frozen). When the file cannot
   * be written, it rejects with a StorageError and the change is undone.
   * `changeSet` says what the change does (the transaction's writes): it is what the journal
   * stores; without it, the data file is written whole.
   */
  update<T>(change: (data: DataSet) => T, changeSet?: ChangeSet): Promise<T>;
  /** Replaces all data (reset to the fixtures) and stores it: the data file written whole, its journal emptied. */
  replace(data: DataSet): Promise<void>;
  close(): Promise<void>;
};

export type StoreOptions = {
  /** A file path (relative to the working directory) or ":memory:". */
  location: string;
  /** Makes the initial data when the file is missing or a reset is asked for. */
  createInitialData: () => DataSet | Promise<DataSet>;
  /** Rebuild the file from createInitialData even if it exists. */
  reset?: boolean;
  /** What writes the file; by default the writer thread (file-writer-thread.ts). */
  openFileWriter?: OpenFileWriter;
  /** What writes the journal; by default its writer thread (journal-writer-thread.ts). */
  openJournalWriter?: OpenJournalWriter;
  /** What is wrong with the records of data read from the file (the contract's check); none by default. */
  checkRecords?: (data: DataSet) => string[];
  /** The format's lists the contract's data holds (data-set.ts: formatListsOf); all by default. */
  lists?: readonly string[];
  /**
   * What checkRecords checks against (a fingerprint of the contract): a data file the mock itself
   * last wrote, under the same, is not checked again at the next start.
   */
  checkedAgainst?: string;
  /** When the journal is folded into the data file (journaled-file.ts: DEFAULT_FOLD_POLICY). */
  fold?: Partial<FoldPolicy>;
  /** Take edits made to the file while serving (serve --watch), saying each time what became of them. */
  watch?: { log: (line: string) => void; keyFields?: KeyFields };
  /** Where the store says what it did on its own: a journal replayed or dropped, a fold that failed. */
  log?: (line: string) => void;
};

/** Data kept in this process only: a change is "stored" once applied. */
async function createMemoryStore(options: StoreOptions): Promise<Store> {
  const db = new Low<DataSet>(new Memory<DataSet>(), await options.createInitialData());
  const writes = createGroupCommit(
    () => db.write(),
    () => undefined,
  );
  return {
    get data() {
      return db.data;
    },
    location: IN_MEMORY,
    async update(change) {
      const result = change(db.data);
      await writes.commit();
      return result;
    },
    async replace(data) {
      db.data = data;
      await writes.commit();
    },
    close: () => writes.idle(),
  };
}

/** A data file this large is followed by a full collection once read. */
const LARGE_FILE_BYTES = 32 * 1024 * 1024;

export async function createStore(options: StoreOptions): Promise<Store> {
  if (options.location === IN_MEMORY) return createMemoryStore(options);
  const location = resolve(options.location);
  const log = options.log ?? (() => undefined);
  const checks = {
    ...(options.checkRecords ? { checkRecords: options.checkRecords } : {}),
    ...(options.lists ? { lists: options.lists } : {}),
    log,
  };
  const start = options.reset
    ? undefined
    : await readJournaledStart(location, {
        ...checks,
        ...(options.checkedAgainst ? { checkedAgainst: options.checkedAgainst } : {}),
      });
  if (!start) await mkdir(dirname(location), { recursive: true });
  // A large file read leaves its text and the parse's garbage behind: given back now, not when V8
  // next collects (about 450 MB resident for a million pets otherwise, for ~100 ms once).
  else if (Number((await identityOfFile(location))?.size ?? 0) > LARGE_FILE_BYTES) collectGarbage();
  const file = await openJournaledFile(
    {
      location,
      ...(options.openFileWriter ? { openFileWriter: options.openFileWriter } : {}),
      ...(options.openJournalWriter ? { openJournalWriter: options.openJournalWriter } : {}),
      ...(options.fold ? { fold: options.fold } : {}),
      ...(options.checkedAgainst ? { checkedAgainst: options.checkedAgainst } : {}),
      yieldToEdits: options.watch !== undefined,
      log,
    },
    start ?? (async () => options.createInitialData()),
  );
  const watchLog = options.watch?.log;
  const watcher = watchLog
    ? watchFile(location, () =>
        takeHandEdit(location, file, {
          ...checks,
          ...(options.watch?.keyFields ? { keyFields: options.watch.keyFields } : {}),
          log: watchLog,
        }).catch((error: unknown) =>
          watchLog(
            `The edit of the data file ${location} could not be taken (${String(error)}). Still serving the last good data.`,
          ),
        ),
      )
    : undefined;

  return {
    get data() {
      return file.data;
    },
    location,
    update: (change, changeSet) => file.update(change, changeSet ?? WHOLE_WRITE),
    replace: (data) => file.replace(data),
    async close() {
      watcher?.close();
      await file.close();
    },
  };
}

/** What is stored at `location`: the data file with its journal replayed (what a start would serve), unchecked. */
export async function readStoredData(location: string): Promise<DataSet | undefined> {
  const start = await readJournaledStart(resolve(location), { log: () => undefined });
  return start?.live;
}

// The data file and its journal (journal-format.ts): how a write is stored, and how the journal is
// folded into the data file.
//
// A write costs what it changes: the change sets of the transactions that arrive together are
// appended to the journal as one record and flushed (group-commit.ts), and only then answered.
// The data file, which lowdb owns and a person can read and edit, is rewritten whole in the
// background, a fold: when the journal passes a size (a quarter of the data file, within bounds),
// after a moment without writes while the file is small enough to be read by hand, and at a
// clean stop. A fold writes the data as of one record's sequence number, and the file records
// that number: a start replays only the records after it, so a crash at any point of a fold loses
// nothing and applies nothing twice. Then the journal restarts with the records after it.
//
// A write the disk refuses fails every change not yet stored, and the data in memory goes back to
// what is stored: the file's version and the journal's records since, both kept in memory.
import { replayChangeSets } from './change-replay.js';
import { type ChangeSet, freezeChangedRecords } from './change-set.js';
import { createDataFileVersions, type DataFileVersions } from './data-file-versions.js';
import { copyDataSet, type DataSet } from './data-set.js';
import { DurableJsonFile, type FileVersion, type OpenFileWriter } from './durable-json-file.js';
import { createFoldSchedule, DEFAULT_FOLD_POLICY, type FoldPolicy } from './fold-schedule.js';
import { createGroupCommit } from './group-commit.js';
import { encodeHeader, encodeRecord, type JournalRecord } from './journal-format.js';
import { createJournalWriterThread, type JournalWriter, type OpenJournalWriter } from './journal-writer-thread.js';
import { UnfoldedRecords } from './unfolded-records.js';
import type { FileIdentity } from './worker-file-steps.js';

/** A change made without its change set (by a caller that changed the data directly): stored by a whole write. */
export const WHOLE_WRITE = Symbol('whole write');

/** Where a journaled file starts: the file's version, and the journal's records after it, applied to `live`. */
export type JournaledStart = {
  version: FileVersion;
  records: JournalRecord[];
  live: DataSet;
  /** The data file as read or written at the start. */
  identity: FileIdentity | undefined;
};

export type JournaledFileOptions = {
  location: string;
  openFileWriter?: OpenFileWriter;
  openJournalWriter?: OpenJournalWriter;
  fold?: Partial<FoldPolicy>;
  /** What the records were checked against (the contract's fingerprint), recorded in the journal's header. */
  checkedAgainst?: string;
  /** Folds give way to an edit by hand saved meanwhile (serve --watch takes it). */
  yieldToEdits: boolean;
  log: (line: string) => void;
};

export type JournaledFile = {
  readonly data: DataSet;
  /**
   * Applies `change` to the data and resolves once it is stored; `changes` says what it changed
   * (WHOLE_WRITE: the data file is written whole).
   */
  update<T>(change: (data: DataSet) => T, changes: ChangeSet | typeof WHOLE_WRITE): Promise<T>;
  /** Serves `data` in place of all data, and resolves once it is stored (the data file written whole). */
  replace(data: DataSet): Promise<void>;
  /** Runs `work` with no change applied or stored meanwhile: the watch takes an edit so. */
  exclusively<T>(work: (state: JournaledState) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/** What taking an edit needs of the store, while it holds it exclusively. */
export type JournaledState = {
  /** The data file as the mock last wrote or read it, and the change sets of the journal's records since. */
  readonly version: FileVersion;
  readonly since: readonly ChangeSet[];
  /** The data as served: `version` with the change sets `since` applied. */
  readonly live: DataSet;
  /** The version of the data file the mock last wrote or read. */
  readonly identity: FileIdentity | undefined;
  /**
   * Serves `live`, the data file's `version` (as read, with `identity`) followed by `kept`: the
   * journal restarts with `kept` as its only record. Rejects, changing nothing, when the journal
   * cannot be written.
   */
  adopt(
    version: FileVersion,
    identity: FileIdentity | undefined,
    kept: ChangeSet | undefined,
    live: DataSet,
  ): Promise<void>;
};

/** A version of the data as it stands, sharing its records: what a fold writes. */
const versionAt = (data: DataSet, journalSequence: number): FileVersion => ({
  data: copyDataSet(data),
  journalSequence,
});

export async function openJournaledFile(
  options: JournaledFileOptions,
  start: JournaledStart | (() => Promise<DataSet>),
): Promise<JournaledFile> {
  const file = new DurableJsonFile(options.location, options.openFileWriter);
  const journal: JournalWriter = (options.openJournalWriter ?? createJournalWriterThread)(options.location);
  const header = (dataFile: FileIdentity | undefined) =>
    encodeHeader({
      ...(dataFile ? { dataFile } : {}),
      ...(options.checkedAgainst ? { checkedAgainst: options.checkedAgainst } : {}),
    });
  const fresh = typeof start === 'function' ? await start() : undefined;
  const versions: DataFileVersions = fresh
    ? createDataFileVersions(file, { data: fresh, journalSequence: 0 }, undefined)
    : createDataFileVersions(file, (start as JournaledStart).version, (start as JournaledStart).identity);
  const unfolded = fresh
    ? new UnfoldedRecords([], 0)
    : new UnfoldedRecords((start as JournaledStart).records, versions.current.journalSequence);
  let live: DataSet = fresh ? copyDataSet(fresh) : (start as JournaledStart).live;
  let pending: (ChangeSet | typeof WHOLE_WRITE)[] = [];
  let writing = false;
  let foldWanted = false;
  let folding = false;
  let closing = false;
  let gate: Promise<void> | undefined;

  /**
   * Writes `version` as the data file, then restarts the journal after it. False when the write
   * gave way to an edit by hand. A failed restart only leaves the journal longer.
   */
  const writeVersion = (version: FileVersion, mayYield = options.yieldToEdits): Promise<boolean> =>
    versions.write(version, mayYield, async () => {
      unfolded.folded(version.journalSequence);
      try {
        await journal.restart(header(versions.identity), version.journalSequence);
      } catch (error) {
        options.log(
          `The journal of ${options.location} could not be restarted (${(error as Error).message}); it is kept, and tried again at the next fold.`,
        );
      }
    });

  const fold = (version: FileVersion) => {
    folding = true;
    void writeVersion(version)
      .catch((error: unknown) =>
        options.log(
          `Folding the journal into ${options.location} failed (${(error as Error).message}); the journal keeps every write, and the fold is tried again later.`,
        ),
      )
      .finally(() => {
        folding = false;
        considerFold();
      });
  };

  /** Folds now when all that is applied is stored (the data is then the version to write), else at the next commit. */
  const requestFold = () => {
    if (closing || folding || gate || versions.yielded || unfolded.durable === versions.current.journalSequence) return;
    if (!writing && pending.length === 0 && unfolded.settled) fold(versionAt(live, unfolded.durable));
    else foldWanted = true;
  };
  const schedule = createFoldSchedule({ ...DEFAULT_FOLD_POLICY, ...options.fold }, requestFold);
  const considerFold = () => {
    if (!closing) schedule.stored(unfolded.bytes, Number(versions.identity?.size ?? 0));
  };

  /** The whole data as it stands, written as the data file: what a reset, or a journal gone, needs. */
  const writeWhole = async () => {
    // Every change applied so far goes into this file, those of later commits too: their commits find nothing left to do.
    pending = [];
    const version = versionAt(live, unfolded.next());
    // A reset asked for, or a journal that is gone: written over an edit by hand too.
    await writeVersion(version, false);
    unfolded.storedWhole(version.journalSequence);
  };

  const writeBatch = async () => {
    const sets = pending;
    pending = [];
    if (sets.length === 0) return;
    writing = true;
    let snapshot: FileVersion | undefined;
    try {
      if (sets.includes(WHOLE_WRITE)) {
        await writeWhole();
        return;
      }
      const record = { seq: unfolded.next(), sets: sets as ChangeSet[] };
      if (foldWanted) {
        snapshot = versionAt(live, record.seq);
        foldWanted = false;
      }
      const line = encodeRecord(record);
      const outcome = await journal.append(record.seq, line);
      if ('stale' in outcome) {
        snapshot = undefined;
        await writeWhole();
        return;
      }
      unfolded.stored(record, line.length);
      if (snapshot) fold(snapshot);
    } catch (error) {
      if (snapshot) foldWanted = true;
      throw error;
    } finally {
      writing = false;
      if (!folding) considerFold();
    }
  };

  const writes = createGroupCommit(writeBatch, () => {
    // Back to what is stored: the file's version and the journal's records since.
    pending = [];
    unfolded.refused();
    live = replayChangeSets(versions.current.data, unfolded.since(versions.current.journalSequence));
  });

  if (fresh) {
    // A new data file: the journal starts empty first, so that no record of an earlier one is replayed over it.
    await journal.restart(header(undefined), 0, []);
    await writeVersion(versionAt(fresh, 0), false);
  } else {
    const { records } = start as JournaledStart;
    try {
      const lines = records.map((record) => ({ seq: record.seq, bytes: encodeRecord(record) }));
      await journal.restart(header(versions.identity), versions.current.journalSequence, lines);
    } catch (error) {
      // Reads can be served; writes are refused, saying why, until the journal can be written.
      options.log(
        `The journal of ${options.location} could not be written (${(error as Error).message}); writes are refused until it can be.`,
      );
    }
    considerFold();
  }

  return {
    get data() {
      return live;
    },
    async update(change, changes) {
      while (gate) await gate;
      // Stored records are replaced, never edited: frozen, an edit in place throws instead of leaving the journal stale.
      if (changes !== WHOLE_WRITE) freezeChangedRecords(changes);
      const result = change(live);
      pending.push(changes);
      await writes.commit();
      return result;
    },
    async replace(data) {
      while (gate) await gate;
      live = data;
      pending.push(WHOLE_WRITE);
      await writes.commit();
    },
    async exclusively(work) {
      while (gate) await gate;
      let open = () => {};
      gate = new Promise((resolve) => {
        open = resolve;
      });
      try {
        await writes.idle();
        await versions.idle();
        return await work({
          version: versions.current,
          since: [...unfolded.since(versions.current.journalSequence)],
          live,
          identity: versions.identity,
          adopt: async (version, read, kept, data) => {
            const restart = unfolded.restartOver(version.journalSequence, kept);
            const lines = restart.records.map((record) => ({ seq: record.seq, bytes: encodeRecord(record) }));
            await journal.restart(header(read), version.journalSequence, lines);
            restart.commit();
            versions.adopt(version, read);
            live = data;
            considerFold();
          },
        });
      } finally {
        gate = undefined;
        open();
      }
    },
    async close() {
      while (gate) await gate;
      closing = true;
      schedule.stop();
      await writes.idle();
      await versions.idle();
      if (unfolded.durable > versions.current.journalSequence) {
        try {
          if (!(await writeVersion(versionAt(live, unfolded.durable))))
            options.log(
              `The data file ${options.location} holds an edit by hand that was not taken: it was left as it is, and its journal keeps the writes the file does not hold, applied over it at the next start.`,
            );
        } catch (error) {
          options.log(
            `Folding the journal into ${options.location} at the stop failed (${(error as Error).message}); the journal keeps every write, and the next start replays it.`,
          );
        }
      }
      await file.close();
      await journal.close();
    },
  };
}

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
import { Low } from 'lowdb';
import { replayChangeSets } from './change-replay.js';
import type { ChangeSet } from './change-set.js';
import { copyDataSet, type DataSet } from './data-set.js';
import { DurableJsonFile, type FileVersion, type OpenFileWriter } from './durable-json-file.js';
import { createGroupCommit } from './group-commit.js';
import { encodeHeader, encodeRecord, type JournalRecord } from './journal-format.js';
import { createJournalWriterThread, type JournalWriter, type OpenJournalWriter } from './journal-writer-thread.js';
import type { FileIdentity } from './worker-file-steps.js';

/** When the journal is folded into the data file. */
export type FoldPolicy = {
  /** Fold once the journal holds this share of the data file's size… */
  fileShare: number;
  /** …but at least this many bytes… */
  minBytes: number;
  /** …and at most this many (the journal's records are also kept in memory until folded). */
  maxBytes: number;
  /** Fold once no write came for this long (false: never), while the data file is at most `idleMaxFileBytes`. */
  idleMs: number | false;
  idleMaxFileBytes: number;
};

const MIB = 1024 * 1024;

export const DEFAULT_FOLD_POLICY: FoldPolicy = {
  fileShare: 0.25,
  minBytes: 1 * MIB,
  maxBytes: 16 * MIB,
  idleMs: 500,
  idleMaxFileBytes: 16 * MIB,
};

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

/** A journal record kept in memory until folded, with the size of its line. */
type KeptRecord = JournalRecord & { size: number };

const keep = (record: JournalRecord): KeptRecord => ({ ...record, size: encodeRecord(record).length });

/** A version of the data as it stands, sharing its records: what a fold writes. */
const versionAt = (data: DataSet, journalSequence: number): FileVersion => ({
  data: copyDataSet(data),
  journalSequence,
});

export async function openJournaledFile(
  options: JournaledFileOptions,
  start: JournaledStart | (() => Promise<DataSet>),
): Promise<JournaledFile> {
  const policy = { ...DEFAULT_FOLD_POLICY, ...options.fold };
  const file = new DurableJsonFile(options.location, options.openFileWriter);
  const journal: JournalWriter = (options.openJournalWriter ?? createJournalWriterThread)(options.location);
  const header = (dataFile: FileIdentity | undefined) =>
    encodeHeader({
      ...(dataFile ? { dataFile } : {}),
      ...(options.checkedAgainst ? { checkedAgainst: options.checkedAgainst } : {}),
    });

  let db: Low<FileVersion>;
  let live: DataSet;
  /** The journal's records (on disk, and kept to put the data back), and their size, since the file's version. */
  let records: KeptRecord[] = [];
  let unfoldedBytes = 0;
  let identity: FileIdentity | undefined;
  let lastSeq: number;
  let durableSeq: number;
  let pending: (ChangeSet | typeof WHOLE_WRITE)[] = [];
  let writing = false;
  let foldWanted = false;
  let folding = false;
  let closing = false;
  /** A fold gave way to an edit by hand: none is tried again until an edit is taken (or a whole write is made). */
  let yielded = false;
  let idleTimer: NodeJS.Timeout | undefined;
  let chain: Promise<unknown> = Promise.resolve();
  let gate: Promise<void> | undefined;

  /** Runs file writes one at a time: a fold and a whole write never overtake each other. */
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = chain.then(work, work);
    chain = run.catch(() => undefined);
    return run;
  };

  /** The records after the file's version (a fold under way has not dropped those it holds yet). */
  const unfolded = () => records.filter((record) => record.seq > db.data.journalSequence);
  const setRecords = (kept: KeptRecord[]) => {
    records = kept;
    unfoldedBytes = kept.reduce((sum, record) => sum + record.size, 0);
  };

  /**
   * Writes `version` as the data file, through lowdb, then restarts the journal after it. False
   * when the write gave way to an edit by hand. A failed restart only leaves the journal longer.
   */
  const writeVersion = async (version: FileVersion, mayYield = options.yieldToEdits): Promise<boolean> => {
    const previous = db.data;
    db.data = mayYield && identity ? { ...version, unless: identity } : version;
    try {
      await db.write();
    } catch (error) {
      db.data = previous;
      throw error;
    }
    const outcome = file.lastOutcome;
    db.data = { data: version.data, journalSequence: version.journalSequence };
    if (!outcome || !('written' in outcome)) {
      db.data = previous;
      yielded = true;
      return false;
    }
    identity = outcome.written;
    yielded = false;
    setRecords(records.filter((record) => record.seq > version.journalSequence));
    try {
      await journal.restart(header(identity), version.journalSequence);
    } catch (error) {
      options.log(
        `The journal of ${options.location} could not be restarted (${(error as Error).message}); it is kept, and tried again at the next fold.`,
      );
    }
    return true;
  };

  const fold = (version: FileVersion) => {
    folding = true;
    void inTurn(() => writeVersion(version))
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
    if (closing || folding || gate || yielded || durableSeq === db.data.journalSequence) return;
    if (!writing && pending.length === 0 && lastSeq === durableSeq) fold(versionAt(live, durableSeq));
    else foldWanted = true;
  };
  function considerFold() {
    const fileBytes = Number(identity?.size ?? 0);
    const limit = Math.min(policy.maxBytes, Math.max(policy.minBytes, fileBytes * policy.fileShare));
    if (unfoldedBytes >= limit) requestFold();
  }
  const armIdleFold = () => {
    clearTimeout(idleTimer);
    if (policy.idleMs === false || Number(identity?.size ?? 0) > policy.idleMaxFileBytes) return;
    idleTimer = setTimeout(requestFold, policy.idleMs);
    idleTimer.unref();
  };

  /** The whole data as it stands, written as the data file: what a reset, or a journal gone, needs. */
  const writeWhole = async () => {
    // Every change applied so far goes into this file, those of later commits too: their commits find nothing left to do.
    pending = [];
    lastSeq += 1;
    const version = versionAt(live, lastSeq);
    // A reset asked for, or a journal that is gone: written over an edit by hand too.
    await inTurn(() => writeVersion(version, false));
    durableSeq = version.journalSequence;
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
      lastSeq += 1;
      const record = keep({ seq: lastSeq, sets: sets as ChangeSet[] });
      if (foldWanted) {
        snapshot = versionAt(live, record.seq);
        foldWanted = false;
      }
      const outcome = await journal.append(record.seq, encodeRecord({ seq: record.seq, sets: record.sets }));
      if ('stale' in outcome) {
        snapshot = undefined;
        await writeWhole();
        return;
      }
      records.push(record);
      unfoldedBytes += record.size;
      durableSeq = record.seq;
      if (snapshot) fold(snapshot);
      else considerFold();
    } catch (error) {
      if (snapshot) foldWanted = true;
      throw error;
    } finally {
      writing = false;
      armIdleFold();
    }
  };

  const writes = createGroupCommit(writeBatch, () => {
    // Back to what is stored: the file's version and the journal's records since.
    pending = [];
    lastSeq = durableSeq;
    live = replayChangeSets(db.data.data, setsOf(unfolded()));
  });

  if (typeof start === 'function') {
    // A new data file: the journal starts empty first, so that no record of an earlier one is replayed over it.
    const data = await start();
    db = new Low<FileVersion>(file, { data, journalSequence: 0 });
    live = copyDataSet(data);
    setRecords([]);
    lastSeq = 0;
    durableSeq = 0;
    identity = undefined;
    await journal.restart(header(undefined), 0, []);
    await inTurn(() => writeVersion(versionAt(data, 0), false));
  } else {
    db = new Low<FileVersion>(file, start.version);
    live = start.live;
    setRecords(start.records.map(keep));
    identity = start.identity;
    lastSeq = start.records.at(-1)?.seq ?? start.version.journalSequence;
    durableSeq = lastSeq;
    try {
      await journal.restart(
        header(identity),
        start.version.journalSequence,
        start.records.map((record) => ({ seq: record.seq, bytes: encodeRecord(record) })),
      );
    } catch (error) {
      // Reads can be served; writes are refused, saying why, until the journal can be written.
      options.log(
        `The journal of ${options.location} could not be written (${(error as Error).message}); writes are refused until it can be.`,
      );
    }
    if (records.length > 0) armIdleFold();
  }

  return {
    get data() {
      return live;
    },
    async update(change, changes) {
      while (gate) await gate;
      // Stored records are replaced, never edited: frozen, an edit in place throws instead of leaving the journal stale.
      if (changes !== WHOLE_WRITE) freezeRecords(changes);
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
        await chain;
        return await work({
          version: db.data,
          since: [...setsOf(unfolded())],
          identity,
          adopt: async (version, read, kept, data) => {
            const seq = Math.max(lastSeq, version.journalSequence) + 1;
            const keptRecords = kept ? [keep({ seq, sets: [kept] })] : [];
            await journal.restart(
              header(read),
              version.journalSequence,
              keptRecords.map((record) => ({ seq: record.seq, bytes: encodeRecord(record) })),
            );
            identity = read;
            yielded = false;
            db.data = version;
            setRecords(keptRecords);
            lastSeq = keptRecords.length > 0 ? seq : Math.max(lastSeq, version.journalSequence);
            durableSeq = lastSeq;
            live = data;
          },
        });
      } finally {
        gate = undefined;
        open();
      }
    },
    async close() {
      closing = true;
      clearTimeout(idleTimer);
      await writes.idle();
      await chain;
      if (durableSeq > db.data.journalSequence) {
        try {
          if (!(await inTurn(() => writeVersion(versionAt(live, durableSeq)))))
            options.log(
              `The data file ${options.location} was edited by hand while the mock stopped: it was left as it is, and the journal keeps the writes it does not hold, applied over it at the next start.`,
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

function freezeRecords(changes: ChangeSet): void {
  for (const list of Object.values(changes.lists))
    for (const [, record] of list.changes) if (record) Object.freeze(record);
  for (const [, record] of changes.apiKeys) if (record) Object.freeze(record);
}

function* setsOf(records: readonly JournalRecord[]): Generator<ChangeSet> {
  for (const record of records) yield* record.sets;
}

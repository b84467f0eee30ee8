// A start over a data file and its journal: the file is read, the journal's records after the
// sequence it holds are replayed over it (a torn last record, a write a crash cut short, is
// dropped: it was never acknowledged), and the result is checked against the contract, unless
// the journal's header says the file is the very one the mock last wrote and its records were
// checked against the same contract (a million records take seconds to check).
import { readFile } from 'node:fs/promises';
import { replayChangeSets } from './change-replay.js';
import {
  adviceOnMissingFields,
  DataFileError,
  describeFaults,
  identityOfFile,
  placesOf,
  type ReadDataFile,
  readDataFile,
} from './data-file-reader.js';
import { copyDataSet } from './data-set.js';
import { JournalDamage, type ReadJournal, readJournal } from './journal-format.js';
import { journalFileOf } from './journal-writer-thread.js';
import type { JournaledStart } from './journaled-file.js';
import { sameIdentity } from './worker-file-steps.js';

export type StartChecks = {
  /** What is wrong with the records of the data (the contract's check); none by default. */
  checkRecords?: (data: ReadDataFile['data']) => string[];
  /** What that check checks against (a fingerprint of the contract). */
  checkedAgainst?: string;
  log: (line: string) => void;
  /** The format's lists the contract's data holds (data-set.ts: formatListsOf); all by default. */
  lists?: readonly string[];
};

/** The journal beside `location` as read; undefined when there is none. */
export async function readJournalOf(location: string): Promise<ReadJournal | undefined> {
  const path = journalFileOf(location);
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new DataFileError(
      `Cannot read the journal ${path} beside the data file: ${(error as Error).message}. Check its permissions; it holds the latest writes.`,
    );
  }
  if (bytes.length === 0) return undefined;
  try {
    return readJournal(bytes);
  } catch (error) {
    if (!(error instanceof JournalDamage)) throw error;
    throw new DataFileError(
      `The journal ${path} beside the data file is damaged: ${error.message}. Both were left untouched: ` +
        'restore the journal, or move it away to start from the data file as it was last written (the writes made since are then lost).',
    );
  }
}

/**
 * The data file at `location` and its journal, replayed and checked; undefined when there is no
 * data file (a journal without one is dropped: its records follow a file that is gone).
 */
export async function readJournaledStart(location: string, checks: StartChecks): Promise<JournaledStart | undefined> {
  // The journal before the data file: a fold that ends between the two reads (a reader beside a
  // running mock) leaves a newer file, whose sequence skips the records it holds, never an older one.
  const journal = await readJournalOf(location);
  const identity = await identityOfFile(location);
  const file = await readDataFile(location, checks.lists);
  // The file's version only if it did not change while it was read: an edit saved meanwhile is checked.
  const unchangedWhileRead = sameIdentity(identity, await identityOfFile(location));
  if (!file) {
    if (journal && journal.records.length > 0)
      checks.log(
        `The data file ${location} is missing: a new one is made from the fixtures, and the ${journal.records.length} writes its journal held are dropped with it.`,
      );
    return undefined;
  }
  const records = (journal?.records ?? [])
    .filter((record) => record.seq > file.journalSequence)
    .map(({ seq, sets }) => ({ seq, sets }));
  if (journal && journal.tornBytes > 0)
    checks.log(
      `The journal of ${location} ended with an incomplete write (${journal.tornBytes} bytes, cut short by a crash before it was acknowledged): dropped.`,
    );
  const live =
    records.length > 0
      ? replayChangeSets(
          file.data,
          records.flatMap((record) => record.sets),
        )
      : copyDataSet(file.data);
  const header = journal?.header;
  const checkedBefore =
    header !== undefined &&
    checks.checkedAgainst !== undefined &&
    header.checkedAgainst === checks.checkedAgainst &&
    unchangedWhileRead &&
    sameIdentity(header.dataFile, identity);
  const faults = checkedBefore ? [] : (checks.checkRecords?.(live) ?? []);
  if (faults.length > 0) {
    const journaled =
      records.length > 0
        ? ` (with the ${records.length} writes of its journal that it does not hold yet: start once with the contract they were made under, and stop it, to write them into the file)`
        : '';
    throw new DataFileError(
      `The data file ${location}${journaled} breaks the contract in ${placesOf(faults)}:\n${describeFaults(faults)}\n` +
        adviceOnMissingFields(faults) +
        `It was left untouched: fix ${faults.length === 1 ? 'this record' : 'these records'} and start again, or start with --reset to rebuild it from the fixtures (every record stored is then lost).`,
    );
  }
  return { version: { data: file.data, journalSequence: file.journalSequence }, records, live, identity };
}

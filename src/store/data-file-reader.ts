// Reading the data file: a file that is missing, is not JSON, or is not petstore-mock data is
// refused with what to do next, and never overwritten. The contract's check of its records is the
// caller's (journaled-file.ts checks the data once the journal is replayed).
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type DataSet, findDataSetProblem } from './data-set.js';
import { type FileIdentity, identityOf } from './worker-file-steps.js';

export class DataFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataFileError';
  }
}

/** The data file as read: its data, and the last sequence of the journal it holds (0 if none). */
export type ReadDataFile = { data: DataSet; journalSequence: number };

/** The most faults a message lists; the rest are counted. */
const MOST_FAULTS_SHOWN = 20;

export function describeFaults(faults: readonly string[]): string {
  const shown = faults.slice(0, MOST_FAULTS_SHOWN).map((fault) => `  ${fault}`);
  if (faults.length > MOST_FAULTS_SHOWN) shown.push(`  … and ${faults.length - MOST_FAULTS_SHOWN} more`);
  return shown.join('\n');
}

/** How the check of records against the contract (openapi/data-set-check.ts) words a missing field, read back below. */
export const MISSING_FIELD = 'is required, and missing';
const MISSING_FIELD_FAULT = new RegExp(`field "([^"]+)": ${MISSING_FIELD}`);

/**
 * What a refusal adds when records lack a field the contract requires: most often a draft made
 * it required after they were stored, and its default is not written into them.
 */
export function adviceOnMissingFields(faults: readonly string[]): string {
  const fields = [...new Set(faults.map((fault) => MISSING_FIELD_FAULT.exec(fault)?.[1]))].filter(
    (field): field is string => field !== undefined,
  );
  if (fields.length === 0) return '';
  return (
    `These records lack ${fields.map((field) => `"${field}"`).join(', ')}, which the contract requires (a default in ` +
    'the contract applies to what clients send, not to records already stored): give them a value, or make the field optional in the contract.\n'
  );
}

export const placesOf = (faults: readonly string[]) => `${faults.length} ${faults.length === 1 ? 'place' : 'places'}`;

/** The file's version (inode, size, time) now; undefined when it is not there. */
export const identityOfFile = (path: string): Promise<FileIdentity | undefined> =>
  stat(path, { bigint: true }).then(identityOf, () => undefined);

/** The data file's text, or undefined when there is none. */
async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if ((error as NodeJS.ErrnoException).code === 'EISDIR') {
      throw new DataFileError(
        `The data file ${path} is a folder. Pass a file, e.g. --data ${join(path, 'db.json')} (created from the fixtures when missing).`,
      );
    }
    throw new DataFileError(
      `Cannot read the data file ${path}: ${(error as Error).message}. Check its permissions, or pass another --data FILE.`,
    );
  }
}

/**
 * The data file's data, undefined when there is no file; throws a DataFileError for one that is not
 * petstore-mock data (with the format's `lists` the contract's data holds).
 */
export async function readDataFile(path: string, lists?: readonly string[]): Promise<ReadDataFile | undefined> {
  const text = await readText(path);
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new DataFileError(
      `The data file ${path} is not valid JSON (${(error as Error).message}). It was left untouched: ` +
        'repair it, move it away, or start with --reset to rebuild it from the fixtures.',
    );
  }
  const problem = findDataSetProblem(parsed, lists);
  if (problem) {
    throw new DataFileError(
      `The data file ${path} is not petstore-mock data: ${problem}. It was left untouched: ` +
        'move it away, pass another --data FILE, or start with --reset to rebuild it from the fixtures.',
    );
  }
  const data = parsed as DataSet;
  const sequence = data.journalSequence;
  // Bookkeeping of the file, not data: the store keeps it apart.
  delete data.journalSequence;
  return {
    data,
    journalSequence: Number.isSafeInteger(sequence) && (sequence as number) > 0 ? (sequence as number) : 0,
  };
}

// The journal beside the data file (db.json.journal): the writes acknowledged since the data file
// was last written, one line per group commit, each line its checksum and its JSON:
//
//   1f0c3a9e {"journal":"petstore-mock","version":1,...}        the header: what the journal follows
//   5be2d0c1 {"seq":12,"sets":[{"lists":{"pets":...}}]}         a record: the change sets of one commit
//
// The checksum (CRC-32 of the JSON's bytes, in hex) tells a whole record from one a crash cut
// short: a last line without its newline, or whose checksum does not match, was never
// acknowledged (acknowledgement waits for the flush) and is dropped. A bad line with whole records
// after it is not a torn write but damage, and is refused rather than skipped.
import { crc32 } from 'node:zlib';
import type { ChangeSet } from './change-set.js';
import type { FileIdentity } from './worker-file-steps.js';

export const JOURNAL_FORMAT = 'petstore-mock journal';
export const JOURNAL_VERSION = 1;

/**
 * The first line: the version of the data file this journal was started after, as the mock wrote
 * (or read) it, and what the records were checked against (the contract's fingerprint): a start
 * that finds both unchanged need not check the data file's records again.
 */
export type JournalHeader = {
  journal: typeof JOURNAL_FORMAT;
  version: typeof JOURNAL_VERSION;
  dataFile?: FileIdentity;
  checkedAgainst?: string;
};

/** One group commit: its sequence number and the change sets of its transactions, in order. */
export type JournalRecord = { seq: number; sets: ChangeSet[] };

/** A record as read back, with where its line lies in the journal. */
export type ReadRecord = JournalRecord & { start: number; end: number };

export type ReadJournal = {
  header: JournalHeader;
  records: ReadRecord[];
  /** Bytes after the last whole record (a write a crash cut short), dropped. */
  tornBytes: number;
};

export class JournalDamage extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JournalDamage';
  }
}

const NEWLINE = 0x0a;
const SPACE = 0x20;
const CHECKSUM_LENGTH = 8;

function encodeLine(value: object): Buffer {
  const text = JSON.stringify(value);
  // The JSON is written once, where it goes in the line: checksum, space, JSON, newline.
  const line = Buffer.allocUnsafe(CHECKSUM_LENGTH + 1 + Buffer.byteLength(text, 'utf8') + 1);
  const jsonEnd = CHECKSUM_LENGTH + 1 + line.write(text, CHECKSUM_LENGTH + 1, 'utf8');
  const checksum = crc32(line.subarray(CHECKSUM_LENGTH + 1, jsonEnd))
    .toString(16)
    .padStart(CHECKSUM_LENGTH, '0');
  line.write(checksum, 0, 'latin1');
  line[CHECKSUM_LENGTH] = SPACE;
  line[jsonEnd] = NEWLINE;
  return line;
}

export const encodeHeader = (header: Omit<JournalHeader, 'journal' | 'version'>): Buffer =>
  encodeLine({ journal: JOURNAL_FORMAT, version: JOURNAL_VERSION, ...header });

export const encodeRecord = (record: JournalRecord): Buffer => encodeLine({ seq: record.seq, sets: record.sets });

/** The JSON of the line in bytes[start, end) (without its newline), or undefined when its checksum does not match. */
function lineValue(bytes: Buffer, start: number, end: number): unknown {
  if (end - start < CHECKSUM_LENGTH + 2 || bytes[start + CHECKSUM_LENGTH] !== SPACE) return undefined;
  const written = bytes.toString('latin1', start, start + CHECKSUM_LENGTH);
  if (!/^[0-9a-f]{8}$/.test(written)) return undefined;
  const json = bytes.subarray(start + CHECKSUM_LENGTH + 1, end);
  if (crc32(json) !== Number.parseInt(written, 16)) return undefined;
  try {
    return JSON.parse(json.toString('utf8'));
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is JournalRecord =>
  typeof value === 'object' &&
  value !== null &&
  Number.isSafeInteger((value as JournalRecord).seq) &&
  Array.isArray((value as JournalRecord).sets);

/** Whether a whole, valid record lies anywhere in bytes[from, …): then a bad line before it is damage. */
function wholeRecordAfter(bytes: Buffer, from: number): boolean {
  for (let start = from; start < bytes.length; ) {
    const end = bytes.indexOf(NEWLINE, start);
    if (end < 0) return false;
    if (isRecord(lineValue(bytes, start, end))) return true;
    start = end + 1;
  }
  return false;
}

/**
 * The header and the whole records of a journal's bytes; a torn last record is dropped (and
 * counted). Throws JournalDamage when the header is not a journal's, or a bad line has whole
 * records after it, or the sequence numbers do not increase.
 */
export function readJournal(bytes: Buffer): ReadJournal {
  const headerEnd = bytes.indexOf(NEWLINE);
  const header = headerEnd < 0 ? undefined : lineValue(bytes, 0, headerEnd);
  if ((header as JournalHeader | undefined)?.journal !== JOURNAL_FORMAT) {
    throw new JournalDamage('its first line is not the header of a petstore-mock journal');
  }
  if ((header as JournalHeader).version !== JOURNAL_VERSION) {
    throw new JournalDamage(
      `its version is ${JSON.stringify((header as JournalHeader).version)}, this petstore-mock reads ${JOURNAL_VERSION}`,
    );
  }
  const records: ReadRecord[] = [];
  let start = headerEnd + 1;
  while (start < bytes.length) {
    const end = bytes.indexOf(NEWLINE, start);
    const value = end < 0 ? undefined : lineValue(bytes, start, end);
    if (!isRecord(value)) {
      if (end >= 0 && wholeRecordAfter(bytes, end + 1)) {
        throw new JournalDamage(
          `line ${records.length + 2} is not a whole record (its checksum does not match), and whole records follow it`,
        );
      }
      return { header: header as JournalHeader, records, tornBytes: bytes.length - start };
    }
    const previous = records.at(-1);
    if (previous && value.seq <= previous.seq) {
      throw new JournalDamage(`line ${records.length + 2} has sequence ${value.seq}, not after ${previous.seq}`);
    }
    records.push({ seq: value.seq, sets: value.sets, start, end: end + 1 });
    start = end + 1;
  }
  return { header: header as JournalHeader, records, tornBytes: 0 };
}

/** The change sets of `records`, in order. */
export function* changeSetsOf(records: readonly JournalRecord[]): Generator<ChangeSet> {
  for (const record of records) yield* record.sets;
}

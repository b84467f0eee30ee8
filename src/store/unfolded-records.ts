// The journal's records not yet folded into the data file, kept in memory beside it (journaled-file.ts):
// with the data file's version, they are what is stored, which the data goes back to when a write
// fails, and what an edit by hand is merged with. Their size says when to fold (fold-schedule.ts),
// which also bounds the memory they take. Sequence numbers are given here: `next` for a record
// being written, `durable` for the last one on disk.
import type { ChangeSet } from './change-set.js';
import { changeSetsOf, encodeRecord, type JournalRecord } from './journal-format.js';

type Kept = JournalRecord & { size: number };

export class UnfoldedRecords {
  #records: Kept[] = [];
  #bytes = 0;
  /** The last sequence given, and the last stored (they differ while a record is being written). */
  #given: number;
  #durable: number;

  constructor(records: readonly JournalRecord[], fileSequence: number) {
    this.#given = records.at(-1)?.seq ?? fileSequence;
    this.#durable = this.#given;
    this.#set(records.map((record) => ({ ...record, size: encodeRecord(record).length })));
  }

  #set(records: Kept[]): void {
    this.#records = records;
    this.#bytes = records.reduce((sum, record) => sum + record.size, 0);
  }

  get durable(): number {
    return this.#durable;
  }
  /** Whether every sequence given is stored: no record is being written. */
  get settled(): boolean {
    return this.#given === this.#durable;
  }
  /** The size of their lines in the journal. */
  get bytes(): number {
    return this.#bytes;
  }

  /** The sequence of the next record, or version of the whole data. */
  next(): number {
    this.#given += 1;
    return this.#given;
  }

  /** A record is on disk in the journal. */
  stored(record: JournalRecord, size: number): void {
    this.#records.push({ ...record, size });
    this.#bytes += size;
    this.#durable = record.seq;
  }

  /** The whole data is on disk as of `sequence`, in the data file. */
  storedWhole(sequence: number): void {
    this.#durable = sequence;
    this.folded(sequence);
  }

  /** A write failed: the sequences given since the last stored are given again. */
  refused(): void {
    this.#given = this.#durable;
  }

  /** The data file holds everything up to `sequence`: the records up to it are dropped. */
  folded(sequence: number): void {
    if (this.#records.length > 0 && (this.#records[0] as Kept).seq <= sequence)
      this.#set(this.#records.filter((record) => record.seq > sequence));
  }

  /** The change sets of the records after `sequence` (a fold under way has not dropped those it holds yet). */
  since(sequence: number): Generator<ChangeSet> {
    return changeSetsOf(this.#records.filter((record) => record.seq > sequence));
  }

  /**
   * The journal starting over an edit made by hand, with `kept` as its only record: the records
   * to write, and `commit` to call once they are written.
   */
  restartOver(fileSequence: number, kept: ChangeSet | undefined): { records: JournalRecord[]; commit(): void } {
    const seq = Math.max(this.#given, fileSequence) + 1;
    const records = kept ? [{ seq, sets: [kept] }] : [];
    return {
      records,
      commit: () => {
        this.#given = kept ? seq : Math.max(this.#given, fileSequence);
        this.#durable = this.#given;
        this.#set(records.map((record) => ({ ...record, size: encodeRecord(record).length })));
      },
    };
  }
}

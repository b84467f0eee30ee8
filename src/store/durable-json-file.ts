// A lowdb adapter that writes the data file durably and atomically (see file-writer-thread.ts): a
// reader of the data file sees the old version or the new, whole, and a write resolves once it is
// on disk. lowdb's data here is the data file's version: the data set as of a sequence number of
// the journal (journaled-file.ts), which the file records beside the data.
import type { Adapter } from 'lowdb';
import { createBlockSerialiser } from './block-serialiser.js';
import type { DataSet } from './data-set.js';
import { createFileWriterThread, type FileWriter, type WriteOutcome } from './file-writer-thread.js';
import type { FileIdentity } from './worker-file-steps.js';

/** Starts what writes `file` (the writer thread; tests put a failing one in its place). */
export type OpenFileWriter = (file: string) => FileWriter;

/**
 * A version of the data file: the data set with every change up to `journalSequence` (0: none
 * yet). With `unless`, it is written only over that version of the file (an edit made by hand
 * meanwhile is left for the watch to take).
 */
export type FileVersion = { data: DataSet; journalSequence: number; unless?: FileIdentity };

export class DurableJsonFile implements Adapter<FileVersion> {
  readonly #serialiser = createBlockSerialiser();
  readonly #writer: FileWriter;
  /** What the last write did: the version of the file it wrote, or `edited` when it gave way to an edit. */
  lastOutcome: WriteOutcome | undefined;

  constructor(file: string, openWriter: OpenFileWriter = createFileWriterThread) {
    this.#writer = openWriter(file);
  }

  /** Reading (and refusing a corrupt file) is the store's job, before lowdb gets the data. */
  async read(): Promise<FileVersion | null> {
    return null;
  }

  async write({ data, journalSequence, unless }: FileVersion): Promise<void> {
    // The sequence is recorded once there is one: a new file is exactly the fixtures.
    const parts = await this.#serialiser.serialise(data, journalSequence > 0 ? { journalSequence } : {});
    this.lastOutcome = await this.#writer.write(parts, unless);
  }

  /** Stops the writer; call once every write is done. */
  close(): Promise<void> {
    return this.#writer.close();
  }
}

// A lowdb adapter that makes each write durable and atomic (see file-writer-thread.ts): a reader
// of the data file sees the old data or the new, whole, and a write resolves once it is on disk.
import type { Adapter } from 'lowdb';
import { createFileWriterThread, type FileWriter } from './file-writer-thread.js';

/** The file's bytes for the data: a string, or buffers written in order. */
export type Serialise<T> = (data: T) => string | Buffer[];
/** Starts what writes `file` (the writer thread; tests put a failing one in its place). */
export type OpenFileWriter = (file: string) => FileWriter;

export class DurableJsonFile<T> implements Adapter<T> {
  readonly #serialise: Serialise<T>;
  readonly #writer: FileWriter;

  constructor(
    file: string,
    serialise: Serialise<T> = (data) => JSON.stringify(data),
    openWriter: OpenFileWriter = createFileWriterThread,
  ) {
    this.#serialise = serialise;
    this.#writer = openWriter(file);
  }

  /** Reading (and refusing a corrupt file) is the store's job, before lowdb gets the data. */
  async read(): Promise<T | null> {
    return null;
  }

  async write(data: T): Promise<void> {
    const bytes = this.#serialise(data);
    await this.#writer.write(typeof bytes === 'string' ? [Buffer.from(bytes, 'utf8')] : bytes);
  }

  /** Stops the writer; call once every write is done. */
  close(): Promise<void> {
    return this.#writer.close();
  }
}

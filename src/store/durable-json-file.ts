// A lowdb adapter that makes each write durable and atomic: the JSON goes to a temporary file,
// which is flushed to disk (fsync) and renamed over the data file; the folder is then flushed
// so that the rename itself survives a crash. A reader sees the old file or the new one, whole.
import { open, rename } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';

/** The file's bytes for the data: a string, or buffers written in order. */
export type Serialise<T> = (data: T) => string | Buffer[];

export class DurableJsonFile<T> implements Adapter<T> {
  readonly #file: string;
  readonly #temporary: string;
  readonly #serialise: Serialise<T>;

  constructor(file: string, serialise: Serialise<T> = (data) => JSON.stringify(data)) {
    this.#file = file;
    this.#temporary = join(dirname(file), `.${basename(file)}.tmp`);
    this.#serialise = serialise;
  }

  /** Reading (and refusing a corrupt file) is the store's job, before lowdb gets the data. */
  async read(): Promise<T | null> {
    return null;
  }

  async write(data: T): Promise<void> {
    const handle = await open(this.#temporary, 'w');
    try {
      const bytes = this.#serialise(data);
      if (typeof bytes === 'string') await handle.writeFile(bytes, 'utf8');
      // At most IOV_MAX (1024) buffers go to one writev call.
      else for (let start = 0; start < bytes.length; start += 512) await handle.writev(bytes.slice(start, start + 512));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(this.#temporary, this.#file);
    const folder = await open(dirname(this.#file), 'r');
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
  }
}

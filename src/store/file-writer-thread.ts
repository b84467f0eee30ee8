// Durable, atomic file writes done on a thread of their own (its code and how a write stays
// whole: file-writer-worker.ts).
//
// Why a thread: done with fs/promises on the main thread, a write is about ten calls, and each
// one's answer waits behind the requests the server is busy with. The thread does the calls in a
// row, while the main thread goes on serving.
import { basename, dirname, join } from 'node:path';
import type { WriteReply, WriteRequest, WriterFiles } from './file-writer-worker.js';
import { createRequestThread } from './request-thread.js';
import type { FileIdentity } from './worker-file-steps.js';

/** The spare file beside `file` (see file-writer-worker.ts): remove it only while the mock is stopped. */
export const spareFileOf = (file: string) => join(dirname(file), `.${basename(file)}.spare`);

/** What a write did: the version it wrote, or nothing because the file was edited meanwhile (see `unless`). */
export type WriteOutcome = { written: FileIdentity } | { edited: true };

export type FileWriter = {
  /**
   * Resolves once `parts`, written in order, are the whole file, on disk; rejects with a
   * StorageError. With `unless`, writes only over that version of the file.
   */
  write(parts: readonly Uint8Array[], unless?: FileIdentity): Promise<WriteOutcome | undefined>;
  /** Stops the thread once the writes under way are done. */
  close(): Promise<void>;
};

export function createFileWriterThread(file: string): FileWriter {
  const files: WriterFiles = {
    file,
    spare: spareFileOf(file),
    aside: join(dirname(file), `.${basename(file)}.aside`),
  };
  const thread = createRequestThread<Omit<WriteRequest, 'id'>, WriteReply>(
    'file-writer-worker',
    import.meta.url,
    files,
    file,
  );
  return {
    async write(parts, unless) {
      const reply = await thread.request(unless ? { parts, unless } : { parts });
      if (reply.edited) return { edited: true };
      return reply.written ? { written: reply.written } : undefined;
    },
    close: () => thread.close(),
  };
}

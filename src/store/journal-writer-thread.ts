// The journal's appends and restarts, done on a thread of their own (its code, and how a record
// stays whole: journal-writer-worker.ts), in the order they are asked for.
import { basename, dirname, join } from 'node:path';
import type { JournalFiles, JournalReply, JournalRequest } from './journal-writer-worker.js';
import { createRequestThread } from './request-thread.js';

/** The journal beside `file`: db.json's is db.json.journal. */
export const journalFileOf = (file: string) => `${file}.journal`;

/** What an append did: `stale` when nothing was appended because the data must be written whole. */
export type AppendOutcome = { appended: true; size: number } | { stale: true };

export type JournalWriter = {
  /** Appends record `seq` (its line's bytes) and resolves once it is on disk; rejects with a StorageError. */
  append(seq: number, bytes: Uint8Array): Promise<AppendOutcome>;
  /**
   * Replaces the journal with `header` followed by `records` when given, else by its own records
   * after sequence `keepAfter`; resolves with its new size once that is on disk.
   */
  restart(
    header: Uint8Array,
    keepAfter: number,
    records?: readonly { seq: number; bytes: Uint8Array }[],
  ): Promise<number>;
  close(): Promise<void>;
};

/** Starts what writes the journal of `dataFile` (the thread; tests put a failing one in its place). */
export type OpenJournalWriter = (dataFile: string) => JournalWriter;

type Body = JournalRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export function createJournalWriterThread(dataFile: string): JournalWriter {
  const journal = journalFileOf(dataFile);
  const files: JournalFiles = { journal, next: join(dirname(journal), `.${basename(journal)}.next`), dataFile };
  const thread = createRequestThread<Body, JournalReply>('journal-writer-worker', import.meta.url, files, dataFile);
  return {
    async append(seq, bytes) {
      const reply = await thread.request({ kind: 'append', seq, bytes });
      return reply.stale ? { stale: true } : { appended: true, size: reply.size ?? 0 };
    },
    async restart(header, keepAfter, records) {
      const reply = await thread.request({ kind: 'restart', header, keepAfter, ...(records ? { records } : {}) });
      return reply.size ?? 0;
    },
    close: () => thread.close(),
  };
}

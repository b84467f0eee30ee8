// When the journal is folded into the data file (journaled-file.ts): once it holds a share of the
// data file's size (so that the cost of folds grows with the writes, not with the data: each fold
// writes the file once per quarter of its size written to the journal), within bounds; and, while
// the file is small enough for a person to read, once no write came for a moment, so that what
// they read is the latest.

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

export type FoldSchedule = {
  /** After each record stored: folds at once when the journal is past its size, else arms the fold of a quiet moment. */
  stored(journalBytes: number, fileBytes: number): void;
  stop(): void;
};

/** Calls `fold` when the policy says; `fold` itself waits for a moment when all that is applied is stored. */
export function createFoldSchedule(policy: FoldPolicy, fold: () => void): FoldSchedule {
  let idleTimer: NodeJS.Timeout | undefined;
  return {
    stored(journalBytes, fileBytes) {
      clearTimeout(idleTimer);
      const limit = Math.min(policy.maxBytes, Math.max(policy.minBytes, fileBytes * policy.fileShare));
      if (journalBytes >= limit) {
        fold();
        return;
      }
      if (policy.idleMs === false || fileBytes > policy.idleMaxFileBytes || journalBytes === 0) return;
      idleTimer = setTimeout(fold, policy.idleMs);
      idleTimer.unref();
    },
    stop: () => clearTimeout(idleTimer),
  };
}

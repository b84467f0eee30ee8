// What the store's writer threads share (file-writer-worker.ts, journal-writer-worker.ts): the
// steps of a write, each naming the file it could not write, and the failure told to the main
// thread without a path (a client of a refused write sees the reason, never the path).
//
// Only node: builtins and modules beside it are imported: run from the TypeScript sources, the
// workers start from data: URLs (worker-module.ts).
import { type BigIntStats, closeSync, fsyncSync, openSync, unlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import { getSystemErrorMap } from 'node:util';

/** Which of the files a write needs could not be written: the data file, its spare, its journal, or their folder. */
export type WritePart = 'file' | 'spare' | 'journal' | 'folder';
/** Why a write failed: the system error's code, if any, a reason that names no path, and where. */
export type WriteFailure = { code?: string; reason: string; part?: WritePart; path?: string };

/**
 * A version of a file as the mock wrote it: another version at its name is an edit made by hand.
 * Sizes and times as text: a stat's nanoseconds do not fit a JSON number.
 */
export type FileIdentity = { dev: string; ino: string; size: string; mtimeNs: string };

/** The identity in a stat taken with `{ bigint: true }`. */
export const identityOf = (stats: BigIntStats): FileIdentity => ({
  dev: String(stats.dev),
  ino: String(stats.ino),
  size: String(stats.size),
  mtimeNs: String(stats.mtimeNs),
});

export const sameIdentity = (a: FileIdentity | undefined, b: FileIdentity | undefined): boolean =>
  a !== undefined &&
  b !== undefined &&
  a.dev === b.dev &&
  a.ino === b.ino &&
  a.size === b.size &&
  a.mtimeNs === b.mtimeNs;

export function removeIfThere(name: string): void {
  try {
    unlinkSync(name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** A step of a write that failed, and the file it could not write. */
export class StepFailure extends Error {
  constructor(
    readonly part: WritePart,
    readonly path: string,
    readonly failure: unknown,
  ) {
    super(failure instanceof Error ? failure.message : String(failure));
  }
}

export function step<T>(part: WritePart, path: string, action: () => T): T {
  try {
    return action();
  } catch (error) {
    throw error instanceof StepFailure ? error : new StepFailure(part, path, error);
  }
}

export const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** "ENOSPC: no space left on device": the reason names no path (the client of a refused write must not see it). */
export function describeFailure(error: unknown): WriteFailure {
  const where = error instanceof StepFailure ? { part: error.part, path: error.path } : {};
  const cause = error instanceof StepFailure ? error.failure : error;
  const { code, errno } = cause as NodeJS.ErrnoException;
  const system = errno === undefined ? undefined : getSystemErrorMap().get(errno);
  if (code !== undefined && system) return { code, reason: `${code}: ${system[1]}`, ...where };
  const reason = cause instanceof Error ? cause.message : String(cause);
  return code === undefined ? { reason, ...where } : { code, reason, ...where };
}

/** Flushes the folder of `file`, so that a rename or a new name in it survives a crash. */
export function flushFolder(file: string): void {
  const folder = openSync(dirname(file), 'r');
  try {
    fsyncSync(folder);
  } finally {
    closeSync(folder);
  }
}

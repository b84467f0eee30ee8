// The only module that touches lowdb. It loads or creates the data file, refuses a corrupt one
// (never overwriting it), and stores changes durably: a change resolves only once it is on disk.
// Changes apply to the data at once, one at a time (JavaScript runs one at a time); the writes
// that store them are grouped (group-commit.ts). A write that fails is undone: the data goes back
// to what the file holds, every change since is rejected with a StorageError, and reads go on.
import { mkdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Low, Memory } from 'lowdb';
import { createBlockSerialiser, type SerialisedImage } from './block-serialiser.js';
import { watchFile } from './data-file-watch.js';
import { copyDataSet, type DataSet, findDataSetProblem } from './data-set.js';
import { DurableJsonFile, type OpenFileWriter } from './durable-json-file.js';
import { createGroupCommit } from './group-commit.js';

export const IN_MEMORY = ':memory:';

export type Store = {
  /** The data as it stands. Read freely; change it only through update(). */
  readonly data: DataSet;
  /** Where the data lives: an absolute path, or ":memory:". */
  readonly location: string;
  /**
   * Applies a change and resolves once it is stored. A change must check before it changes
   * anything: one that throws is not stored, and must leave the data as it found it. A change
   * replaces records, never edits one in place (stored records are frozen). When the file cannot
   * be written, it rejects with a StorageError and the change is undone.
   */
  update<T>(change: (data: DataSet) => T): Promise<T>;
  /** Replaces all data (reset to the fixtures) and stores it. */
  replace(data: DataSet): Promise<void>;
  close(): Promise<void>;
};

export class DataFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataFileError';
  }
}

export type StoreOptions = {
  /** A file path (relative to the working directory) or ":memory:". */
  location: string;
  /** Makes the initial data when the file is missing or a reset is asked for. */
  createInitialData: () => DataSet | Promise<DataSet>;
  /** Rebuild the file from createInitialData even if it exists. */
  reset?: boolean;
  /** What writes the file; by default the writer thread (file-writer-thread.ts). */
  openFileWriter?: OpenFileWriter;
  /** What is wrong with the records of data read from the file (the contract's check); none by default. */
  checkRecords?: (data: DataSet) => string[];
  /** Take edits made to the file while serving (serve --watch), saying each time what became of them. */
  watch?: { log: (line: string) => void };
};

/** The most faults a message lists; the rest are counted. */
const MOST_FAULTS_SHOWN = 20;

function describeFaults(faults: string[]): string {
  const shown = faults.slice(0, MOST_FAULTS_SHOWN).map((fault) => `  ${fault}`);
  if (faults.length > MOST_FAULTS_SHOWN) shown.push(`  … and ${faults.length - MOST_FAULTS_SHOWN} more`);
  return shown.join('\n');
}

async function readExisting(
  path: string,
  checkRecords: StoreOptions['checkRecords'],
  onFaults = (faults: string[]) =>
    `The data file ${path} breaks the contract in ${faults.length} ${faults.length === 1 ? 'place' : 'places'}:\n` +
    `${describeFaults(faults)}\nIt was left untouched: fix ${faults.length === 1 ? 'this record' : 'these records'} ` +
    'and start again, or start with --reset to rebuild it from the fixtures (your edits are then lost).',
): Promise<DataSet | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
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
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new DataFileError(
      `The data file ${path} is not valid JSON (${(error as Error).message}). It was left untouched: ` +
        'repair it, move it away, or start with --reset to rebuild it from the fixtures.',
    );
  }
  const problem = findDataSetProblem(parsed);
  if (problem) {
    throw new DataFileError(
      `The data file ${path} is not petstore-mock data: ${problem}. It was left untouched: ` +
        'move it away, pass another --data FILE, or start with --reset to rebuild it from the fixtures.',
    );
  }
  const faults = checkRecords?.(parsed as DataSet) ?? [];
  if (faults.length > 0) throw new DataFileError(onFaults(faults));
  return parsed as DataSet;
}

/** The file as a write of ours left it: another version there is an edit made by hand. */
type FileVersion = { ino: number; size: number; mtimeMs: number };
const versionOf = async (path: string): Promise<FileVersion | undefined> =>
  stat(path).then(
    ({ ino, size, mtimeMs }) => ({ ino, size, mtimeMs }),
    () => undefined,
  );
const sameVersion = (a: FileVersion | undefined, b: FileVersion | undefined) =>
  a !== undefined && b !== undefined && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;

/** The image of data that was read, not serialised: a copy of its lists, made once. */
function copiedImage(data: DataSet): SerialisedImage {
  const copy = copyDataSet(data);
  return { restore: () => copyDataSet(copy) };
}

export async function createStore(options: StoreOptions): Promise<Store> {
  const inMemory = options.location === IN_MEMORY;
  const location = inMemory ? IN_MEMORY : resolve(options.location);
  const existing = inMemory || options.reset ? undefined : await readExisting(location, options.checkRecords);
  const serialiser = createBlockSerialiser();
  const file = inMemory
    ? undefined
    : new DurableJsonFile<DataSet>(location, serialiser.serialise, options.openFileWriter);
  const db = new Low<DataSet>(file ?? new Memory<DataSet>(), existing ?? (await options.createInitialData()));
  if (!inMemory) await mkdir(dirname(location), { recursive: true });
  if (!existing) await db.write();
  // The data as the file holds it, to put back when a write fails. Kept as the image of the last
  // write (its blocks of records are kept anyway), not as a copy of the lists at each write.
  let stored: SerialisedImage = serialiser.lastImage() ?? copiedImage(db.data);
  const watching = options.watch !== undefined && !inMemory;
  let ownVersion = watching ? await versionOf(location) : undefined;
  const writes = createGroupCommit(
    async () => {
      await db.write();
      // Writes run one at a time: the last image is this write's.
      stored = serialiser.lastImage() ?? stored;
      if (watching) ownVersion = await versionOf(location);
    },
    () => {
      db.data = stored.restore();
    },
  );

  /** An edit by hand while serving: taken when it keeps the contract, else the last good data is kept. */
  const takeEdit = async (log: (line: string) => void) => {
    await writes.idle();
    // A file that changes while it is read is still being saved: read it again.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const before = await versionOf(location);
      if (before === undefined || sameVersion(before, ownVersion)) return;
      let edited: DataSet | undefined;
      let refusal: string | undefined;
      try {
        edited = await readExisting(
          location,
          options.checkRecords,
          (faults) =>
            `The data file ${location} was edited, and breaks the contract in ${faults.length} ${faults.length === 1 ? 'place' : 'places'}:\n` +
            `${describeFaults(faults)}\nStill serving the last good data: fix the file and save it again.`,
        );
      } catch (error) {
        refusal = (error as Error).message.replace(
          / It was left untouched: .*$/s,
          ' Still serving the last good data: fix the file and save it again.',
        );
      }
      const after = await versionOf(location);
      if (!sameVersion(before, after)) continue;
      ownVersion = after;
      if (refusal !== undefined || edited === undefined) {
        log(refusal ?? `The data file ${location} was edited away. Still serving the last good data.`);
        return;
      }
      db.data = edited;
      stored = copiedImage(edited);
      log(
        `The data file ${location} was edited: now serving it (${edited.pets.length} pets, ${edited.categories.length} categories, ${edited.orders.length} orders, ${edited.apiKeys.length} keys).`,
      );
      return;
    }
  };
  const watchLog = watching ? options.watch?.log : undefined;
  const watcher = watchLog ? watchFile(location, () => takeEdit(watchLog)) : undefined;

  return {
    get data() {
      return db.data;
    },
    location,
    async update(change) {
      const result = change(db.data);
      await writes.commit();
      return result;
    },
    async replace(data) {
      db.data = data;
      await writes.commit();
    },
    async close() {
      watcher?.close();
      await writes.idle();
      await file?.close();
    },
  };
}

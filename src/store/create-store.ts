// The only module that touches lowdb. It loads or creates the data file, refuses a corrupt one
// (never overwriting it), and serialises writes: a write resolves only once it is on disk.
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { Low, Memory } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import { type DataSet, findDataSetProblem } from './data-set.js';

export const IN_MEMORY = ':memory:';

export type Store = {
  /** The data as it stands. Read freely; change it only through update(). */
  readonly data: DataSet;
  /** Where the data lives: an absolute path, or ":memory:". */
  readonly location: string;
  /** Applies a change and resolves once it is stored. A change that throws stores nothing. */
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
  createInitialData: () => DataSet;
  /** Rebuild the file from createInitialData even if it exists. */
  reset?: boolean;
};

async function readExisting(path: string): Promise<DataSet | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
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
  return parsed as DataSet;
}

export async function createStore(options: StoreOptions): Promise<Store> {
  const inMemory = options.location === IN_MEMORY;
  const location = inMemory ? IN_MEMORY : resolve(options.location);
  const existing = inMemory || options.reset ? undefined : await readExisting(location);
  const db = new Low<DataSet>(
    inMemory ? new Memory<DataSet>() : new JSONFile<DataSet>(location),
    existing ?? options.createInitialData(),
  );
  if (!inMemory) await mkdir(dirname(location), { recursive: true });
  if (!existing) await db.write();

  // One write at a time, in arrival order: the file always holds a state some request saw.
  let queue: Promise<unknown> = Promise.resolve();
  const enqueue = <T>(task: () => Promise<T>): Promise<T> => {
    const result = queue.then(task);
    queue = result.catch(() => undefined);
    return result;
  };

  return {
    get data() {
      return db.data;
    },
    location,
    update(change) {
      return enqueue(async () => {
        const result = change(db.data);
        await db.write();
        return result;
      });
    },
    replace(data) {
      return enqueue(async () => {
        db.data = data;
        await db.write();
      });
    },
    close: () => enqueue(async () => undefined),
  };
}

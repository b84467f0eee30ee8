import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { useTempFolder } from '../../test/support/temp-folder.js';
import { generateDataSet } from '../fixtures/generate-data-set.js';
import { createStore, DataFileError, IN_MEMORY } from './create-store.js';
import type { DataSet } from './data-set.js';
import { createFileWriterThread, type FileWriter } from './file-writer-thread.js';
import { StorageError } from './storage-error.js';

/**
 * The writer thread, with faults on demand: while `full` is set every write fails as on a full
 * disk, and `hold` keeps the next write under way until the test releases it.
 */
function faultyDisk() {
  const disk = { full: false, writes: 0, hold: undefined as Promise<void> | undefined };
  const open = (file: string): FileWriter => {
    const real = createFileWriterThread(file);
    return {
      async write(parts, unless) {
        disk.writes += 1;
        const held = disk.hold;
        disk.hold = undefined;
        await held;
        if (disk.full) throw new StorageError(file, 'ENOSPC: no space left on device', 'ENOSPC');
        return real.write(parts, unless);
      },
      close: () => real.close(),
    };
  };
  return { disk, open };
}

/** The data file's data, without the journal's sequence it records. */
const onDisk = async (file: string): Promise<DataSet> => {
  const { journalSequence: _sequence, ...data } = JSON.parse(await readFile(file, 'utf8'));
  return data;
};

describe('the data store', () => {
  const tempFolder = useTempFolder('store');
  let folder: string;
  beforeEach(() => {
    folder = tempFolder();
  });
  const initial = () => generateDataSet({ seed: 1, pets: 5, orders: 2 });

  it('creates a missing file (and its folder) from the initial data', async () => {
    const file = join(folder, 'nested', 'db.json');
    const store = await createStore({ location: file, createInitialData: initial });
    expect(await onDisk(file)).toEqual(initial());
    await store.close();
  });

  it('stores a change before resolving, and a reopened store reads it back', async () => {
    const file = join(folder, 'db.json');
    const store = await createStore({ location: file, createInitialData: initial });
    await store.update((data) => {
      data.categories.push({ id: 99, name: 'Kept' });
    });
    expect(await readFile(file, 'utf8')).toContain('"Kept"');
    await store.close();
    const reopened = await createStore({ location: file, createInitialData: initial });
    expect(reopened.data.categories.at(-1)).toEqual({ id: 99, name: 'Kept' });
  });

  it('applies concurrent changes one at a time, in order, losing none', async () => {
    const file = join(folder, 'db.json');
    const store = await createStore({ location: file, createInitialData: initial });
    await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        store.update((data) => {
          data.categories.push({ id: 100 + index, name: `C${index}` });
        }),
      ),
    );
    expect((await onDisk(file)).categories.slice(-50).map((category: { id: number }) => category.id)).toEqual(
      Array.from({ length: 50 }, (_, index) => 100 + index),
    );
  });

  it('stores nothing when a change throws, and keeps serving later changes', async () => {
    const file = join(folder, 'db.json');
    const store = await createStore({ location: file, createInitialData: initial });
    const before = await readFile(file, 'utf8');
    await expect(
      store.update(() => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await readFile(file, 'utf8')).toBe(before);
    await store.update((data) => {
      data.nextId.pet += 1;
    });
    expect(JSON.parse(await readFile(file, 'utf8')).nextId.pet).toBe(initial().nextId.pet + 1);
  });

  it('refuses a corrupt file with a message saying what to do, and never overwrites it', async () => {
    const file = join(folder, 'db.json');
    await writeFile(file, '{"version": 1, "pets": [');
    const error = await createStore({ location: file, createInitialData: initial }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DataFileError);
    expect((error as Error).message).toMatch(/not valid JSON.*left untouched.*--reset/);
    expect(await readFile(file, 'utf8')).toBe('{"version": 1, "pets": [');
  });

  it('refuses JSON that is not petstore-mock data', async () => {
    const file = join(folder, 'db.json');
    await writeFile(file, JSON.stringify({ version: 1, pets: [] }));
    await expect(createStore({ location: file, createInitialData: initial })).rejects.toThrow(/no "categories" array/);
  });

  it("reads back another API's data set, which holds none of the Pet Store's lists, where its contract says so", async () => {
    const file = join(folder, 'db.json');
    const articles = [{ slug: 'kept', title: 'Kept' }];
    await writeFile(file, JSON.stringify({ version: 1, seed: 1, nextId: {}, apiKeys: [], articles }));
    const store = await createStore({ location: file, createInitialData: initial, lists: [] });
    expect(store.data.articles).toEqual(articles);
    await store.close();
    await expect(createStore({ location: file, createInitialData: initial })).rejects.toThrow(/no "categories" array/);
  });

  it('rebuilds a file, even a corrupt one, only when a reset is asked for', async () => {
    const file = join(folder, 'db.json');
    await writeFile(file, 'garbage');
    const store = await createStore({ location: file, createInitialData: initial, reset: true });
    expect(await onDisk(file)).toEqual(initial());
    await store.close();
  });

  it('keeps nothing on disk with :memory:', async () => {
    const store = await createStore({ location: IN_MEMORY, createInitialData: initial });
    await store.update((data) => {
      data.pets.pop();
    });
    expect(store.location).toBe(IN_MEMORY);
    expect(existsSync(join(process.cwd(), IN_MEMORY))).toBe(false);
  });

  describe('when the disk refuses a write', () => {
    it('undoes the change in memory and rejects it with a StorageError, and stores only acknowledged ones later', async () => {
      const file = join(folder, 'db.json');
      const { disk, open } = faultyDisk();
      const store = await createStore({ location: file, createInitialData: initial, openFileWriter: open });
      const before = await onDisk(file);
      disk.full = true;
      const refused = await store
        .update((data) => {
          data.pets.push({ id: data.nextId.pet, name: 'Refused', categoryId: 1, status: 'available' });
          data.nextId.pet += 1;
        })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(StorageError);
      expect((refused as StorageError).message).toBe(
        `The data file ${file} could not be written (ENOSPC: no space left on device); nothing was stored. Free disk space and retry; reads still work.`,
      );
      expect(store.data).toEqual(before);
      expect(await onDisk(file)).toEqual(before);

      // The disk has room again: the next write works, with no restart, and stores only its own change.
      disk.full = false;
      await store.update((data) => {
        data.pets.push({ id: data.nextId.pet, name: 'Kept', categoryId: 1, status: 'available' });
        data.nextId.pet += 1;
      });
      const after = await onDisk(file);
      expect(after.pets.map((pet) => pet.name)).toEqual([...before.pets.map((pet) => pet.name), 'Kept']);
      expect(after.pets.at(-1)?.id).toBe(before.nextId.pet);
      expect(store.data).toEqual(after);
      await store.close();
    });

    it('undoes every change of the failed write, and those made while it ran, rejecting each', async () => {
      const file = join(folder, 'db.json');
      const { disk, open } = faultyDisk();
      const store = await createStore({ location: file, createInitialData: initial, openFileWriter: open });
      // A stored version with records replaced in place and lists replaced, as handlers change them.
      await store.update((data) => {
        data.categories.push({ id: 50, name: 'Stored' });
        data.nextId.category = 51;
      });
      const stored = await onDisk(file);
      const writesBefore = disk.writes;

      let release = () => {};
      disk.hold = new Promise<void>((resolve) => {
        release = resolve;
      });
      disk.full = true;
      const rename = (data: DataSet) => {
        const first = data.pets[0] as DataSet['pets'][number];
        data.pets[0] = { ...first, name: 'Renamed' };
      };
      const batch = [
        store.update(rename),
        store.update((data) => {
          data.orders = data.orders.slice(1);
          data.nextId.order += 5;
        }),
        store.update((data) => {
          data.categories.push({ id: 51, name: 'Refused' });
          data.nextId.category += 1;
        }),
      ].map((change) => change.catch((error: unknown) => error));
      // Let the batch's write begin, then change more while it is under way.
      while (disk.writes === writesBefore) await new Promise((resolve) => setImmediate(resolve));
      const during = store
        .update((data) => {
          data.inventory = [];
          data.apiKeys.push({ key: 'refused', plan: 'free' });
        })
        .catch((error: unknown) => error);
      release();
      for (const outcome of [...(await Promise.all(batch)), await during]) expect(outcome).toBeInstanceOf(StorageError);
      expect(store.data).toEqual(stored);
      expect(disk.writes).toBe(writesBefore + 1);

      disk.full = false;
      await store.update((data) => {
        data.nextId.pet += 1;
      });
      expect(await onDisk(file)).toEqual({ ...stored, nextId: { ...stored.nextId, pet: stored.nextId.pet + 1 } });
      await store.close();
    });

    it('keeps the data a refused reset would have replaced', async () => {
      const file = join(folder, 'db.json');
      const { disk, open } = faultyDisk();
      const store = await createStore({ location: file, createInitialData: initial, openFileWriter: open });
      const before = await onDisk(file);
      disk.full = true;
      await expect(store.replace(generateDataSet({ seed: 2, pets: 1, orders: 0 }))).rejects.toBeInstanceOf(
        StorageError,
      );
      expect(store.data).toEqual(before);
      await store.close();
    });

    it('goes back to the data as read from an existing file, when its first write fails', async () => {
      const file = join(folder, 'db.json');
      await (await createStore({ location: file, createInitialData: initial })).close();
      const { disk, open } = faultyDisk();
      const store = await createStore({ location: file, createInitialData: initial, openFileWriter: open });
      const before = await onDisk(file);
      disk.full = true;
      await expect(
        store.update((data) => {
          data.pets.pop();
          data.nextId.pet += 1;
        }),
      ).rejects.toBeInstanceOf(StorageError);
      expect(store.data).toEqual(before);
      await store.close();
    });
  });
});

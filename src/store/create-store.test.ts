import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { generateDataSet } from '../../fixtures/generate-data-set.js';
import { useTempFolder } from '../../test/support/temp-folder.js';
import { createStore, DataFileError, IN_MEMORY } from './create-store.js';

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
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(initial());
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
    const onDisk = JSON.parse(await readFile(file, 'utf8'));
    expect(onDisk.categories.slice(-50).map((category: { id: number }) => category.id)).toEqual(
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

  it('rebuilds a file, even a corrupt one, only when a reset is asked for', async () => {
    const file = join(folder, 'db.json');
    await writeFile(file, 'garbage');
    const store = await createStore({ location: file, createInitialData: initial, reset: true });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(initial());
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
});

// An edit by hand while serving (serve --watch), with writes in the journal that the file does not
// hold yet: the edit is served, the writes it did not touch are kept, and where both changed the
// same record the edit wins; the log says which. Each test waits for the watch's log line, never
// for a time.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { useTempFolder } from '../../test/support/temp-folder.js';
import { generateDataSet } from '../fixtures/generate-data-set.js';
import { createStore, readStoredData, type Store } from './create-store.js';
import type { DataSet } from './data-set.js';
import { journalFileOf } from './journal-writer-thread.js';
import { dataStoreOf } from './lowdb-data-store.js';
import { INVENTORY, PETS } from './test-support/format-collections.js';

const initial = () => generateDataSet({ seed: 1, pets: 5, orders: 2 });
type FileData = DataSet & { journalSequence?: number };

describe('an edit by hand while serving, with writes not yet in the file', () => {
  const tempFolder = useTempFolder('hand-edit');
  let file: string;
  let store: Store;
  let lines: string[];
  let waiting: { pattern: RegExp; resolve: (line: string) => void } | undefined;
  /** The next line of the watch's log that matches `pattern`. */
  const logged = (pattern: RegExp) =>
    new Promise<string>((resolve) => {
      waiting = { pattern, resolve };
    });
  const readFileData = async (): Promise<FileData> => JSON.parse(await readFile(file, 'utf8'));
  /** Saves the file as an editor would: the whole of it, pretty-printed. */
  const save = (data: FileData) => writeFile(file, JSON.stringify(data, null, 2));
  const data = () => dataStoreOf(store);

  beforeEach(async () => {
    file = join(tempFolder(), 'db.json');
    lines = [];
    waiting = undefined;
    store = await createStore({
      location: file,
      createInitialData: initial,
      // No fold but at the stop: the journal holds every write the tests make.
      fold: { idleMs: false, minBytes: 1e12, maxBytes: 1e12 },
      checkRecords: (checked) =>
        checked.pets.filter((pet) => typeof pet.name !== 'string').map((pet) => `pets, id ${pet.id}: no name`),
      watch: {
        log: (line) => {
          lines.push(line);
          if (waiting?.pattern.test(line)) waiting.resolve(line);
        },
        // A draft's collection keyed by a field of its own, as the served contract tells it.
        keyFields: (collection) => (collection === 'breeds' ? 'code' : undefined),
      },
    });
  });
  afterEach(async () => {
    await store.close();
  });

  it('serves the edit, keeps the writes it did not touch, and restarts the journal over it', async () => {
    const opened = await readFileData();
    const created = await data().transaction(async (tx) => {
      const pet = await tx.insert(PETS, { name: 'Made through the API', categoryId: 1, status: 'available' });
      await tx.insert(INVENTORY, { petId: pet.id, quantity: 3, status: 'available' });
      return pet;
    });
    expect((await readFileData()).pets).toHaveLength(opened.pets.length);

    const edit = structuredClone(opened);
    (edit.pets[0] as { name: string }).name = 'Renamed by hand';
    const taken = logged(/was edited: now serving it/);
    await save(edit);
    const line = await taken;

    expect(line).toContain(
      `Kept 2 writes made through the API that the file did not hold yet: pets ${created.id}, inventory ${created.id}.`,
    );
    expect(store.data.pets[0]?.name).toBe('Renamed by hand');
    expect(store.data.pets.at(-1)).toEqual(created);
    // The mock wrote nothing over the edit (its formatting is the person's), and what is stored is what is served.
    expect(await readFile(file, 'utf8')).toBe(JSON.stringify(edit, null, 2));
    expect(await readStoredData(file)).toEqual(JSON.parse(JSON.stringify(store.data)));
    // The next id is not given twice.
    const next = await data().transaction((tx) => tx.insert(PETS, { name: 'Next', categoryId: 1, status: 'sold' }));
    expect(next.id).toBe(Number(created.id) + 1);
  });

  it('lets the edit win where it changed a record the API changed too, and says which', async () => {
    const opened = await readFileData();
    const first = opened.pets[0] as DataSet['pets'][number];
    await data().transaction((tx) => tx.replace(PETS, { ...first, status: 'sold' }));
    await data().transaction((tx) => tx.remove(PETS, 2));
    const edit = structuredClone(opened);
    edit.pets[0] = { ...first, name: 'Renamed by hand' };
    const taken = logged(/was edited/);
    await save(edit);
    const line = await taken;

    expect(line).toContain('Kept 1 writes made through the API that the file did not hold yet: pets 2.');
    expect(line).toContain('Your edit wins over 1 writes made through the API to records it changed: pets 1.');
    expect(store.data.pets[0]).toEqual({ ...first, name: 'Renamed by hand' });
    expect(store.data.pets.some((pet) => pet.id === 2)).toBe(false);
  });

  it('says so when the edit was saved over a newer version of the file, whose changes it then undoes', async () => {
    const opened = await readFileData();
    await data().transaction((tx) => tx.insert(PETS, { name: 'Folded', categoryId: 1, status: 'available' }));
    // Another edit was taken since the editor read the file: the file the mock knows is newer.
    const newer = structuredClone(opened);
    newer.journalSequence = 5;
    let taken = logged(/was edited/);
    await save(newer);
    await taken;
    const stale = structuredClone(opened);
    (stale.pets[1] as { name: string }).name = 'From an old copy';
    taken = logged(/was edited/);
    await save(stale);
    expect(await taken).toContain(
      'It was saved over a newer version of the file (yours has journalSequence 0, the mock had written 5): where they differ, your edit wins.',
    );
    expect(store.data.pets[1]?.name).toBe('From an old copy');
  });

  it('names the records an old copy of the file takes away when saved over a newer one', async () => {
    const opened = await readFileData();
    const newer = structuredClone(opened);
    const first = newer.pets[0];
    if (!first) throw new Error('The fixtures have no pet.');
    const added = { ...first, id: newer.nextId.pet, name: 'Added by hand' };
    newer.pets.push(added);
    newer.nextId.pet += 1;
    newer.breeds = [{ code: 'ABC', label: 'Abyssinian' }];
    newer.journalSequence = 5;
    let taken = logged(/was edited/);
    await save(newer);
    await taken;
    taken = logged(/was edited/);
    await save(opened);
    const line = await taken;
    expect(line).toContain('where they differ, your edit wins.');
    expect(line).toContain(`It removes 2 records served until now: pets ${added.id}, breeds ABC.`);
    expect(store.data.pets.some((pet) => pet.id === added.id)).toBe(false);
  });

  it('takes no edit that breaks the contract, writes nothing over it, and takes the next good one with the writes', async () => {
    const opened = await readFileData();
    await data().transaction((tx) => tx.insert(PETS, { name: 'Kept meanwhile', categoryId: 1, status: 'available' }));
    const broken = structuredClone(opened);
    (broken.pets[0] as { name: unknown }).name = 42;
    let taken = logged(/was edited/);
    await save(broken);
    expect(await taken).toMatch(
      /breaks the contract in 1 place:\n {2}pets, id 1: no name\nStill serving the last good data/,
    );
    expect(store.data.pets.at(-1)?.name).toBe('Kept meanwhile');

    await data().transaction((tx) => tx.insert(PETS, { name: 'Kept too', categoryId: 1, status: 'available' }));
    const fixed = structuredClone(opened);
    (fixed.pets[0] as { name: string }).name = 'Fixed by hand';
    taken = logged(/now serving it/);
    await save(fixed);
    expect(await taken).toContain('Kept 2 writes made through the API that the file did not hold yet');
    expect(store.data.pets.slice(-2).map((pet) => pet.name)).toEqual(['Kept meanwhile', 'Kept too']);
    expect(store.data.pets[0]?.name).toBe('Fixed by hand');
    // The journal holds those writes over the edit, and a stop folds them in.
    await store.close();
    const folded = await readFileData();
    expect(folded.pets[0]?.name).toBe('Fixed by hand');
    expect(folded.pets.slice(-2).map((pet) => pet.name)).toEqual(['Kept meanwhile', 'Kept too']);
    expect((await readFile(journalFileOf(file), 'utf8')).split('\n').filter(Boolean)).toHaveLength(1);
    store = await createStore({ location: file, createInitialData: initial });
  });

  it('leaves an edit it did not take as it is at a stop, the journal keeping the writes the file does not hold', async () => {
    const opened = await readFileData();
    await data().transaction((tx) => tx.insert(PETS, { name: 'In the journal', categoryId: 1, status: 'available' }));
    const broken = structuredClone(opened);
    (broken.pets[0] as { name: unknown }).name = 42;
    const taken = logged(/was edited/);
    await save(broken);
    await taken;
    await store.close();
    expect(await readFile(file, 'utf8')).toBe(JSON.stringify(broken, null, 2));
    const journal = await readFile(journalFileOf(file), 'utf8');
    expect(journal).toContain('"In the journal"');
    // Mended by hand, the file starts with the journal's writes over it.
    await save(opened);
    store = await createStore({ location: file, createInitialData: initial });
    expect(store.data.pets.at(-1)?.name).toBe('In the journal');
  });
});

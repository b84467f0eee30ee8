import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { useTempFolder } from '../../test/support/temp-folder.js';
import { generateDataSet } from '../fixtures/generate-data-set.js';
import { createStore, IN_MEMORY, readStoredData, type Store } from './create-store.js';
import type { DataSet } from './data-set.js';
import type { DataStore, DataTransaction } from './data-store.js';
import { dataStoreOf } from './lowdb-data-store.js';
import { CATEGORIES, INVENTORY, ORDERS, PETS } from './test-support/format-collections.js';

const initial = () => generateDataSet({ seed: 1, pets: 5, orders: 2 });

/** Takes one unit of pet 1's stock, as placing an order does, with a network-like pause between check and write. */
async function takeOneUnit(tx: DataTransaction): Promise<number> {
  const stock = await tx.get(INVENTORY, 1);
  await wait(5);
  if (!stock || Number(stock.quantity) < 1) throw new Error('INSUFFICIENT_STOCK');
  await tx.replace(INVENTORY, { ...stock, quantity: Number(stock.quantity) - 1 });
  const order = await tx.insert(ORDERS, {
    petId: 1,
    quantity: 1,
    shipDate: '2026-01-01T00:00:00.000Z',
    complete: false,
  });
  return order.id as number;
}

describe('the lowdb DataStore', () => {
  const tempFolder = useTempFolder('data-store');
  let store: Store;
  let data: DataStore;
  beforeEach(async () => {
    store = await createStore({ location: join(tempFolder(), 'db.json'), createInitialData: initial });
    data = dataStoreOf(store);
  });
  afterEach(async () => {
    await data.close();
  });

  it('stores the writes of a transaction together, on disk once it resolves: in the journal, the data file as it was', async () => {
    const fileBefore = await readFile(store.location, 'utf8');
    const created = await data.transaction(async (tx) => {
      const pet = await tx.insert(PETS, { name: 'Kept', categoryId: 1, status: 'available' });
      await tx.insert(INVENTORY, { petId: pet.id, quantity: 0, status: 'available' });
      return pet;
    });
    expect(created.id).toBe(initial().nextId.pet);
    expect(await readFile(store.location, 'utf8')).toBe(fileBefore);
    const onDisk = (await readStoredData(store.location)) as DataSet;
    expect(onDisk.pets.at(-1)).toEqual(created);
    expect(onDisk.inventory.at(-1)).toEqual({ petId: created.id, quantity: 0, status: 'available' });
    expect(onDisk.nextId.pet).toBe(Number(created.id) + 1);
  });

  it('stores nothing of a transaction that throws, not even the ids it took', async () => {
    const before = await readFile(store.location, 'utf8');
    await expect(
      data.transaction(async (tx) => {
        await tx.insert(PETS, { name: 'Lost', categoryId: 1, status: 'available' });
        await tx.remove(PETS, 1);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(store.data).toEqual(initial());
    expect(await readFile(store.location, 'utf8')).toBe(before);
  });

  it('runs concurrent transactions one at a time: two orders for the last unit, one is refused', async () => {
    await data.transaction(async (tx) => {
      const stock = await tx.get(INVENTORY, 1);
      if (stock) await tx.replace(INVENTORY, { ...stock, quantity: 1 });
    });
    const outcomes = await Promise.allSettled([data.transaction(takeOneUnit), data.transaction(takeOneUnit)]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({
      reason: new Error('INSUFFICIENT_STOCK'),
    });
    expect(await data.read((view) => view.get(INVENTORY, 1))).toMatchObject({ quantity: 0 });
    expect(store.data.orders).toHaveLength(initial().orders.length + 1);
  });

  it('shows a transaction to readers only once it commits, whole', async () => {
    let insertedWhileOpen: (() => void) | undefined;
    const written = new Promise<void>((resolve) => {
      insertedWhileOpen = resolve;
    });
    const transaction = data.transaction(async (tx) => {
      await tx.insert(PETS, { name: 'Pending', categoryId: 1, status: 'available' });
      insertedWhileOpen?.();
      await wait(5);
    });
    await written;
    const whileOpen = await data.read((view) =>
      view.list(PETS, { offset: 0, limit: 20 }, (pet) => pet.name === 'Pending'),
    );
    expect(whileOpen.total).toBe(0);
    await transaction;
    const after = await data.read((view) => view.list(PETS, { offset: 0, limit: 20 }, (pet) => pet.name === 'Pending'));
    expect(after.total).toBe(1);
  });

  it('lets a reset wait for the transaction under way, and the next one see the reset data', async () => {
    const insert = data.transaction(async (tx) => {
      await wait(5);
      await tx.insert(PETS, { name: 'Before the reset', categoryId: 1, status: 'available' });
    });
    await Promise.all([insert, data.replaceAll(initial())]);
    expect(store.data).toEqual(initial());
  });

  it('refuses to replace or remove a record that is not there, and stores nothing of that transaction', async () => {
    await expect(
      data.transaction(async (tx) => {
        await tx.putApiKey({ key: 'not-kept', plan: 'free' });
        await tx.replace(PETS, { id: 999, name: 'Ghost', categoryId: 1, status: 'available' });
      }),
    ).rejects.toThrow('No record 999 of pets');
    await expect(data.transaction((tx) => tx.removeApiKey('no-such-key'))).rejects.toThrow('No API key no-such-key');
    expect(await data.read((view) => view.findApiKey('not-kept'))).toBeUndefined();
  });

  it('refuses writes once the work of a transaction has resolved', async () => {
    let leaked: DataTransaction | undefined;
    await data.transaction((tx) => {
      leaked = tx;
    });
    await expect(leaked?.remove(PETS, 1)).rejects.toThrow('This transaction is over');
  });

  it('finds API keys put and removed, in the order they were added', async () => {
    await data.transaction((tx) => tx.putApiKey({ key: 'added', plan: 'pro' }));
    expect(await data.read((view) => view.findApiKey('added'))).toEqual({ key: 'added', plan: 'pro' });
    await data.transaction((tx) => tx.putApiKey({ key: 'added', plan: 'business' }));
    const keys = await data.read((view) => view.listApiKeys());
    expect(keys.filter((record) => record.key === 'added')).toEqual([{ key: 'added', plan: 'business' }]);
    expect(keys.at(-1)?.key).toBe('added');
    await data.transaction((tx) => tx.removeApiKey('added'));
    expect(await data.read((view) => view.findApiKey('added'))).toBeUndefined();
  });

  it('is one DataStore per Store, so that every part of the server shares its lock', () => {
    expect(dataStoreOf(store)).toBe(data);
  });
});

describe('reads of the lowdb DataStore', () => {
  let data: DataStore;
  let store: Store;
  beforeEach(async () => {
    store = await createStore({
      location: IN_MEMORY,
      createInitialData: () => generateDataSet({ seed: 1, pets: 50, orders: 5 }),
    });
    data = dataStoreOf(store);
  });
  afterEach(async () => {
    await data.close();
  });

  it('answers the stored records themselves, without copies', async () => {
    const pet = store.data.pets[10];
    expect(await data.read((view) => view.get(PETS, pet?.id ?? 0))).toBe(pet);
    const page = await data.read((view) => view.list(PETS, { offset: 10, limit: 5 }));
    expect(page).toEqual({ items: store.data.pets.slice(10, 15), total: 50 });
    expect(page.items[0]).toBe(pet);
  });

  it('pages a filtered list and counts every match', async () => {
    const sold = store.data.pets.filter((pet) => pet.status === 'sold');
    const page = await data.read((view) => view.list(PETS, { offset: 1, limit: 2 }, (pet) => pet.status === 'sold'));
    expect(page).toEqual({ items: sold.slice(1, 3), total: sold.length });
  });

  it('finds the first record a filter keeps, and counts those it keeps', async () => {
    const category = store.data.categories[1];
    expect(await data.read((view) => view.find(CATEGORIES, (record) => record.name === category?.name))).toBe(category);
    expect(await data.read((view) => view.find(CATEGORIES, () => false))).toBeUndefined();
    const inFirst = store.data.pets.filter((pet) => pet.categoryId === 1).length;
    expect(await data.read((view) => view.count(PETS, (pet) => pet.categoryId === 1))).toBe(inFirst);
    expect(await data.read((view) => view.count(PETS))).toBe(50);
  });
});

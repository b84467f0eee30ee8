import { describe, expect, it } from '@jest/globals';
import { generateDataSet } from '../fixtures/generate-data-set.js';
import { createCopyOnWriteDataStore } from './copy-on-write-data-store.js';
import { type DataSet, freezeDataSet } from './data-set.js';
import type { DataStore } from './data-store.js';
import { INVENTORY, ORDERS, PETS } from './test-support/format-collections.js';

const shared = freezeDataSet(generateDataSet({ seed: 3, pets: 20, orders: 4 }));
const untouched = generateDataSet({ seed: 3, pets: 20, orders: 4 });
const ALL = { offset: 0, limit: 100 };

const addPet = (data: DataStore, name: string) =>
  data.transaction(async (tx) => {
    const pet = await tx.insert(PETS, { name, categoryId: 1, status: 'available' });
    await tx.insert(INVENTORY, { petId: pet.id, quantity: 0, status: 'available' });
    return pet;
  });

describe('the copy-on-write DataStore', () => {
  it('answers the shared records themselves until a write, and never changes the shared data', async () => {
    const data = createCopyOnWriteDataStore(shared);
    expect(await data.read((view) => view.get(PETS, 3))).toBe(shared.pets[2]);

    const created = await addPet(data, 'Mine');
    const first = shared.pets[0] as DataSet['pets'][number];
    await data.transaction((tx) => tx.replace(PETS, { ...first, name: 'Renamed' }));
    await data.transaction((tx) => tx.remove(ORDERS, 1));
    await data.transaction((tx) => tx.putApiKey({ key: 'own-key', plan: 'pro' }));

    expect(created.id).toBe(shared.nextId.pet);
    expect((await data.read((view) => view.list(PETS, ALL))).total).toBe(21);
    expect((await data.read((view) => view.get(PETS, 1)))?.name).toBe('Renamed');
    expect(await data.read((view) => view.get(ORDERS, 1))).toBeUndefined();
    expect(await data.read((view) => view.findApiKey('own-key'))).toEqual({ key: 'own-key', plan: 'pro' });
    // Unchanged records are still the shared ones: a copied list holds references, not copies.
    expect(await data.read((view) => view.get(PETS, 3))).toBe(shared.pets[2]);
    expect(shared).toEqual(untouched);
  });

  it('copies only the lists a write changes', async () => {
    const data = createCopyOnWriteDataStore(shared);
    await data.transaction(async (tx) => {
      const item = await tx.get(INVENTORY, 2);
      if (item) await tx.replace(INVENTORY, { ...item, quantity: Number(item.quantity) + 5 });
    });
    // The key list is handed out as it is stored: still the shared array, not a copy.
    expect(await data.read((view) => view.listApiKeys())).toBe(shared.apiKeys);
    expect((await data.read((view) => view.get(INVENTORY, 2)))?.quantity).toBe(
      (shared.inventory[1]?.quantity ?? 0) + 5,
    );
    expect(shared.inventory[1]).toEqual(untouched.inventory[1]);
  });

  it('keeps each store to itself: two stores over the same data, each with its own writes and ids', async () => {
    const [one, two] = [createCopyOnWriteDataStore(shared), createCopyOnWriteDataStore(shared)];
    const [petOne, petTwo] = [await addPet(one, 'One'), await addPet(two, 'Two')];
    expect(petOne.id).toBe(petTwo.id);
    expect((await one.read((view) => view.get(PETS, petOne.id as number)))?.name).toBe('One');
    expect((await two.read((view) => view.get(PETS, petTwo.id as number)))?.name).toBe('Two');
    expect(await one.read((view) => view.list(PETS, ALL, (pet) => pet.name === 'Two'))).toEqual({
      items: [],
      total: 0,
    });
  });

  it('goes back to the shared data on replaceAll, and stores nothing of a transaction that throws', async () => {
    const data = createCopyOnWriteDataStore(shared);
    await addPet(data, 'Gone at reset');
    await expect(
      data.transaction(async (tx) => {
        await tx.remove(PETS, 2);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await data.read((view) => view.get(PETS, 2))).toBe(shared.pets[1]);
    await data.replaceAll(shared);
    expect((await data.read((view) => view.list(PETS, ALL))).total).toBe(20);
    expect((await addPet(data, 'Again')).id).toBe(shared.nextId.pet);
  });

  it('shares only frozen data, whose records cannot be edited in place', () => {
    expect(() => createCopyOnWriteDataStore(generateDataSet({ seed: 3, pets: 2, orders: 1 }))).toThrow('frozen');
    expect(() => {
      (shared.pets[0] as { name: string }).name = 'edited';
    }).toThrow(TypeError);
  });
});

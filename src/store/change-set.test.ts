// A change set's inserts are appended without a search of the list: with a large list, a search
// for a key no record has walks it all, once per new record.
import { describe, expect, it } from '@jest/globals';
import { generateDataSet } from '../fixtures/generate-data-set.js';
import { applyChangeSet, type ChangeSet } from './change-set.js';
import { copyDataSet, type DataSet, type Pet } from './data-set.js';
import { createDataSetReader, dataSetSource } from './data-set-reader.js';
import { createDataSetTransaction, storedDataOf } from './data-set-transaction.js';

const PETS = { name: 'pets', keyField: 'id', counter: 'pet' } as const;
const pet = (id: number): Pet => ({ id, name: `p${id}`, categoryId: 1, status: 'available' });

/** A data set whose pets are read through a proxy that counts the records read from the list. */
function countedPets(count: number): { data: DataSet; reads: () => number } {
  let reads = 0;
  const data = copyDataSet(generateDataSet({ seed: 3, pets: 1, orders: 0 }));
  // Ids out of order: no arithmetic finds them, as in a list with records removed.
  const list = Array.from({ length: count }, (_, index) => pet(count - index));
  data.pets = new Proxy(list, {
    get(target, property, receiver) {
      if (typeof property === 'string' && /^\d+$/.test(property)) reads += 1;
      return Reflect.get(target, property, receiver);
    },
  });
  return { data, reads: () => reads };
}

describe('a change set of inserts', () => {
  it('is written by a transaction with its inserts marked', async () => {
    const data = generateDataSet({ seed: 3, pets: 4, orders: 0 });
    const transaction = createDataSetTransaction(
      createDataSetReader(() => data),
      storedDataOf(dataSetSource(() => data)),
    );
    const created = await transaction.tx.insert(PETS, { name: 'new', categoryId: 1, status: 'available' });
    await transaction.tx.replace(PETS, { ...pet(2), name: 'renamed' });
    const changes = transaction.changeSet().lists.pets?.changes;
    expect(changes).toEqual([
      [2, { ...pet(2), name: 'renamed' }],
      [created.id, created, true],
    ]);
  });

  it('is applied without reading the list: 1,000 new pets beside 100,000 stored', () => {
    const { data, reads } = countedPets(100_000);
    const changes: ChangeSet = {
      lists: {
        pets: {
          keyField: 'id',
          changes: Array.from({ length: 1_000 }, (_, index) => [100_001 + index, pet(100_001 + index), true]),
        },
      },
      apiKeys: [],
    };
    applyChangeSet(data, changes);
    expect(reads()).toBe(0);
    expect(data.pets).toHaveLength(101_000);
    expect(data.pets.at(-1)).toEqual(pet(101_000));
  });

  it('unmarked, each new key is searched for: what the mark saves', () => {
    const { data, reads } = countedPets(10_000);
    applyChangeSet(data, { lists: { pets: { keyField: 'id', changes: [[10_001, pet(10_001)]] } }, apiKeys: [] });
    expect(reads()).toBeGreaterThanOrEqual(10_000);
    expect(data.pets).toHaveLength(10_001);
  });

  it('keeps a record removed and made again under its key in the same change set, in its place', () => {
    const data = generateDataSet({ seed: 3, pets: 4, orders: 0 });
    const before = data.pets.map((record) => record.id);
    applyChangeSet(data, {
      lists: {
        pets: {
          keyField: 'id',
          changes: [
            [2, null],
            [2, { ...pet(2), name: 'again' }, true],
          ],
        },
      },
      apiKeys: [],
    });
    expect(data.pets.map((record) => record.id)).toEqual(before);
    expect(data.pets[1]?.name).toBe('again');
  });
});

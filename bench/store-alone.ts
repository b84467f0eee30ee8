// The data file's store alone, without HTTP: how many durable creates a second it takes from 50
// writers at once (as many as the HTTP loads have connections), each awaiting its create before
// the next, as a client awaits its answer. It shows what the storage can do, apart from what
// Express and the request path cost per create. Creates go through transactions, as the handlers
// make them: their change sets go to the journal. The store's close then folds the journal into
// the data file, timed: what a fold costs at that size (the first, with no block of records
// serialised before).
import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createStore } from '../src/store/create-store.js';
import { dataStoreOf } from '../src/store/lowdb-data-store.js';
import { CONNECTIONS } from './loads.js';

const PETS = { name: 'pets', keyField: 'id', counter: 'pet' } as const;
const INVENTORY = { name: 'inventory', keyField: 'petId' } as const;

export type StoreAlone = { createsPerSecond: number; foldAtStopMs: number };

/** Creates over a copy of `dataFile` for `seconds`. */
export async function storeAlone(folder: string, dataFile: string, seconds: number): Promise<StoreAlone> {
  const location = join(folder, `store-alone-${Date.now()}.json`);
  await copyFile(dataFile, location);
  const store = await createStore({
    location,
    createInitialData: () => {
      throw new Error(`${dataFile} was expected to exist`);
    },
  });
  const data = dataStoreOf(store);
  let created = 0;
  const endAt = performance.now() + seconds * 1000;
  const writer = async () => {
    while (performance.now() < endAt) {
      await data.transaction(async (tx) => {
        const pet = await tx.insert(PETS, { name: `store-${created}`, categoryId: 1, status: 'available' });
        await tx.insert(INVENTORY, { petId: pet.id, quantity: 0, status: 'available' });
      });
      created += 1;
    }
  };
  const startedAt = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, writer));
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  const closing = performance.now();
  await store.close();
  return {
    createsPerSecond: Math.round(created / elapsedSeconds),
    foldAtStopMs: Math.round(performance.now() - closing),
  };
}

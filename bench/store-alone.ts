// The data file's store alone, without HTTP: how many durable creates a second it takes from 50
// writers at once (as many as the HTTP loads have connections), each awaiting its create before
// the next, as a client awaits its answer. It shows what the storage can do, apart from what
// Express and the request path cost per create.
import { join } from 'node:path';
import { generateDataSet } from '../src/fixtures/generate-data-set.js';
import { createStore } from '../src/store/create-store.js';
import { CONNECTIONS } from './loads.js';

export async function storeCreatesPerSecond(folder: string, pets: number, seconds: number): Promise<number> {
  const store = await createStore({
    location: join(folder, `store-alone-${pets}.json`),
    createInitialData: () => generateDataSet({ pets, orders: 10 }),
  });
  let created = 0;
  const endAt = performance.now() + seconds * 1000;
  const writer = async () => {
    while (performance.now() < endAt) {
      await store.update((data) => {
        const id = data.nextId.pet;
        data.nextId.pet += 1;
        data.pets.push({ id, name: `store-${id}`, categoryId: 1, status: 'available' });
        data.inventory.push({ petId: id, quantity: 0, status: 'available' });
      });
      created += 1;
    }
  };
  const startedAt = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, writer));
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  await store.close();
  return Math.round(created / elapsedSeconds);
}

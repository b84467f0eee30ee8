// A program that writes to a data file with many writers at once, folding its journal into the
// data file after every record, and says each write it got acknowledged on stdout: the
// crash-safety test kills it with SIGKILL at a random moment, most likely in a fold, and checks
// what it finds on disk against what was acknowledged. Compiled with the sources
// (dist/test/support/store-writer.js): node store-writer.js DATA_FILE.
import { generateDataSet } from '../../src/fixtures/generate-data-set.js';
import { createStore } from '../../src/store/create-store.js';
import { dataStoreOf } from '../../src/store/lowdb-data-store.js';

const WRITERS = 20;
const PETS = { name: 'pets', keyField: 'id', counter: 'pet' } as const;
const INVENTORY = { name: 'inventory', keyField: 'petId' } as const;

const file = process.argv[2];
if (!file) throw new Error('usage: node store-writer.js DATA_FILE');
const store = await createStore({
  location: file,
  createInitialData: () => generateDataSet({ seed: 1, pets: 60, orders: 10 }),
  fold: { minBytes: 0, maxBytes: 0, idleMs: false },
});
const data = dataStoreOf(store);
const say = (line: string) => process.stdout.write(`${line}\n`);

// Each writer creates pets with their stock, and removes every third one it made (a change in
// place, not an append), one write after another, forever.
async function writer(index: number): Promise<never> {
  for (let count = 0; ; count += 1) {
    const name = `w${index}-${count}`;
    const pet = await data.transaction(async (tx) => {
      const created = await tx.insert(PETS, { name, categoryId: 1, status: 'available' });
      await tx.insert(INVENTORY, { petId: created.id, quantity: count, status: 'available' });
      return created;
    });
    say(`created ${pet.id} ${name}`);
    if (count % 3 === 2) {
      // Said first: a removal under way at the kill may be stored without being acknowledged.
      say(`removing ${pet.id}`);
      await data.transaction(async (tx) => {
        await tx.remove(PETS, pet.id as number);
        await tx.remove(INVENTORY, pet.id as number);
      });
      say(`removed ${pet.id}`);
    }
  }
}

say('ready');
await Promise.all(Array.from({ length: WRITERS }, (_, index) => writer(index)));

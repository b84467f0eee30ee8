// A data file of many pets in the fixtures' shape (each with its inventory entry), written as JSON
// directly: faker takes about 0.2 ms a pet, a million of them minutes. The first thousand pets are
// the fixtures' own (names, categories, statuses, stock); the others repeat them under new ids.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { generateDataSet } from '../src/fixtures/generate-data-set.js';
import type { ApiKeyRecord } from '../src/store/data-set.js';

const MODEL_PETS = 1_000;
const RECORDS_PER_CHUNK = 10_000;

/** Writes `file` with `pets` pets and their stock, the fixtures' categories and 10 orders, the demo keys and `keys`. */
export async function writeBigDataFile(file: string, pets: number, keys: readonly ApiKeyRecord[] = []): Promise<void> {
  const model = generateDataSet({ pets: Math.min(pets, MODEL_PETS), orders: 10 });
  const { pets: modelPets, inventory: modelStock, ...rest } = model;
  const head = { ...rest, nextId: { ...model.nextId, pet: pets + 1 }, apiKeys: [...model.apiKeys, ...keys] };
  // Each model record's JSON with its id cut out: a record is then one concatenation.
  const petTails = modelPets.map(({ id: _id, ...fields }) => JSON.stringify(fields).slice(1));
  const stockTails = modelStock.map(({ petId: _id, ...fields }) => JSON.stringify(fields).slice(1));
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  const list = async (name: string, field: string, tails: string[]) => {
    await write(`,${JSON.stringify(name)}:[`);
    for (let start = 0; start < pets; start += RECORDS_PER_CHUNK) {
      const parts: string[] = [];
      for (let index = start; index < Math.min(pets, start + RECORDS_PER_CHUNK); index += 1) {
        parts.push(`{"${field}":${index + 1},${tails[index % tails.length]}`);
      }
      await write(`${start === 0 ? '' : ','}${parts.join(',')}`);
    }
    await write(']');
  };
  await write(JSON.stringify(head).slice(0, -1));
  await list('pets', 'id', petTails);
  await list('inventory', 'petId', stockTails);
  out.end('}');
  await once(out, 'finish');
}

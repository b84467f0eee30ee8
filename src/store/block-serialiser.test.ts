import { describe, expect, it } from '@jest/globals';
import { generateDataSet } from '../fixtures/generate-data-set.js';
import { createBlockSerialiser } from './block-serialiser.js';

const text = (buffers: Buffer[]) => Buffer.concat(buffers).toString('utf8');

describe('the block serialiser', () => {
  it('writes the same JSON as JSON.stringify, also after records are replaced, added and deleted', async () => {
    const data = generateDataSet({ seed: 3, pets: 2_500, orders: 20 });
    const { serialise } = createBlockSerialiser();
    expect(JSON.parse(text(await serialise(data)))).toEqual(JSON.parse(JSON.stringify(data)));
    data.pets[1_200] = { ...(data.pets[1_200] as (typeof data.pets)[number]), name: 'Replaced' };
    data.pets.push({ id: 9_999, name: 'Added', categoryId: 1, status: 'pending' });
    data.inventory = data.inventory.filter((item) => item.petId !== 7);
    data.nextId.pet = 10_000;
    expect(JSON.parse(text(await serialise(data)))).toEqual(JSON.parse(JSON.stringify(data)));
  });

  it('writes the fields of the head after the version, before the rest', async () => {
    const data = generateDataSet({ seed: 3, pets: 2, orders: 1 });
    const written = text(await createBlockSerialiser().serialise(data, { journalSequence: 12 }));
    expect(written.startsWith('{"version":1,"journalSequence":12,"seed":')).toBe(true);
    expect(JSON.parse(written)).toEqual({ ...JSON.parse(JSON.stringify(data)), journalSequence: 12 });
  });

  it('serialises records appended one write at a time, in a bounded number of buffers', async () => {
    const data = generateDataSet({ seed: 3, pets: 10, orders: 2 });
    const { serialise } = createBlockSerialiser();
    let buffers = await serialise(data);
    for (let id = 1_000; id < 3_500; id += 1) {
      data.pets.push({ id, name: `Pet ${id}`, categoryId: 1, status: 'available' });
      buffers = await serialise(data);
    }
    expect(JSON.parse(text(buffers))).toEqual(JSON.parse(JSON.stringify(data)));
    // 3 blocks of pets, each of at most 16 parts, with commas between: never one buffer per write.
    expect(buffers.length).toBeLessThan(120);
  });

  it('freezes what it has written, so that an edit in place fails instead of leaving the file stale', async () => {
    const data = generateDataSet({ seed: 3, pets: 10, orders: 2 });
    await createBlockSerialiser().serialise(data);
    const pet = data.pets[0] as { name: string };
    expect(() => {
      pet.name = 'edited in place';
    }).toThrow(TypeError);
  });
});

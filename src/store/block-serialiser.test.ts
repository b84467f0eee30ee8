import { describe, expect, it } from '@jest/globals';
import { generateDataSet } from '../fixtures/generate-data-set.js';
import { createBlockSerialiser } from './block-serialiser.js';

const text = (buffers: Buffer[]) => Buffer.concat(buffers).toString('utf8');

describe('the block serialiser', () => {
  it('writes the same JSON as JSON.stringify, also after records are replaced, added and deleted', () => {
    const data = generateDataSet({ seed: 3, pets: 2_500, orders: 20 });
    const { serialise } = createBlockSerialiser();
    expect(JSON.parse(text(serialise(data)))).toEqual(JSON.parse(JSON.stringify(data)));
    data.pets[1_200] = { ...(data.pets[1_200] as (typeof data.pets)[number]), name: 'Replaced' };
    data.pets.push({ id: 9_999, name: 'Added', categoryId: 1, status: 'pending' });
    data.inventory = data.inventory.filter((item) => item.petId !== 7);
    data.nextId.pet = 10_000;
    expect(JSON.parse(text(serialise(data)))).toEqual(JSON.parse(JSON.stringify(data)));
  });

  it('serialises records appended one write at a time, in a bounded number of buffers', () => {
    const data = generateDataSet({ seed: 3, pets: 10, orders: 2 });
    const { serialise } = createBlockSerialiser();
    let buffers = serialise(data);
    for (let id = 1_000; id < 3_500; id += 1) {
      data.pets.push({ id, name: `Pet ${id}`, categoryId: 1, status: 'available' });
      buffers = serialise(data);
    }
    expect(JSON.parse(text(buffers))).toEqual(JSON.parse(JSON.stringify(data)));
    // 3 blocks of pets, each of at most 16 parts, with commas between: never one buffer per write.
    expect(buffers.length).toBeLessThan(120);
  });

  it('freezes what it has written, so that an edit in place fails instead of leaving the file stale', () => {
    const data = generateDataSet({ seed: 3, pets: 10, orders: 2 });
    createBlockSerialiser().serialise(data);
    const pet = data.pets[0] as { name: string };
    expect(() => {
      pet.name = 'edited in place';
    }).toThrow(TypeError);
  });

  it('gives back the data as it last serialised it, whatever was changed since, in new lists', () => {
    const data = generateDataSet({ seed: 3, pets: 2_500, orders: 20 });
    const serialiser = createBlockSerialiser();
    expect(serialiser.lastImage()).toBeUndefined();
    serialiser.serialise(data);
    const written = JSON.parse(JSON.stringify(data));
    const image = serialiser.lastImage();
    data.pets[1_200] = { ...(data.pets[1_200] as (typeof data.pets)[number]), name: 'Replaced' };
    data.pets.push({ id: 9_999, name: 'Added', categoryId: 1, status: 'pending' });
    data.categories.push({ id: 99, name: 'Added' });
    data.inventory = data.inventory.filter((item) => item.petId !== 7);
    data.nextId.pet = 10_000;
    const restored = image?.restore();
    expect(restored).toEqual(written);
    // Records are the stored ones (frozen, their bytes kept); the lists are new.
    expect(restored?.pets[0]).toBe(data.pets[0]);
    expect(restored?.pets).not.toBe(data.pets);
    // Each restore is a fresh copy: a change to one leaves the image as it was.
    restored?.pets.pop();
    expect(image?.restore()).toEqual(written);
  });
});

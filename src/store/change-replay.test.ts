// Change sets replayed in one pass give exactly what applying each in turn gives (change-set.ts).
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { generateDataSet } from '../fixtures/generate-data-set.js';
import { replayChangeSets } from './change-replay.js';
import { applyChangeSet, type ChangeSet } from './change-set.js';
import { copyDataSet } from './data-set.js';

const base = generateDataSet({ seed: 5, pets: 8, orders: 3 });

/** A change set over pets (ids 1 to 12: some stored, some new), API keys and the counters. */
const changeSets = fc.array(
  fc.record({
    pets: fc.array(fc.tuple(fc.integer({ min: 1, max: 12 }), fc.option(fc.string({ maxLength: 4 }), { nil: null })), {
      maxLength: 4,
    }),
    keys: fc.array(fc.tuple(fc.constantFrom('demo-free', 'k1', 'k2'), fc.boolean()), { maxLength: 2 }),
    nextPet: fc.option(fc.integer({ min: 13, max: 99 }), { nil: undefined }),
  }),
  { maxLength: 12 },
);

type Drawn = { pets: [number, string | null][]; keys: [string, boolean][]; nextPet: number | undefined };

const toChangeSet = ({ pets, keys, nextPet }: Drawn) => {
  // One change per key and set, as a transaction writes them.
  const byKey = new Map(pets);
  const set: ChangeSet = {
    lists: {
      pets: {
        keyField: 'id',
        changes: [...byKey].map(([id, name]) => [
          id,
          name === null ? null : { id, name, categoryId: 1, status: 'sold' },
        ]),
      },
    },
    apiKeys: [...new Map(keys)].map(([key, kept]) => [key, kept ? { key, plan: 'pro' } : null]),
  };
  if (nextPet !== undefined) set.nextId = { ...base.nextId, pet: nextPet };
  return set;
};

describe('replaying change sets', () => {
  it('gives what applying them one at a time gives: records, order, keys and counters', () => {
    fc.assert(
      fc.property(changeSets, (drawn) => {
        const sets = drawn.map(toChangeSet);
        const oneAtATime = copyDataSet(base);
        for (const set of sets) applyChangeSet(oneAtATime, set);
        expect(replayChangeSets(base, sets)).toEqual(oneAtATime);
      }),
      { seed: 20261127, numRuns: 300 },
    );
  });

  it('leaves the base as it was and answers new lists, sharing the records', () => {
    const before = JSON.stringify(base);
    const replayed = replayChangeSets(base, [
      { lists: { pets: { keyField: 'id', changes: [[1, null]] } }, apiKeys: [] },
    ]);
    expect(JSON.stringify(base)).toBe(before);
    expect(replayed.pets).toHaveLength(base.pets.length - 1);
    expect(replayed.categories).not.toBe(base.categories);
    expect(replayed.categories[0]).toBe(base.categories[0]);
  });

  it('replays 50,000 change sets over 200,000 records in one pass per list', () => {
    const big = {
      ...copyDataSet(base),
      pets: Array.from({ length: 200_000 }, (_, index) => ({
        id: index + 1,
        name: `p${index}`,
        categoryId: 1,
        status: 'available' as const,
      })),
    };
    const sets: ChangeSet[] = Array.from({ length: 50_000 }, (_, index) => ({
      lists: {
        pets: {
          keyField: 'id',
          changes: [
            [index * 4 + 1, index % 2 === 0 ? null : { id: index * 4 + 1, name: 'x', categoryId: 2, status: 'sold' }],
          ],
        },
      },
      apiKeys: [],
    }));
    const replayed = replayChangeSets(big, sets);
    expect(replayed.pets).toHaveLength(200_000 - 25_000);
    expect(replayed.pets.slice(0, 4).map((pet) => pet.id)).toEqual([2, 3, 4, 5]);
    expect(replayed.pets[3]).toMatchObject({ id: 5, name: 'x' });
  });
});

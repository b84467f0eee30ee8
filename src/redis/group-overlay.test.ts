// A group's overlay reads as the data will stand once its change sets land (applyChangeSet), for
// a group on the replica and for one built on a group still on its way; the data below is left
// as it is until the group lands, and a landed group reads through.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { generateDataSet } from '../fixtures/generate-data-set.js';
import { appendChangeSet, applyChangeSet, type ChangeSet, emptyChangeSet } from '../store/change-set.js';
import { type Collection, copyDataSet, type DataSet, type StoredRecord } from '../store/data-set.js';
import { dataSetSource, type RecordSource, sourceReader } from '../store/data-set-reader.js';
import { GroupOverlay } from './group-overlay.js';

const base = generateDataSet({ seed: 7, pets: 8, orders: 3 });
const PETS: Collection = { name: 'pets', keyField: 'id', counter: 'pet' };
const PHOTOS: Collection = { name: 'photos', keyField: 'photoId' };

/** A transaction's change set: pets 1 to 12 (some stored, some new), a list the data lacks, API keys, the counters. */
const changeSet = fc.record({
  pets: fc.array(fc.tuple(fc.integer({ min: 1, max: 12 }), fc.option(fc.string({ maxLength: 4 }), { nil: null })), {
    maxLength: 4,
  }),
  photos: fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.boolean()), { maxLength: 3 }),
  keys: fc.array(fc.tuple(fc.constantFrom('demo-free', 'k1', 'k2'), fc.boolean()), { maxLength: 2 }),
  nextPet: fc.option(fc.integer({ min: 13, max: 99 }), { nil: undefined }),
});
type Drawn = {
  pets: [number, string | null][];
  photos: [string, boolean][];
  keys: [string, boolean][];
  nextPet: number | undefined;
};

/**
 * Change sets as transactions write them, in turn: one change per key and set; a photo is
 * inserted (marked, as tx.insert marks it) only under a key no photo has at that point, and
 * replaced or removed only when there.
 */
function toChangeSets(drawn: Drawn[]): ChangeSet[] {
  const photosThere = new Set<string>();
  return drawn.map((one) => {
    const photos: ChangeSet['lists'][string]['changes'] = [];
    for (const [photoId, kept] of new Map(one.photos)) {
      if (!photosThere.has(photoId)) {
        if (!kept) continue;
        photos.push([photoId, { photoId, url: `new ${photoId}` }, true]);
        photosThere.add(photoId);
      } else if (kept) photos.push([photoId, { photoId, url: `replaced ${photoId}` }]);
      else {
        photos.push([photoId, null]);
        photosThere.delete(photoId);
      }
    }
    return toChangeSet(one, photos);
  });
}

function toChangeSet({ pets, keys, nextPet }: Drawn, photos: ChangeSet['lists'][string]['changes']): ChangeSet {
  const set: ChangeSet = {
    lists: {
      pets: {
        keyField: 'id',
        changes: [...new Map(pets)].map(([id, name]) => [
          id,
          name === null ? null : { id, name, categoryId: 1, status: 'sold' },
        ]),
      },
      photos: { keyField: 'photoId', changes: photos },
    },
    apiKeys: [...new Map(keys)].map(([key, kept]) => [key, kept ? { key, plan: 'pro' } : null]),
  };
  if (nextPet !== undefined) set.nextId = { ...base.nextId, pet: nextPet };
  return set;
}

/** What a transaction of the group reads, in full. */
async function readAll(source: RecordSource) {
  const reader = sourceReader(source);
  const pets = await reader.list(PETS, { offset: 0, limit: 100 });
  const found: (StoredRecord | undefined)[] = [];
  for (let id = 1; id <= 12; id += 1) found.push(await reader.get(PETS, id));
  return {
    pets: pets.items,
    total: pets.total,
    found,
    sold: await reader.count(PETS, (pet) => pet.status === 'sold'),
    firstSold: await reader.find(PETS, (pet) => pet.status === 'sold'),
    photos: (await reader.list(PHOTOS, { offset: 0, limit: 100 })).items,
    photoA: await reader.get(PHOTOS, 'a'),
    collections: await reader.collections(),
    keys: await reader.listApiKeys(),
    k1: await reader.findApiKey('k1'),
    nextId: source.nextId(),
  };
}

/** A group's change set: its transactions' in turn, sent and applied by every replica as one. */
function groupSet(sets: ChangeSet[]): ChangeSet {
  const group = emptyChangeSet();
  for (const set of sets) appendChangeSet(group, set);
  return group;
}

/** The same reads over the data once the groups have landed, one after the other. */
function landed(data: DataSet, groups: ChangeSet[][]) {
  const copy = copyDataSet(data);
  for (const group of groups) applyChangeSet(copy, groupSet(group));
  return readAll(dataSetSource(() => copy));
}

describe("a group's changes over the data it builds on", () => {
  it('read as the data will stand once they land, in a group on the replica and in one built on it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(changeSet, { maxLength: 6 }), fc.array(changeSet, { maxLength: 6 }), async (a, b) => {
        const replica = copyDataSet(base);
        const before = JSON.stringify(replica);
        const all = toChangeSets([...a, ...b]);
        const [first, second] = [all.slice(0, a.length), all.slice(a.length)];
        const sent = new GroupOverlay(dataSetSource(() => replica));
        for (const set of first) sent.add(set);
        const open = new GroupOverlay(sent);
        for (const set of second) open.add(set);

        expect(await readAll(sent)).toEqual(await landed(replica, [first]));
        expect(await readAll(open)).toEqual(await landed(replica, [first, second]));
        expect(JSON.stringify(replica)).toBe(before);

        // The first lands: its changes go into the replica, and the group built on it reads the same.
        applyChangeSet(replica, groupSet(first));
        sent.landed();
        expect(await readAll(sent)).toEqual(await landed(replica, []));
        expect(await readAll(open)).toEqual(await landed(replica, [second]));
      }),
      { seed: 20261128, numRuns: 300 },
    );
  });

  it('copies no list: a group over 100,000 records reads them through, the same array', async () => {
    const replica = copyDataSet(base);
    replica.pets = Array.from({ length: 100_000 }, (_, index) => ({
      id: index + 1,
      name: `p${index}`,
      categoryId: 1,
      status: 'available',
    }));
    const overlay = new GroupOverlay(dataSetSource(() => replica));
    overlay.add({ lists: { orders: { keyField: 'id', changes: [[1, null]] } }, apiKeys: [] });
    expect(overlay.records('pets')).toBe(replica.pets);
    overlay.add({
      lists: { pets: { keyField: 'id', changes: [[100_001, { id: 100_001, name: 'new' }]] } },
      apiKeys: [],
    });
    expect(replica.pets).toHaveLength(100_000);
    expect(await sourceReader(overlay).count(PETS)).toBe(100_001);
    expect(await sourceReader(overlay).get(PETS, 100_001)).toEqual({ id: 100_001, name: 'new' });
    expect(await sourceReader(overlay).get(PETS, 50_000)).toBe(replica.pets[49_999]);
  });

  it('reads past the groups that landed: each group is begun on the one before it, while that one is on its way', async () => {
    const replica = copyDataSet(base);
    let sent = new GroupOverlay(dataSetSource(() => replica));
    let sentChanges = emptyChangeSet();
    // Under a steady load every group is begun while the one before it is on its way: a chain as
    // long as the run. A read that walked it overflowed the stack long before 200,000 groups.
    for (let id = 100; id < 200_100; id += 1) {
      const open = new GroupOverlay(sent);
      const change: ChangeSet = {
        lists: { pets: { keyField: 'id', changes: [[id, { id, name: `p${id}` }, true]] } },
        apiKeys: [],
      };
      open.add(change);
      applyChangeSet(replica, sentChanges);
      sent.landed();
      if (id % 50_000 === 0) expect(await sourceReader(open).get(PETS, 1)).toBe(replica.pets[0]);
      sent = open;
      sentChanges = change;
    }
    expect(await sourceReader(sent).get(PETS, 200_099)).toEqual({ id: 200_099, name: 'p200099' });
    applyChangeSet(replica, sentChanges);
    sent.landed();
    expect(await sourceReader(sent).get(PETS, 200_099)).toBe(replica.pets.at(-1));
    expect(await sourceReader(sent).count(PETS)).toBe(base.pets.length + 200_000);
  });
});

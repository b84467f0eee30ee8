// The rule for an edit by hand and the writes the file did not hold yet (hand-edit-merge.ts), on
// data sets: records and keys the edit left as they were take the API's writes, those it changed
// keep the edit's; counters never hand out an id a kept record has.
import { describe, expect, it } from '@jest/globals';
import { generateDataSet } from '../fixtures/generate-data-set.js';
import type { ChangeSet } from './change-set.js';
import { copyDataSet, type DataSet } from './data-set.js';
import { mergeHandEdit } from './hand-edit-merge.js';

const base = generateDataSet({ seed: 3, pets: 4, orders: 1 });
const pet = (id: number, name: string) => ({ id, name, categoryId: 1, status: 'available' as const });

/** What the API did since the file was written: pet 5 created, pet 2 renamed, pet 3 removed, a key added. */
const since: ChangeSet[] = [
  {
    lists: { pets: { keyField: 'id', changes: [[5, pet(5, 'Created')]] } },
    apiKeys: [['new-key', { key: 'new-key', plan: 'pro' }]],
    nextId: { ...base.nextId, pet: 6 },
  },
  {
    lists: {
      pets: {
        keyField: 'id',
        changes: [
          [2, pet(2, 'Renamed by the API')],
          [3, null],
        ],
      },
    },
    apiKeys: [],
  },
];

const edit = (change: (data: DataSet) => void): DataSet => {
  const data = structuredClone(copyDataSet(base));
  change(data);
  return data;
};

describe('an edit by hand merged with the writes the file did not hold yet', () => {
  it('keeps every write the edit did not touch, whatever the order of fields in the edited records', () => {
    const edited = edit((data) => {
      data.categories[0] = { name: 'Renamed by hand', id: 1 };
      const first = data.pets[0] as DataSet['pets'][number];
      data.pets[0] = { status: first.status, categoryId: first.categoryId, name: first.name, id: first.id };
    });
    const merged = mergeHandEdit(base, edited, since);
    expect(merged.keptNames).toEqual(['pets 5', 'pets 2', 'pets 3', 'API key new-key']);
    expect(merged.overriddenNames).toEqual([]);
    expect(merged.data.categories[0]?.name).toBe('Renamed by hand');
    expect(merged.data.pets.map((record) => record.name)).toEqual([
      base.pets[0]?.name,
      'Renamed by the API',
      base.pets[3]?.name,
      'Created',
    ]);
    expect(merged.data.apiKeys.at(-1)).toEqual({ key: 'new-key', plan: 'pro' });
    expect(merged.data.nextId.pet).toBe(6);
  });

  it('lets the edit win on a record it changed or removed, and on a key', () => {
    const edited = edit((data) => {
      data.pets[1] = pet(2, 'Renamed by hand');
      data.pets = data.pets.filter((record) => record.id !== 3);
      data.apiKeys.push({ key: 'new-key', plan: 'free' });
    });
    const merged = mergeHandEdit(base, edited, since);
    expect(merged.overriddenNames).toEqual(['pets 2', 'API key new-key']);
    // Pet 3: the edit removed it, and so did the API: the same, kept.
    expect(merged.keptNames).toEqual(['pets 5', 'pets 3']);
    expect(merged.data.pets.find((record) => record.id === 2)?.name).toBe('Renamed by hand');
    expect(merged.data.apiKeys.find((record) => record.key === 'new-key')?.plan).toBe('free');
  });

  it("keeps a counter the edit changed, unless the API's is higher: no id of a kept record is handed out again", () => {
    const raised = mergeHandEdit(
      base,
      edit((data) => (data.nextId.pet = 50)),
      since,
    );
    expect(raised.data.nextId.pet).toBe(50);
    const lowered = mergeHandEdit(
      base,
      edit((data) => (data.nextId.pet = 2)),
      since,
    );
    expect(lowered.data.nextId.pet).toBe(6);
  });

  it('is the edit itself when the API wrote nothing since', () => {
    const edited = edit((data) => data.pets.pop());
    const merged = mergeHandEdit(base, edited, []);
    expect(merged.data).toBe(edited);
    expect(merged.kept).toBeUndefined();
  });
});

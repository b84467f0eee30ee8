import { describe, expect, it } from '@jest/globals';
import { RecordChanges } from './record-changes.js';

type Item = { id: number; name: string };
const items = (count: number): Item[] =>
  Array.from({ length: count }, (_, index) => ({ id: index + 1, name: `n${index + 1}` }));
const find = (list: readonly Item[], id: number) => list.find((item) => item.id === id);

/** The same changes: one replaced, one removed, one put under a key no record has, one inserted. */
function someChanges(): RecordChanges<number, Item> {
  const changes = new RecordChanges<number, Item>((item) => item.id, find);
  changes.put(3, { id: 3, name: 'replaced' });
  changes.remove(5);
  changes.put(99, { id: 99, name: 'put' });
  changes.insert(11, { id: 11, name: 'inserted' });
  return changes;
}

describe('changes applied to a list others still read', () => {
  it('gives what the same changes made in place give, and leaves the list as it was', () => {
    const shared = Object.freeze(items(10));
    const before = [...shared];
    const applied = someChanges().appliedTo(shared);
    expect(shared).toEqual(before);
    expect(applied).toEqual(someChanges().applyTo(items(10)));
    expect(applied.map((item) => item.id)).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 10, 99, 11]);
    expect(applied[2]?.name).toBe('replaced');
  });

  it('answers a plain array: its length is its records, and later appends and reads behave as on any array', () => {
    const changes = new RecordChanges<number, Item>((item) => item.id, find);
    changes.insert(1_001, { id: 1_001, name: 'inserted' });
    const applied = changes.appliedTo(items(1_000));
    expect(applied).toHaveLength(1_001);
    expect(Object.keys(applied)).toHaveLength(1_001);
    expect(applied.every((item) => item !== undefined)).toBe(true);
    applied.push({ id: 1_002, name: 'later' });
    expect(applied.at(-1)?.id).toBe(1_002);
    expect(applied).toHaveLength(1_002);
    expect(JSON.parse(JSON.stringify(applied))).toHaveLength(1_002);
  });

  it('copies nothing it was not asked to: the records are the same objects', () => {
    const shared = items(5);
    const applied = new RecordChanges<number, Item>((item) => item.id, find).appliedTo(shared);
    expect(applied).not.toBe(shared);
    expect(applied).toHaveLength(5);
    for (const [index, item] of applied.entries()) expect(item).toBe(shared[index]);
  });
});

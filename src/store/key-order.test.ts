// Lists in ascending order of their keys, however their records came.
import { describe, expect, it } from '@jest/globals';
import { compareKeys, keyOrderOf } from './key-order.js';

const ids = (keys: Array<number | string>) => keys.map((id) => ({ id }));
const inOrder = (list: Array<{ id: number | string }>) => {
  const positions = keyOrderOf(list, 'id');
  return positions ? Array.from(positions, (position) => list[position]?.id) : list.map((record) => record.id);
};

describe('the order of a list', () => {
  it('is the list itself while its keys ascend, records appended since checked alone', () => {
    const list = ids([1, 2, 3]);
    expect(keyOrderOf(list, 'id')).toBeUndefined();
    list.push({ id: 4 });
    expect(keyOrderOf(list, 'id')).toBeUndefined();
    // A key below the last: a client's choice, or a freed id given again.
    list.push({ id: 0 });
    expect(inOrder(list)).toEqual([0, 1, 2, 3, 4]);
  });

  it('sorts keys a client chose, and text keys, numbers before text', () => {
    expect(inOrder(ids([13, 500, 14]))).toEqual([13, 14, 500]);
    expect(inOrder(ids(['b7', 'a1', 'B2']))).toEqual(['B2', 'a1', 'b7']);
    expect([3, 'a', 1].sort(compareKeys)).toEqual([1, 3, 'a']);
  });

  it('merges records appended after it was learnt into it, as a sort of the whole list would', () => {
    const list = ids(Array.from({ length: 200 }, (_, index) => (index * 7919) % 1000));
    expect(inOrder(list)).toEqual(
      [...list.map((record) => record.id)].sort((one, other) => Number(one) - Number(other)),
    );
    for (const id of [5, 1500, 0, 999, 250]) {
      list.push({ id });
      expect(inOrder(list)).toEqual(list.map((record) => record.id).sort((one, other) => Number(one) - Number(other)));
    }
  });

  it('follows records replaced in place and appended after it was learnt', () => {
    const list = ids([5, 1]);
    expect(inOrder(list)).toEqual([1, 5]);
    list[0] = { id: 5 };
    list.push({ id: 3 });
    expect(inOrder(list)).toEqual([1, 3, 5]);
  });
});

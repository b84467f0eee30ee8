import { describe, expect, it } from '@jest/globals';
import { createIdLookup } from './id-lookup.js';

type Item = { id: number; name: string };
const items = (count: number): Item[] =>
  Array.from({ length: count }, (_, index) => ({ id: index + 1, name: `n${index + 1}` }));

/** The list behind a proxy that counts how many records are read from it. */
function counted(list: Item[]) {
  let reads = 0;
  const proxy = new Proxy(list, {
    get(target, property, receiver) {
      if (typeof property === 'string' && /^\d+$/.test(property)) reads += 1;
      return Reflect.get(target, property, receiver);
    },
  });
  return { proxy, reads: () => reads };
}

describe('finding a record by its id', () => {
  const byId = createIdLookup<Item>((item) => item.id);

  it('finds what a search finds: after appends, replacements, moves in place, and a new array', () => {
    const list = items(50);
    expect(byId(list, 7)).toBe(list[6]);
    list.push({ id: 51, name: 'appended' });
    expect(byId(list, 51)?.name).toBe('appended');
    list[9] = { id: 10, name: 'replaced' };
    expect(byId(list, 10)?.name).toBe('replaced');
    list.splice(0, 5); // records move in place
    expect(byId(list, 7)).toBe(list[1]);
    expect(byId(list, 3)).toBeUndefined();
    const filtered = list.filter((item) => item.id !== 20);
    expect(byId(filtered, 20)).toBeUndefined();
    expect(byId(filtered, 21)?.id).toBe(21);
    expect(byId([], 1)).toBeUndefined();
  });

  it('reads one record per lookup once the positions are known, and only the new ones after appends', () => {
    const { proxy, reads } = counted(items(10_000));
    byId(proxy, 9_999);
    const afterLearning = reads();
    for (let id = 1; id <= 100; id += 1) byId(proxy, id * 97);
    expect(reads() - afterLearning).toBe(100);
    proxy.push({ id: 10_001, name: 'new' });
    const beforeAppendedLookup = reads();
    expect(byId(proxy, 10_001)?.name).toBe('new');
    expect(reads() - beforeAppendedLookup).toBeLessThan(5);
  });

  it('finds a record numbered in order where its id says, learning no positions: two reads for the first lookup, one after', () => {
    const { proxy, reads } = counted(items(200_000));
    expect(byId(proxy, 177_777)?.name).toBe('n177777');
    expect(reads()).toBe(2);
    expect(byId(proxy, 5)?.name).toBe('n5');
    expect(reads()).toBe(3);
    proxy.push({ id: 200_001, name: 'appended' });
    expect(byId(proxy, 200_001)?.name).toBe('appended');
    expect(reads()).toBe(4);
  });
});

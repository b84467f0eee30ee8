// Lists answer in ascending order of their records' keys (the contract's "Lists"). Records are
// stored in the order they came: a counter's ids come in order, but keys a client chose, text
// keys (UUIDs) and a record given a freed id may not. A list in order is answered as it stands,
// each record checked once; one out of order through the order of its keys, the records
// appended since it was learnt sorted alone and merged in.
import type { StoredRecord } from './data-set.js';

/** Ascending keys: numbers by value, before text; text by its UTF-16 code units. */
export function compareKeys(one: unknown, other: unknown): number {
  if (typeof one === 'number' && typeof other === 'number') return one - other;
  if (typeof one === 'number') return -1;
  if (typeof other === 'number') return 1;
  if (typeof one === 'string' && typeof other === 'string') return one < other ? -1 : one > other ? 1 : 0;
  const a = String(one);
  const b = String(other);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** What is known of one list (an array: writers append to it, and a delete makes a new one). */
type Known = {
  keyField: string;
  /** Records from the first on checked to be in order; -1 once two were not. */
  ordered: number;
  /** The positions of the records in the order of their keys, for the length it was made at. */
  order?: { length: number; positions: Uint32Array };
};

const knownOf = new WeakMap<readonly StoredRecord[], Known>();

/**
 * The positions of `list`'s records in ascending order of `keyField`, or undefined when the list
 * stands in that order already. Records are replaced in place under the same key, so what was
 * learnt of a list holds while its length does.
 */
export function keyOrderOf(list: readonly StoredRecord[], keyField: string): Uint32Array | undefined {
  let known = knownOf.get(list);
  if (known === undefined || known.keyField !== keyField || known.ordered > list.length) {
    known = { keyField, ordered: 0 };
    knownOf.set(list, known);
  }
  if (known.ordered >= 0) {
    let position = Math.max(1, known.ordered);
    while (
      position < list.length &&
      compareKeys(keyAt(list, position - 1, keyField), keyAt(list, position, keyField)) < 0
    )
      position += 1;
    if (position >= list.length) {
      known.ordered = list.length;
      return undefined;
    }
    known.ordered = -1;
    // The records before the first out of order are in order already.
    known.order = { length: position, positions: Uint32Array.from({ length: position }, (_, index) => index) };
  }
  if (known.order?.length !== list.length) {
    // Records appended since the order was learnt (a list only grows in place): sorted alone and
    // merged in, so that a create costs a pass over the list, not a sort of it.
    const learnt = known.order && known.order.length < list.length ? known.order : undefined;
    const from = learnt?.length ?? 0;
    // Stable: two records of one key (a hand edit) keep the order they were stored in.
    const before = (one: number, other: number) =>
      compareKeys(keyAt(list, one, keyField), keyAt(list, other, keyField)) || one - other;
    const added = Uint32Array.from(Array.from({ length: list.length - from }, (_, index) => from + index).sort(before));
    known.order = { length: list.length, positions: learnt ? merged(learnt.positions, added, before) : added };
  }
  return known.order.positions;
}

/**
 * Two runs of positions, each in order, as one: each of the few appended found in the long run
 * by halving, the long run copied between them (a create: one copy of the list, ~20 comparisons).
 */
function merged(first: Uint32Array, second: Uint32Array, before: (one: number, other: number) => number): Uint32Array {
  const out = new Uint32Array(first.length + second.length);
  let [from, written] = [0, 0];
  for (const position of second) {
    let [low, high] = [from, first.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (before(first[middle] as number, position) <= 0) low = middle + 1;
      else high = middle;
    }
    out.set(first.subarray(from, low), written);
    written += low - from;
    out[written] = position;
    written += 1;
    from = low;
  }
  out.set(first.subarray(from), written);
  return out;
}

const keyAt = (list: readonly StoredRecord[], position: number, keyField: string): unknown =>
  (list[position] as StoredRecord)[keyField];

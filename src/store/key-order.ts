// Lists answer in ascending order of their records' keys (the contract's "Lists"). Records are
// stored in the order they came: a counter's ids come in order, but keys a client chose, text
// keys (UUIDs) and a record given a freed id may not. A list in order is answered as it stands,
// each record checked once; one out of order through the order of its keys, sorted once per
// length of the list.
import type { StoredRecord } from './data-set.js';

/** Ascending keys: numbers by value, before text; text by its UTF-16 code units. */
export function compareKeys(one: unknown, other: unknown): number {
  if (typeof one === 'number' && typeof other === 'number') return one - other;
  if (typeof one === 'number') return -1;
  if (typeof other === 'number') return 1;
  const [a, b] = [String(one), String(other)];
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
  }
  if (known.order?.length !== list.length) {
    const positions = Uint32Array.from(list.keys());
    // Stable: two records of one key (a hand edit) keep the order they were stored in.
    positions.sort(
      (one, other) => compareKeys(keyAt(list, one, keyField), keyAt(list, other, keyField)) || one - other,
    );
    known.order = { length: list.length, positions };
  }
  return known.order.positions;
}

const keyAt = (list: readonly StoredRecord[], position: number, keyField: string): unknown =>
  (list[position] as StoredRecord)[keyField];

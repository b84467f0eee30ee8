// Change sets applied one after the other, in one pass per list: a start replaying its journal,
// or the store putting back what is stored after a failed write, may apply thousands of them to
// lists of a million records. Applied one at a time, each removal would copy a whole list.
// The outcome is exactly that of applyChangeSet (change-set.ts) applied to each in turn: a record
// put under a key the list holds replaces it in place, one under a new key is appended (after
// those appended before it), a removal drops it. (An insert is marked as under a new key, which
// DataTransaction.insert requires; this replay finds that out, applyChangeSet trusts it.)
import type { ChangeSet } from './change-set.js';
import { collectionNames, type DataSet, type RecordKey, recordsOf } from './data-set.js';
import { setOwn } from './own-keys.js';

class ListReplay<T extends object> {
  #positions: Map<RecordKey, number> | undefined;
  readonly #replaced = new Map<number, T>();
  readonly #removed = new Set<number>();
  /** Records under keys the list did not hold (or no longer held), in the order they came last. */
  readonly #appended = new Map<RecordKey, T>();

  constructor(
    readonly records: readonly T[],
    readonly keyOf: (record: T) => unknown,
  ) {}

  /** Where each key's first record lies (learnt once, at the first change). */
  #positionOf(key: RecordKey): number | undefined {
    if (!this.#positions) {
      this.#positions = new Map();
      for (let index = 0; index < this.records.length; index += 1) {
        const key = this.keyOf(this.records[index] as T);
        if ((typeof key === 'number' || typeof key === 'string') && !this.#positions.has(key))
          this.#positions.set(key, index);
      }
    }
    return this.#positions.get(key);
  }

  put(key: RecordKey, record: T): void {
    if (this.#appended.has(key)) {
      this.#appended.set(key, record);
      return;
    }
    const position = this.#positionOf(key);
    if (position === undefined || this.#removed.has(position)) this.#appended.set(key, record);
    else this.#replaced.set(position, record);
  }

  remove(key: RecordKey): void {
    if (this.#appended.delete(key)) return;
    const position = this.#positionOf(key);
    if (position !== undefined) {
      this.#removed.add(position);
      this.#replaced.delete(position);
    }
  }

  /** A new list: the records kept, replaced in place, then those appended. */
  result(): T[] {
    const list: T[] = [];
    for (let index = 0; index < this.records.length; index += 1) {
      if (this.#removed.has(index)) continue;
      list.push(this.#replaced.get(index) ?? (this.records[index] as T));
    }
    for (const record of this.#appended.values()) list.push(record);
    return list;
  }
}

/**
 * A new data set: `base` with `sets` applied in order. Every list of the answer is a new array
 * (the caller may change it in place); the records are shared with `base` and the change sets.
 */
export function replayChangeSets(base: DataSet, sets: Iterable<ChangeSet>): DataSet {
  const lists = new Map<string, ListReplay<Record<string, unknown>>>();
  const apiKeys = new ListReplay(base.apiKeys, (record) => record.key);
  let nextId = base.nextId;
  for (const set of sets) {
    for (const [name, { keyField, changes }] of Object.entries(set.lists)) {
      let list = lists.get(name);
      if (!list) {
        list = new ListReplay(recordsOf(base, name) as Record<string, unknown>[], (record) => record[keyField]);
        lists.set(name, list);
      }
      for (const [key, record] of changes) {
        if (record === null) list.remove(key);
        else list.put(key, record as Record<string, unknown>);
      }
    }
    for (const [key, record] of set.apiKeys) {
      if (record === null) apiKeys.remove(key);
      else apiKeys.put(key, record);
    }
    if (set.nextId) nextId = set.nextId;
  }
  const data: DataSet = { ...base, nextId: { ...nextId }, apiKeys: apiKeys.result() };
  for (const [name, list] of lists) setOwn(data, name, list.result());
  for (const name of collectionNames(base)) if (!lists.has(name)) setOwn(data, name, recordsOf(base, name).slice());
  return data;
}

// The writes of one transaction to one list, kept aside until it commits and then applied in one
// go: a transaction that throws has changed nothing, and readers never see half of one.
export const REMOVED = Symbol('removed');

/**
 * A record under its key, or null for a removal. `added`: the key was new when the record was
 * written (an insert), so whoever applies the change appends it without searching the list.
 */
export type Change<K, T> = [key: K, record: T | null, added?: true];

// A class: every transaction makes five of these, and an object literal with a getter and
// closures cost ~2 µs each to make.
export class RecordChanges<K, T extends object> {
  readonly #inserted = new Map<K, T>();
  readonly #changed = new Map<K, T | typeof REMOVED>();
  readonly #keyOf: (record: T) => K;
  readonly #find: (list: readonly T[], key: K) => T | undefined;

  constructor(keyOf: (record: T) => K, find: (list: readonly T[], key: K) => T | undefined) {
    this.#keyOf = keyOf;
    this.#find = find;
  }

  get size(): number {
    return this.#inserted.size + this.#changed.size;
  }

  /** A record under a key no stored record has (a new id): appended without a search. */
  insert(key: K, record: T): void {
    this.#inserted.set(key, record);
  }

  /** A record in place of the one of its key (stored, or inserted by this transaction), else appended. */
  put(key: K, record: T): void {
    if (this.#inserted.has(key)) this.#inserted.set(key, record);
    else this.#changed.set(key, record);
  }

  remove(key: K): void {
    if (!this.#inserted.delete(key)) this.#changed.set(key, REMOVED);
  }

  /** Every change, as [key, record], [key, null] for a removal, or [key, record, true] for an insert: what a shared store sends on. */
  *entries(): IterableIterator<Change<K, T>> {
    for (const [key, change] of this.#changed) yield [key, change === REMOVED ? null : change];
    for (const [key, record] of this.#inserted) yield [key, record, true];
  }

  /** The pending record of `key`, REMOVED, or undefined when the transaction has not touched it. */
  pending(key: K): T | typeof REMOVED | undefined {
    return this.#inserted.get(key) ?? this.#changed.get(key);
  }

  /**
   * Applies the changes to `list`, and answers the list to store: the same array when nothing was
   * removed (records replaced in place, new ones appended), a new one when records were removed.
   */
  applyTo(list: T[]): T[] {
    const removed = new Set<K>();
    for (const [key, change] of this.#changed) {
      const existing = this.#find(list, key);
      if (change === REMOVED) {
        if (existing) removed.add(key);
      } else if (existing) {
        // Replaced, never edited: stored records are frozen, and the file writer reuses the bytes of unchanged ones.
        list[list.indexOf(existing)] = change;
      } else {
        list.push(change);
      }
    }
    for (const record of this.#inserted.values()) list.push(record);
    return removed.size === 0 ? list : list.filter((record) => !removed.has(this.#keyOf(record)));
  }
}

// A commit group's changes read over the data it builds on, without copying a list. Its
// transactions see the data as it will stand once the group lands: the same replay of its change
// set that every replica makes (applyChangeSet), while the replica's own readers still see what
// Redis holds. Once the group has landed, its changes are in the data below and it reads through.
import { type Change, type ChangeSet, withApiKeyChanges } from '../store/change-set.js';
import type { ApiKeyRecord, DataSet, RecordKey, StoredRecord } from '../store/data-set.js';
import type { RecordSource } from '../store/data-set-reader.js';
import { ownValue } from '../store/own-keys.js';

/**
 * A list's changes as a replay keeps them (RecordChanges, replay in change-set.ts): records of
 * keys the list may hold by key, in the order each key first changed (null for a removal), and
 * those inserted under new keys, in their order.
 */
type ListChanges = {
  keyField: string;
  changed: Map<RecordKey, StoredRecord | null>;
  inserted: Map<RecordKey, StoredRecord>;
};

/** A group's changes over the data it builds on: the replica, or the group sent before it. */
export class GroupOverlay implements RecordSource {
  /** What the group builds on; groups below that have landed are skipped (see #below). */
  #base: RecordSource;
  #landed = false;
  readonly #lists = new Map<string, ListChanges>();
  readonly #apiKeyChanges: Change<string, ApiKeyRecord>[] = [];
  #nextId: DataSet['nextId'] | undefined;
  /** The API keys last made with the changes, and what they were made from: asked for at each write's check. */
  #apiKeysMade: { below: readonly ApiKeyRecord[]; changes: number; keys: readonly ApiKeyRecord[] } | undefined;

  constructor(base: RecordSource) {
    this.#base = base;
  }

  /** A transaction's changes, after those before it. */
  add(changes: ChangeSet): void {
    for (const [name, { keyField, changes: entries }] of Object.entries(changes.lists)) {
      if (entries.length === 0) continue;
      let list = this.#lists.get(name);
      if (!list) {
        list = { keyField, changed: new Map(), inserted: new Map() };
        this.#lists.set(name, list);
      }
      const { changed, inserted } = list;
      // As replay does with RecordChanges' remove, insert and put.
      for (const [key, record, added] of entries) {
        if (record === null) {
          if (!inserted.delete(key)) changed.set(key, null);
        } else if (added === true && !inserted.has(key) && !changed.has(key)) {
          inserted.set(key, record);
        } else if (inserted.has(key)) {
          inserted.set(key, record);
        } else {
          changed.set(key, record);
        }
      }
    }
    for (const change of changes.apiKeys) this.#apiKeyChanges.push(change);
    if (changes.nextId) this.#nextId = changes.nextId;
  }

  /** The changes are now in the data below (applied to the replica): read straight through. */
  landed(): void {
    this.#landed = true;
    this.#apiKeysMade = undefined;
    this.#lists.clear();
    this.#apiKeyChanges.length = 0;
    this.#nextId = undefined;
  }

  get(name: string, keyField: string, key: RecordKey): StoredRecord | undefined {
    const list = this.#lists.get(name);
    if (list) {
      const inserted = list.inserted.get(key);
      if (inserted) return inserted;
      if (list.changed.has(key)) return list.changed.get(key) ?? undefined;
    }
    return this.#below().get(name, keyField, key);
  }

  records(name: string): Iterable<StoredRecord> {
    const list = this.#lists.get(name);
    return list ? this.#changedRecords(name, list) : this.#below().records(name);
  }

  /**
   * The data below, past the groups that have landed: they read through, and each group is begun
   * on the one sent before it, so without this every read would walk every group since the start.
   */
  #below(): RecordSource {
    let base = this.#base;
    while (base instanceof GroupOverlay && base.#landed) base = base.#base;
    this.#base = base;
    return base;
  }

  /** The list below with the changes made, as RecordChanges.applyTo makes them: replaced in place, removed, then appended. */
  *#changedRecords(name: string, { keyField, changed, inserted }: ListChanges): Generator<StoredRecord> {
    // A replacement takes the place of the first record of its key, as RecordChanges.applyTo does;
    // a removal drops every record of its key.
    const found = new Set<RecordKey>();
    for (const record of this.#below().records(name)) {
      const key = ownValue(record, keyField) as RecordKey;
      const change = changed.get(key);
      if (change === undefined) yield record;
      else if (change !== null) {
        if (found.has(key)) yield record;
        else yield change;
      }
      found.add(key);
    }
    for (const [key, change] of changed) if (change !== null && !found.has(key)) yield change;
    yield* inserted.values();
  }

  names(): readonly string[] {
    const below = this.#below().names();
    const added = [...this.#lists.keys()].filter((name) => !below.includes(name));
    return added.length === 0 ? below : [...below, ...added];
  }

  nextId(): DataSet['nextId'] {
    return this.#nextId ?? this.#below().nextId();
  }

  apiKeys(): readonly ApiKeyRecord[] {
    const below = this.#below().apiKeys();
    const changes = this.#apiKeyChanges.length;
    if (changes === 0) return below;
    const made = this.#apiKeysMade;
    if (made?.below === below && made.changes === changes) return made.keys;
    const keys = withApiKeyChanges(below, this.#apiKeyChanges);
    this.#apiKeysMade = { below, changes, keys };
    return keys;
  }
}

// A transaction's writes as plain data: what a shared store keeps in its log, and what every
// process holding a copy of the data applies to it, in the order the store numbered them. Each
// list's changes name the field that keys its records, so a change set applies without the contract.
import type { ApiKeyRecord, DataSet, RecordKey, StoredRecord } from './data-set.js';
import { lookupBy } from './id-lookup.js';
import { RecordChanges } from './record-changes.js';

/** A record under its key, or null for a removal. */
export type Change<K, T> = [K, T | null];

/** The changes to one collection's list, in order. */
export type ListChanges = { keyField: string; changes: Change<RecordKey, StoredRecord>[] };

export type ChangeSet = {
  /** By collection name. */
  lists: Record<string, ListChanges>;
  apiKeys: Change<string, ApiKeyRecord>[];
  /** The counters as the change left them (every counter, not only those it moved). */
  nextId?: DataSet['nextId'];
};

export const emptyChangeSet = (): ChangeSet => ({ lists: {}, apiKeys: [] });

export function hasChanges(changes: ChangeSet): boolean {
  return (
    changes.nextId !== undefined ||
    changes.apiKeys.length > 0 ||
    Object.values(changes.lists).some((list) => list.changes.length > 0)
  );
}

/** Adds `changes` after those of `into`: one change set doing what both did one after the other. */
export function appendChangeSet(into: ChangeSet, changes: ChangeSet): void {
  for (const [name, list] of Object.entries(changes.lists)) {
    const existing = into.lists[name];
    // Loops, not push(...changes): a spread of a large change set's entries would overflow the stack.
    if (existing) for (const change of list.changes) existing.changes.push(change);
    else into.lists[name] = { keyField: list.keyField, changes: list.changes.slice() };
  }
  for (const change of changes.apiKeys) into.apiKeys.push(change);
  if (changes.nextId) into.nextId = changes.nextId;
}

/** Freezes the records a change set stores: stored records are replaced, never edited in place. */
export function freezeChangedRecords(changes: ChangeSet): void {
  for (const list of Object.values(changes.lists))
    for (const [, record] of list.changes) if (record) Object.freeze(record);
  for (const [, record] of changes.apiKeys) if (record) Object.freeze(record);
}

function replay<K, T extends object>(changes: RecordChanges<K, T>, entries: Change<K, T>[]): RecordChanges<K, T> {
  for (const [key, record] of entries) {
    if (record === null) changes.remove(key);
    else changes.put(key, record);
  }
  return changes;
}

const findKey = (list: readonly ApiKeyRecord[], key: string) => list.find((record) => record.key === key);

/** Applies `changes` to `data`, in place: records replaced or appended, removed ones dropped. */
export function applyChangeSet(data: DataSet, changes: ChangeSet): void {
  for (const [name, { keyField, changes: entries }] of Object.entries(changes.lists)) {
    if (entries.length === 0) continue;
    const list = Array.isArray(data[name]) ? (data[name] as StoredRecord[]) : [];
    const lookup = lookupBy(keyField);
    data[name] = replay(
      new RecordChanges<RecordKey, StoredRecord>((record) => record[keyField] as RecordKey, lookup),
      entries,
    ).applyTo(list);
  }
  // A new array: lookups of keys re-index when they see one (data-set-reader.ts).
  if (changes.apiKeys.length > 0)
    data.apiKeys = replay(new RecordChanges((record: ApiKeyRecord) => record.key, findKey), changes.apiKeys).applyTo([
      ...data.apiKeys,
    ]);
  if (changes.nextId) data.nextId = { ...changes.nextId };
}

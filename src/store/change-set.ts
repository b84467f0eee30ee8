// A transaction's writes as plain data: what a shared store keeps in its log, and what every
// process holding a copy of the data applies to it, in the order the store numbered them. Each
// list's changes name the field that keys its records, so a change set applies without the contract.
import type { ApiKeyRecord, DataSet, RecordKey, StoredRecord } from './data-set.js';
import { lookupBy } from './id-lookup.js';
import { ownValue, setOwn } from './own-keys.js';
import { type Change, RecordChanges } from './record-changes.js';

export type { Change } from './record-changes.js';

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
    const existing = ownValue(into.lists, name) as ListChanges | undefined;
    // Loops, not push(...changes): a spread of a large change set's entries would overflow the stack.
    if (existing) for (const change of list.changes) existing.changes.push(change);
    else setOwn(into.lists, name, { keyField: list.keyField, changes: list.changes.slice() });
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
  for (const [key, record, added] of entries) {
    if (record === null) changes.remove(key);
    // A new key, untouched before in these changes: appended without a search of the list (a
    // search for a key no record has walks it all: with 100,000 records, ~0.1 ms a record).
    else if (added === true && changes.pending(key) === undefined) changes.insert(key, record);
    else changes.put(key, record);
  }
  return changes;
}

const findKey = (list: readonly ApiKeyRecord[], key: string) => list.find((record) => record.key === key);

/** Applies `changes` to `data`, in place: records replaced or appended, removed ones dropped. */
export function applyChangeSet(data: DataSet, changes: ChangeSet): void {
  for (const [name, { keyField, changes: entries }] of Object.entries(changes.lists)) {
    if (entries.length === 0) continue;
    const held = ownValue(data, name);
    const list = Array.isArray(held) ? (held as StoredRecord[]) : [];
    const lookup = lookupBy(keyField);
    setOwn(
      data,
      name,
      replay(
        new RecordChanges<RecordKey, StoredRecord>((record) => ownValue(record, keyField) as RecordKey, lookup),
        entries,
      ).applyTo(list),
    );
  }
  if (changes.apiKeys.length > 0) data.apiKeys = withApiKeyChanges(data.apiKeys, changes.apiKeys);
  if (changes.nextId) data.nextId = { ...changes.nextId };
}

/** The API keys with `changes` made, as a new array: lookups of keys re-index when they see one (data-set-reader.ts). */
export function withApiKeyChanges(
  apiKeys: readonly ApiKeyRecord[],
  changes: Change<string, ApiKeyRecord>[],
): ApiKeyRecord[] {
  return replay(new RecordChanges((record: ApiKeyRecord) => record.key, findKey), changes).applyTo([...apiKeys]);
}

// An edit of the data file by hand, taken while serving (serve --watch), and the writes made
// through the API that the file did not hold yet (the journal's, since the mock last wrote the
// file): the edit is served as saved, and each of those writes is applied on top of it, unless
// the edit changed the same record (or counter), where the edit wins. Compared record by record,
// by key, against the file as the mock last wrote it: a record the edit left as it was is one the
// person did not touch.

import { replayChangeSets } from './change-replay.js';
import type { ChangeSet, ListChanges } from './change-set.js';
import { collectionNames, type DataSet, type RecordKey, recordsOf } from './data-set.js';
import { setOwn } from './own-keys.js';

export type EditMerge = {
  /** The edit, with the writes it did not touch applied. */
  data: DataSet;
  /** Those writes as one change set (to journal over the edit); undefined when there are none. */
  kept: ChangeSet | undefined;
  /** "pets 61", one per record kept. */
  keptNames: string[];
  /** "pets 5", one per record whose write the edit overrode. */
  overriddenNames: string[];
};

/** Whether two JSON values are the same, whatever the order of their fields. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  if (aKeys.length !== Object.keys(b).length) return false;
  return aKeys.every((key) => key in bRecord && sameJson((a as Record<string, unknown>)[key], bRecord[key]));
}

/**
 * "pets 20635", one per record `before` holds and `after` does not, by each list's key field: what
 * an edit took away (an older copy of the file saved over a newer one takes every record since).
 */
export function removedNames(before: DataSet, after: DataSet, keyFieldOf: (list: string) => string): string[] {
  const names: string[] = [];
  for (const name of collectionNames(before)) {
    const keyField = keyFieldOf(name);
    const kept = new Set(recordsOf(after, name).map((record) => record[keyField]));
    for (const record of recordsOf(before, name))
      if (!kept.has(record[keyField])) names.push(`${name} ${String(record[keyField])}`);
  }
  return names;
}

/** Finds records of one list by key, indexing it at the first look. */
function indexOf(records: unknown, keyField: string): (key: RecordKey) => unknown {
  let index: Map<unknown, unknown> | undefined;
  return (key) => {
    if (!index) {
      index = new Map();
      for (const record of Array.isArray(records) ? records : []) {
        const recordKey = (record as Record<string, unknown>)[keyField];
        if (!index.has(recordKey)) index.set(recordKey, record);
      }
    }
    return index.get(key);
  };
}

/** Each key's last change across `sets`, by list, in the order keys were first changed. */
function lastChanges(sets: readonly ChangeSet[]): {
  lists: Map<string, { keyField: string; changes: Map<RecordKey, unknown> }>;
  apiKeys: Map<string, unknown>;
  nextId: DataSet['nextId'] | undefined;
} {
  const lists = new Map<string, { keyField: string; changes: Map<RecordKey, unknown> }>();
  const apiKeys = new Map<string, unknown>();
  let nextId: DataSet['nextId'] | undefined;
  for (const set of sets) {
    for (const [name, { keyField, changes }] of Object.entries(set.lists)) {
      let list = lists.get(name);
      if (!list) {
        list = { keyField, changes: new Map() };
        lists.set(name, list);
      }
      for (const [key, record] of changes) list.changes.set(key, record);
    }
    for (const [key, record] of set.apiKeys) apiKeys.set(key, record);
    if (set.nextId) nextId = set.nextId;
  }
  return { lists, apiKeys, nextId };
}

/**
 * The edit `edited` merged with `since`, the change sets made through the API after `base` (the
 * file as the mock last wrote it).
 */
export function mergeHandEdit(base: DataSet, edited: DataSet, since: readonly ChangeSet[]): EditMerge {
  const last = lastChanges(since);
  const keptNames: string[] = [];
  const overriddenNames: string[] = [];
  const kept: ChangeSet = { lists: {}, apiKeys: [] };

  for (const [name, { keyField, changes }] of last.lists) {
    const inBase = indexOf(base[name], keyField);
    const inEdit = indexOf(edited[name], keyField);
    const list: ListChanges = { keyField, changes: [] };
    for (const [key, record] of changes) {
      const editedRecord = inEdit(key);
      // An edit that made the same change (a record removed by both) agrees with the write: kept.
      if (sameJson(editedRecord, record ?? undefined)) {
        keptNames.push(`${name} ${key}`);
      } else if (sameJson(editedRecord, inBase(key))) {
        list.changes.push([key, record as ListChanges['changes'][number][1]]);
        keptNames.push(`${name} ${key}`);
      } else {
        overriddenNames.push(`${name} ${key}`);
      }
    }
    if (list.changes.length > 0) setOwn(kept.lists, name, list);
  }
  const keyInBase = indexOf(base.apiKeys, 'key');
  const keyInEdit = indexOf(edited.apiKeys, 'key');
  for (const [key, record] of last.apiKeys) {
    if (sameJson(keyInEdit(key), record ?? undefined)) {
      keptNames.push(`API key ${key}`);
    } else if (sameJson(keyInEdit(key), keyInBase(key))) {
      kept.apiKeys.push([key, record as DataSet['apiKeys'][number] | null]);
      keptNames.push(`API key ${key}`);
    } else {
      overriddenNames.push(`API key ${key}`);
    }
  }
  if (last.nextId) {
    // A counter the edit changed keeps the edit's value, or the API's when that is higher: a
    // record kept must never have its id handed out again.
    const nextId: DataSet['nextId'] = { ...edited.nextId };
    for (const [counter, value] of Object.entries(last.nextId)) {
      const editedValue = edited.nextId[counter];
      nextId[counter] =
        editedValue === base.nextId[counter] || editedValue === undefined ? value : Math.max(editedValue, value);
    }
    if (!sameJson(nextId, edited.nextId)) kept.nextId = nextId;
  }
  const hasKept = Object.keys(kept.lists).length > 0 || kept.apiKeys.length > 0 || kept.nextId !== undefined;
  return {
    data: hasKept ? replayChangeSets(edited, [kept]) : edited,
    kept: hasKept ? kept : undefined,
    keptNames,
    overriddenNames,
  };
}

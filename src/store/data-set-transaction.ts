// A transaction over an in-memory DataSet: reads go to the stored data, writes wait aside
// (record-changes.ts) until commit applies them all in one synchronous step.
import type { ChangeSet, ListChanges } from './change-set.js';
import {
  type ApiKeyRecord,
  type Collection,
  type DataSet,
  isCountedId,
  type RecordKey,
  type StoredRecord,
} from './data-set.js';
import type { RecordSource } from './data-set-reader.js';
import type { DataReader, DataTransaction } from './data-store.js';
import { lookupBy } from './id-lookup.js';
import { ownValue, setOwn } from './own-keys.js';
import { REMOVED, RecordChanges } from './record-changes.js';

export type DataSetTransaction = {
  tx: DataTransaction;
  hasWrites(): boolean;
  /** Ends the transaction: later writes through `tx` throw. */
  seal(): void;
  /**
   * Applies every write to `data`; it cannot fail part-way, since each write was checked when made.
   * A list is changed in place; `writable` may hand back a copy to change instead (copy-on-write).
   */
  applyTo(data: DataSet, writable?: WritableList): void;
  /** The writes as data, for a store that sends them on (redis-data-store.ts) or logs them. */
  changeSet(): ChangeSet;
};

/** The list a change may alter in place: the list itself, or a copy of it. */
export type WritableList = <T>(list: T[]) => T[];

const inPlace: WritableList = (list) => list;

function findKey(list: readonly ApiKeyRecord[], key: string): ApiKeyRecord | undefined {
  return list.find((record) => record.key === key);
}

/** What a transaction checks its writes against, and numbers new records from: the data it began on. */
export type StoredData = {
  record(collection: Collection, key: RecordKey): StoredRecord | undefined;
  records(collection: Collection): Iterable<StoredRecord>;
  nextId(): DataSet['nextId'];
  apiKey(key: string): ApiKeyRecord | undefined;
};

/** The stored data a source holds, as it stands at each call. */
export function storedDataOf(source: RecordSource): StoredData {
  return {
    record: (collection, key) => source.get(collection.name, collection.keyField, key),
    records: (collection) => source.records(collection.name),
    nextId: () => source.nextId(),
    apiKey: (key) => findKey(source.apiKeys(), key),
  };
}

/** The pending writes of one collection. */
type Pending = { collection: Collection; changes: RecordChanges<RecordKey, StoredRecord> };

export function createDataSetTransaction(view: DataReader, stored: StoredData): DataSetTransaction {
  const pending = new Map<string, Pending>();
  const apiKeys = new RecordChanges<string, ApiKeyRecord>((record) => record.key, findKey);
  let nextId: DataSet['nextId'] | undefined;
  let sealed = false;

  const writable = () => {
    if (sealed) throw new Error('This transaction is over: write only before its work resolves.');
  };
  const pendingOf = (collection: Collection): Pending => {
    let entry = pending.get(collection.name);
    if (!entry) {
      const { keyField } = collection;
      entry = {
        collection,
        changes: new RecordChanges((record) => ownValue(record, keyField) as RecordKey, lookupBy(keyField)),
      };
      pending.set(collection.name, entry);
    }
    return entry;
  };
  /** The counters as this transaction moves them, and the next id of `counter` among them. */
  const counterOf = (collection: Collection, counter: string): [DataSet['nextId'], number] => {
    nextId ??= { ...stored.nextId() };
    const next = ownValue(nextId, counter) as number | undefined;
    return [nextId, next ?? firstFreeId(stored.records(collection), collection.keyField)];
  };
  const takeId = (collection: Collection, counter: string): number => {
    const [counters, id] = counterOf(collection, counter);
    setOwn(counters, counter, id + 1);
    return id;
  };
  /** A record that comes with its id (fixtures added to stored data): the counter moves past it. */
  const keepId = (collection: Collection, counter: string, id: number, fields: StoredRecord): StoredRecord => {
    const [counters, next] = counterOf(collection, counter);
    setOwn(counters, counter, isCountedId(id) ? Math.max(next, id + 1) : next);
    return fields;
  };
  /** Throws unless `key` names a record that is stored or written by this transaction, and not removed. */
  const requireRecord = (collection: Collection, key: RecordKey) => {
    const { changes } = pendingOf(collection);
    const written = changes.pending(key);
    if (written === REMOVED || (written === undefined && stored.record(collection, key) === undefined))
      throw new Error(`No record ${String(key)} of ${collection.name} to replace or remove in this transaction.`);
    return changes;
  };

  const writes: Omit<DataTransaction, keyof DataReader> = {
    async insert(collection, fields) {
      writable();
      const given = ownValue(fields, collection.keyField);
      // A key given is kept (a fixture's, or one a draft lets clients choose); a whole one moves the counter past it.
      const record: StoredRecord =
        collection.counter === undefined
          ? fields
          : given === undefined || given === null
            ? {
                [collection.keyField]: takeId(collection, collection.counter),
                ...withoutField(fields, collection.keyField),
              }
            : Number.isSafeInteger(given)
              ? keepId(collection, collection.counter, given as number, fields)
              : fields;
      pendingOf(collection).changes.insert(ownValue(record, collection.keyField) as RecordKey, record);
      return record;
    },
    async replace(collection, record) {
      writable();
      const key = ownValue(record, collection.keyField) as RecordKey;
      requireRecord(collection, key).put(key, record);
    },
    async remove(collection, key) {
      writable();
      requireRecord(collection, key).remove(key);
    },
    async putApiKey(record) {
      writable();
      apiKeys.put(record.key, record);
    },
    async removeApiKey(key) {
      writable();
      if (apiKeys.pending(key) === REMOVED || (!apiKeys.pending(key) && !stored.apiKey(key)))
        throw new Error(`No API key ${key} to remove in this transaction.`);
      apiKeys.remove(key);
    },
  };

  // The reads by prototype: spreading them into an object with the writes cost ~30 µs a transaction.
  const tx: DataTransaction = Object.assign(Object.create(view) as DataReader, writes);
  return {
    tx,
    hasWrites: () =>
      nextId !== undefined || apiKeys.size > 0 || [...pending.values()].some(({ changes }) => changes.size > 0),
    seal() {
      sealed = true;
    },
    applyTo(data, writable = inPlace) {
      for (const [name, { changes }] of pending) {
        if (changes.size === 0) continue;
        const held = ownValue(data, name);
        setOwn(data, name, changes.applyTo(writable(Array.isArray(held) ? (held as StoredRecord[]) : [])));
      }
      // Always a new array: lookups of keys re-index when they see one (data-set-reader.ts).
      if (apiKeys.size > 0) data.apiKeys = apiKeys.applyTo([...data.apiKeys]);
      if (nextId) data.nextId = nextId;
    },
    changeSet: () => {
      const lists: Record<string, ListChanges> = {};
      for (const [name, { collection, changes }] of pending) {
        if (changes.size > 0) setOwn(lists, name, { keyField: collection.keyField, changes: [...changes.entries()] });
      }
      return { lists, apiKeys: [...apiKeys.entries()], ...(nextId ? { nextId: { ...nextId } } : {}) };
    },
  };
}

/**
 * The id after every stored one: a counter the data lacks (the contract has just made the
 * collection numbered, its records stored before) starts past them, as the data set's check asks.
 */
export function firstFreeId(records: Iterable<StoredRecord>, keyField: string): number {
  let highest = 0;
  for (const record of records) {
    const id = ownValue(record, keyField);
    if (isCountedId(id) && id > highest) highest = id;
  }
  return highest + 1;
}

function withoutField(fields: StoredRecord, name: string): StoredRecord {
  if (!Object.hasOwn(fields, name)) return fields;
  const { [name]: _dropped, ...rest } = fields;
  return rest;
}

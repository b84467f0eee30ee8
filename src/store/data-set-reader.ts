// The reads of the DataStore over an in-memory DataSet: the stored records themselves, found by
// key without a walk of the list (id-lookup.ts), and pages without copying whole lists.
import {
  type ApiKeyRecord,
  collectionNames,
  type DataSet,
  type RecordKey,
  recordsOf,
  type StoredRecord,
} from './data-set.js';
import type { DataReader, Page, PageOf } from './data-store.js';
import { lookupBy } from './id-lookup.js';
import { keyOrderOf } from './key-order.js';

/**
 * The page of `list`'s records that `matches` keeps, in one pass and without a filtered copy;
 * taken in the order of `positions` (key-order.ts) when given, else as the list stands.
 */
export function pageOf<T>(
  list: readonly T[],
  page: Page,
  matches?: (record: T) => boolean,
  positions?: Uint32Array,
): PageOf<T> {
  const end = page.offset + page.limit;
  // Without a filter the page is a slice: no pass over every stored record.
  if (!matches && !positions) return { items: list.slice(page.offset, end), total: list.length };
  if (!matches) {
    const items = Array.from(positions?.subarray(page.offset, end) ?? [], (position) => list[position] as T);
    return { items, total: list.length };
  }
  const items: T[] = [];
  let total = 0;
  const count = list.length;
  for (let index = 0; index < count; index += 1) {
    const record = list[positions ? (positions[index] as number) : index] as T;
    if (!matches(record)) continue;
    if (total >= page.offset && total < end) items.push(record);
    total += 1;
  }
  return { items, total };
}

/** Finds keys in constant time however many there are; rebuilt when the list is replaced (writers replace it). */
export function createKeyIndex(): (list: readonly ApiKeyRecord[], key: string) => ApiKeyRecord | undefined {
  let indexedList: readonly ApiKeyRecord[] | undefined;
  let index = new Map<string, ApiKeyRecord>();
  return (list, key) => {
    if (list !== indexedList) {
      index = new Map(list.map((record) => [record.key, record]));
      indexedList = list;
    }
    return index.get(key);
  };
}

/** Data read by a DataReader: a data set, or a group of changes over one (src/redis/group-overlay.ts). */
export type RecordSource = {
  get(name: string, keyField: string, key: RecordKey): StoredRecord | undefined;
  /** A list's records in their order; none for a list the data lacks. */
  records(name: string): Iterable<StoredRecord>;
  names(): readonly string[];
  nextId(): DataSet['nextId'];
  apiKeys(): readonly ApiKeyRecord[];
};

/** The data set `current()` answers at each call. */
export function dataSetSource(current: () => DataSet): RecordSource {
  return {
    get: (name, keyField, key) => lookupBy(keyField)(recordsOf(current(), name), key),
    records: (name) => recordsOf(current(), name),
    names: () => collectionNames(current()),
    nextId: () => current().nextId,
    apiKeys: () => current().apiKeys,
  };
}

/** The reads of a DataStore over a source. */
export function sourceReader(source: RecordSource): DataReader {
  const keyOf = createKeyIndex();
  const listOf = (name: string): readonly StoredRecord[] => {
    const records = source.records(name);
    return Array.isArray(records) ? records : [...records];
  };
  return {
    get: async (collection, key) => source.get(collection.name, collection.keyField, key),
    list: async (collection, page, matches) => {
      const records = listOf(collection.name);
      return pageOf(records, page, matches, keyOrderOf(records, collection.keyField));
    },
    async find(collection, matches) {
      for (const record of source.records(collection.name)) if (matches(record)) return record;
      return undefined;
    },
    async count(collection, matches) {
      const records = listOf(collection.name);
      return matches ? pageOf(records, { offset: 0, limit: 0 }, matches).total : records.length;
    },
    collections: async () => source.names(),
    findApiKey: async (key) => keyOf(source.apiKeys(), key),
    listApiKeys: async () => source.apiKeys(),
  };
}

/** Reads of `current()`, the data as it stands at each call. */
export function createDataSetReader(current: () => DataSet): DataReader {
  return sourceReader(dataSetSource(current));
}

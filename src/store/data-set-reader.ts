// The reads of the DataStore over an in-memory DataSet: the stored records themselves, found by
// key without a walk of the list (id-lookup.ts), and pages without copying whole lists.
import { type ApiKeyRecord, collectionNames, type DataSet, recordsOf } from './data-set.js';
import type { DataReader, Page, PageOf } from './data-store.js';
import { lookupBy } from './id-lookup.js';

/** The page of `list`'s records that `matches` keeps, in one pass and without a filtered copy. */
export function pageOf<T>(list: readonly T[], page: Page, matches?: (record: T) => boolean): PageOf<T> {
  const end = page.offset + page.limit;
  // Without a filter the page is a slice: no pass over every stored record.
  if (!matches) return { items: list.slice(page.offset, end), total: list.length };
  const items: T[] = [];
  let total = 0;
  for (const record of list) {
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

/** Reads of `current()`, the data as it stands at each call. */
export function createDataSetReader(current: () => DataSet): DataReader {
  const keyOf = createKeyIndex();
  return {
    get: async (collection, key) => lookupBy(collection.keyField)(recordsOf(current(), collection.name), key),
    list: async (collection, page, matches) => pageOf(recordsOf(current(), collection.name), page, matches),
    find: async (collection, matches) => recordsOf(current(), collection.name).find(matches),
    count: async (collection, matches) => {
      const records = recordsOf(current(), collection.name);
      return matches ? pageOf(records, { offset: 0, limit: 0 }, matches).total : records.length;
    },

    collections: async () => collectionNames(current()),

    findApiKey: async (key) => keyOf(current().apiKeys, key),
    listApiKeys: async () => current().apiKeys,
  };
}

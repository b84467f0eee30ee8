// The reads of the DataStore over an in-memory DataSet: the stored records themselves, found by
// id without a walk of the list (id-lookup.ts), and pages without copying whole lists.
import { type ApiKeyRecord, categoryById, type DataSet, inventoryOfPet, orderById, petById } from './data-set.js';
import type { DataReader, Page, PageOf } from './data-store.js';
import { categoryMatches, inventoryMatches, isUnfiltered, orderMatches, petMatches } from './record-filters.js';

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

const NO_ITEMS: Page = { offset: 0, limit: 0 };

/** Reads of `current()`, the data as it stands at each call. */
export function createDataSetReader(current: () => DataSet): DataReader {
  const keyOf = createKeyIndex();
  return {
    getPet: async (id) => petById(current().pets, id),
    listPets: async (filter, page) =>
      pageOf(current().pets, page, isUnfiltered(filter) ? undefined : (pet) => petMatches(pet, filter)),
    countPetsInCategory: async (categoryId) =>
      pageOf(current().pets, NO_ITEMS, (pet) => pet.categoryId === categoryId).total,

    getCategory: async (id) => categoryById(current().categories, id),
    findCategoryNamed: async (name, exceptId) => {
      const wanted = name.toLowerCase();
      return current().categories.find(
        (category) => category.id !== exceptId && category.name.toLowerCase() === wanted,
      );
    },
    listCategories: async (filter, page) =>
      pageOf(current().categories, page, isUnfiltered(filter) ? undefined : (item) => categoryMatches(item, filter)),

    getOrder: async (id) => orderById(current().orders, id),
    hasOpenOrders: async (petId) => current().orders.some((order) => order.petId === petId && !order.complete),
    // Always filtered: an order whose ship date does not parse is in no list (as before).
    listOrders: async (filter, page) => pageOf(current().orders, page, (order) => orderMatches(order, filter)),

    getInventoryItem: async (petId) => inventoryOfPet(current().inventory, petId),
    listInventory: async (filter, page) =>
      pageOf(current().inventory, page, isUnfiltered(filter) ? undefined : (item) => inventoryMatches(item, filter)),

    findApiKey: async (key) => keyOf(current().apiKeys, key),
    listApiKeys: async () => current().apiKeys,
  };
}

// A transaction's writes as plain data: what a shared store keeps in its log, and what every
// process holding a copy of the data applies to it, in the order the store numbered them.
import {
  type ApiKeyRecord,
  type Category,
  categoryById,
  type DataSet,
  type InventoryItem,
  inventoryOfPet,
  orderById,
  type Pet,
  petById,
  type StoredOrder,
} from './data-set.js';
import { RecordChanges } from './record-changes.js';

/** A record under its key, or null for a removal. */
export type Change<K, T> = [K, T | null];

export type ChangeSet = {
  pets: Change<number, Pet>[];
  categories: Change<number, Category>[];
  orders: Change<number, StoredOrder>[];
  inventory: Change<number, InventoryItem>[];
  apiKeys: Change<string, ApiKeyRecord>[];
  nextId?: DataSet['nextId'];
};

/** The lists of a change set, in the order a shared store numbers them (redis-data-store.ts). */
export const CHANGE_SET_LISTS = ['pets', 'categories', 'orders', 'inventory', 'apiKeys'] as const;

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
  if (changes.pets.length > 0)
    data.pets = replay(new RecordChanges((pet: Pet) => pet.id, petById), changes.pets).applyTo(data.pets);
  if (changes.categories.length > 0)
    data.categories = replay(
      new RecordChanges((category: Category) => category.id, categoryById),
      changes.categories,
    ).applyTo(data.categories);
  if (changes.orders.length > 0)
    data.orders = replay(new RecordChanges((order: StoredOrder) => order.id, orderById), changes.orders).applyTo(
      data.orders,
    );
  if (changes.inventory.length > 0)
    data.inventory = replay(
      new RecordChanges((item: InventoryItem) => item.petId, inventoryOfPet),
      changes.inventory,
    ).applyTo(data.inventory);
  // A new array: lookups of keys re-index when they see one (data-set-reader.ts).
  if (changes.apiKeys.length > 0)
    data.apiKeys = replay(new RecordChanges((record: ApiKeyRecord) => record.key, findKey), changes.apiKeys).applyTo([
      ...data.apiKeys,
    ]);
  if (changes.nextId) data.nextId = { ...changes.nextId };
}

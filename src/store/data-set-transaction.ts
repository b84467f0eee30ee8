// A transaction over an in-memory DataSet: reads go to the stored data, writes wait aside
// (record-changes.ts) until commit applies them all in one synchronous step.

import type { ChangeSet } from './change-set.js';
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
import type { DataReader, DataTransaction } from './data-store.js';
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
  /** The writes as data, for a store that sends them on (redis-data-store.ts). */
  changeSet(): ChangeSet;
};

/** The list a change may alter in place: the list itself, or a copy of it. */
export type WritableList = <T>(list: T[]) => T[];

const inPlace: WritableList = (list) => list;

type IdKind = keyof DataSet['nextId'];

const idOf = (record: { id: number }) => record.id;
const petIdOf = (item: InventoryItem) => item.petId;
const keyOf = (record: ApiKeyRecord) => record.key;

function findKey(list: readonly ApiKeyRecord[], key: string): ApiKeyRecord | undefined {
  return list.find((record) => record.key === key);
}

export function createDataSetTransaction(view: DataReader, current: () => DataSet): DataSetTransaction {
  const pets = new RecordChanges<number, Pet>(idOf, petById);
  const categories = new RecordChanges<number, Category>(idOf, categoryById);
  const orders = new RecordChanges<number, StoredOrder>(idOf, orderById);
  const inventory = new RecordChanges<number, InventoryItem>(petIdOf, inventoryOfPet);
  const apiKeys = new RecordChanges<string, ApiKeyRecord>(keyOf, findKey);
  let nextId: DataSet['nextId'] | undefined;
  let sealed = false;

  const writable = () => {
    if (sealed) throw new Error('This transaction is over: write only before its work resolves.');
  };
  const takeId = (kind: IdKind): number => {
    nextId ??= { ...current().nextId };
    const id = nextId[kind];
    nextId[kind] += 1;
    return id;
  };
  /** Throws unless `key` names a record that is stored or written by this transaction, and not removed. */
  const requireRecord = <K, T extends object>(
    changes: RecordChanges<K, T>,
    stored: T | undefined,
    key: K,
    what: string,
  ) => {
    const pending = changes.pending(key);
    if (pending === REMOVED || (pending === undefined && stored === undefined))
      throw new Error(`No ${what} ${String(key)} to replace or remove in this transaction.`);
  };

  /** Replace and remove for one kind of record, each refused unless the record is there. */
  const writesOf = <K, T extends object>(
    changes: RecordChanges<K, T>,
    stored: (key: K) => T | undefined,
    what: string,
  ) => ({
    replace: async (key: K, record: T) => {
      writable();
      requireRecord(changes, stored(key), key, what);
      changes.put(key, record);
    },
    remove: async (key: K) => {
      writable();
      requireRecord(changes, stored(key), key, what);
      changes.remove(key);
    },
  });
  /** Inserts a record numbered with the next id of its kind. */
  const insertNumbered =
    <T extends { id: number }>(changes: RecordChanges<number, T>, kind: IdKind) =>
    async (fields: Omit<T, 'id'>): Promise<T> => {
      writable();
      const record = { id: takeId(kind), ...fields } as T;
      changes.insert(record.id, record);
      return record;
    };
  const petWrites = writesOf(pets, (id: number) => petById(current().pets, id), 'pet');
  const categoryWrites = writesOf(categories, (id: number) => categoryById(current().categories, id), 'category');
  const orderWrites = writesOf(orders, (id: number) => orderById(current().orders, id), 'order');
  const inventoryWrites = writesOf(
    inventory,
    (petId: number) => inventoryOfPet(current().inventory, petId),
    'inventory entry of pet',
  );
  const apiKeyWrites = writesOf(apiKeys, (key: string) => findKey(current().apiKeys, key), 'API key');

  const writes: Omit<DataTransaction, keyof DataReader> = {
    insertPet: insertNumbered(pets, 'pet'),
    replacePet: (pet) => petWrites.replace(pet.id, pet),
    removePet: petWrites.remove,
    insertCategory: insertNumbered(categories, 'category'),
    replaceCategory: (category) => categoryWrites.replace(category.id, category),
    removeCategory: categoryWrites.remove,
    insertOrder: insertNumbered(orders, 'order'),
    replaceOrder: (order) => orderWrites.replace(order.id, order),
    removeOrder: orderWrites.remove,
    async insertInventoryItem(item) {
      writable();
      inventory.insert(item.petId, item);
    },
    replaceInventoryItem: (item) => inventoryWrites.replace(item.petId, item),
    removeInventoryItem: inventoryWrites.remove,
    async putApiKey(record) {
      writable();
      apiKeys.put(record.key, record);
    },
    removeApiKey: apiKeyWrites.remove,
  };

  // The reads by prototype: spreading them into an object with the writes cost ~30 µs a transaction.
  const tx: DataTransaction = Object.assign(Object.create(view) as DataReader, writes);
  return {
    tx,
    hasWrites: () =>
      nextId !== undefined || pets.size + categories.size + orders.size + inventory.size + apiKeys.size > 0,
    seal() {
      sealed = true;
    },
    applyTo(data, writable = inPlace) {
      if (pets.size > 0) data.pets = pets.applyTo(writable(data.pets));
      if (categories.size > 0) data.categories = categories.applyTo(writable(data.categories));
      if (orders.size > 0) data.orders = orders.applyTo(writable(data.orders));
      if (inventory.size > 0) data.inventory = inventory.applyTo(writable(data.inventory));
      // Always a new array: lookups of keys re-index when they see one (data-set-reader.ts).
      if (apiKeys.size > 0) data.apiKeys = apiKeys.applyTo([...data.apiKeys]);
      if (nextId) data.nextId = nextId;
    },
    changeSet: () => ({
      pets: [...pets.entries()],
      categories: [...categories.entries()],
      orders: [...orders.entries()],
      inventory: [...inventory.entries()],
      apiKeys: [...apiKeys.entries()],
      ...(nextId ? { nextId: { ...nextId } } : {}),
    }),
  };
}

// The shape of the mock's data: what the lowdb file holds. Resource shapes come from the
// contract's generated types; only the bookkeeping around them is declared here.
import type { components as ControlComponents } from '../generated/control.js';
import type { components } from '../generated/petstore.js';
import { createIdLookup } from './id-lookup.js';

type Schemas = components['schemas'];
export type Pet = Schemas['Pet'];
export type NewPet = Schemas['NewPet'];
export type Category = Schemas['Category'];
export type NewCategory = Schemas['NewCategory'];
export type NewOrder = Schemas['NewOrder'];
export type OrderUpdate = Schemas['OrderUpdate'];
export type InventoryItem = Schemas['InventoryItem'];
export type PetStatus = Schemas['PetStatus'];
/** An order as stored: the contract leaves every field optional, the mock always fills them. */
export type StoredOrder = Required<Schemas['Order']>;
/** An API key as stored: its name, and its plan (with custom limits) as PUT /__mock/keys/{key} takes them. */
export type ApiKeyRecord = { key: string } & ControlComponents['schemas']['KeyPlan'];

export const DATA_SET_VERSION = 1;

export type DataSet = {
  version: typeof DATA_SET_VERSION;
  /** The faker seed the data set was generated from. */
  seed: number;
  nextId: { pet: number; category: number; order: number };
  categories: Category[];
  pets: Pet[];
  orders: StoredOrder[];
  inventory: InventoryItem[];
  apiKeys: ApiKeyRecord[];
};

/** Stored records by their id, without a walk of the list per request (see id-lookup.ts). */
export const petById = createIdLookup<Pet>((pet) => pet.id);
export const categoryById = createIdLookup<Category>((category) => category.id);
export const orderById = createIdLookup<StoredOrder>((order) => order.id);
export const inventoryOfPet = createIdLookup<InventoryItem>((item) => item.petId);

/** Says what is wrong with data read from a file, or undefined when it has the DataSet shape. */
export function findDataSetProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'it is not a JSON object';
  const data = value as Record<string, unknown>;
  if (data.version !== DATA_SET_VERSION)
    return `its "version" is ${JSON.stringify(data.version)}, expected ${DATA_SET_VERSION}`;
  for (const list of ['categories', 'pets', 'orders', 'inventory', 'apiKeys']) {
    if (!Array.isArray(data[list])) return `it has no "${list}" array`;
  }
  const nextId = data.nextId as Record<string, unknown> | undefined;
  for (const kind of ['pet', 'category', 'order']) {
    if (!Number.isSafeInteger(nextId?.[kind])) return `it has no whole number at "nextId.${kind}"`;
  }
  return undefined;
}

/**
 * A copy of what a change may alter in place (the lists, nextId), sharing the records: they are
 * replaced, never edited.
 */
export function copyDataSet(data: DataSet): DataSet {
  return {
    ...data,
    nextId: { ...data.nextId },
    categories: [...data.categories],
    pets: [...data.pets],
    orders: [...data.orders],
    inventory: [...data.inventory],
    apiKeys: [...data.apiKeys],
  };
}

/** Freezes a value and everything it holds (records hold small objects, e.g. a key's limits). */
function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  for (const field of Object.values(value)) deepFreeze(field);
  Object.freeze(value);
}

/**
 * Freezes a data set's lists and records, so that it can be shared: by many copy-on-write stores
 * (copy-on-write-data-store.ts), and by copies of it (copyDataSet). A change that forgot to
 * replace a record, or to copy a list, then throws instead of changing every sharer's data.
 */
export function freezeDataSet(data: DataSet): DataSet {
  for (const list of [data.categories, data.pets, data.orders, data.inventory, data.apiKeys]) deepFreeze(list);
  Object.freeze(data.nextId);
  return Object.freeze(data);
}

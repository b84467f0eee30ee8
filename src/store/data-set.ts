// The shape of the mock's data: what the lowdb file holds. A data set holds one list per
// collection the contract describes (the four of the Pet Store format, and any a contract adds,
// such as a draft's new resource), plus the API keys. Records are plain JSON objects whose shape
// belongs to the contract; only the bookkeeping around them is declared here.
import type { components as ControlComponents } from '../generated/control.js';
import type { components } from '../generated/petstore.js';
import { ownValue, setOwn } from './own-keys.js';

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

/** What names a record in its collection: a number the mock assigned, or a string. */
export type RecordKey = number | string;
/** A stored record: a JSON object, frozen once stored (records are replaced, never edited). */
export type StoredRecord = Readonly<Record<string, unknown>>;

/**
 * A collection of the data set: the name of its list, the field that keys its records, and, when
 * the mock numbers new records, the name of its counter in `nextId` (e.g. "pet" for pets).
 */
export type Collection = Readonly<{ name: string; keyField: string; counter?: string }>;

/**
 * The largest id a counter moves past. A draft may let clients choose ids up to 2^53 - 1; a
 * counter moved past one that large would leave the whole numbers JSON holds exactly, so it
 * stays where it is (it would reach such ids only after 2^52 records).
 */
export const LARGEST_COUNTED_ID = 2 ** 52;

/** Whether a counter moves past `id`: a whole number up to LARGEST_COUNTED_ID. */
export function isCountedId(id: unknown): id is number {
  return Number.isSafeInteger(id) && (id as number) <= LARGEST_COUNTED_ID;
}

/** The field that keys each list, for a store that files records by key (Redis); undefined for a list no one describes. */
export type KeyFields = (collection: string) => string | undefined;

/** The key fields of `collections` (the contract's), and of the format's own lists the contract does not describe. */
export function keyFieldsOf(collections: readonly Collection[]): KeyFields {
  const known = new Map(
    [...FORMAT_COLLECTIONS, ...collections].map((collection) => [collection.name, collection.keyField]),
  );
  return (name) => known.get(name);
}

export const DATA_SET_VERSION = 1;

/**
 * The collections every data set of this format holds, whatever the contract (the rules of the
 * Pet Store use them), as the built-in contract keys and numbers them: what a store falls back on
 * for a list the contract being served does not describe.
 */
export const FORMAT_COLLECTIONS: readonly Collection[] = [
  { name: 'categories', keyField: 'id', counter: 'category' },
  { name: 'pets', keyField: 'id', counter: 'pet' },
  { name: 'orders', keyField: 'id', counter: 'order' },
  { name: 'inventory', keyField: 'petId' },
];

export type DataSet = {
  version: typeof DATA_SET_VERSION;
  /** The faker seed the data set was generated from. */
  seed: number;
  /** The next id of each counter; a contract's new collection adds its own. */
  nextId: { pet: number; category: number; order: number; [counter: string]: number };
  categories: Category[];
  pets: Pet[];
  orders: StoredOrder[];
  inventory: InventoryItem[];
  apiKeys: ApiKeyRecord[];
  /** The list of each other collection (a contract's new resource), by its name: StoredRecord[]. */
  [collection: string]: unknown;
};

/** Fields of a data set that are not a collection's list. */
const BOOKKEEPING: ReadonlySet<string> = new Set(['version', 'seed', 'nextId', 'apiKeys']);

const NO_RECORDS: readonly StoredRecord[] = Object.freeze([]);

/** The records of a collection; none when the data set has no list of that name yet. */
export function recordsOf(data: DataSet, name: string): readonly StoredRecord[] {
  const list = ownValue(data, name);
  return Array.isArray(list) ? (list as StoredRecord[]) : NO_RECORDS;
}

/** The names of every collection's list in a data set, the format's first. */
export function collectionNames(data: DataSet): string[] {
  return Object.keys(data).filter((name) => !BOOKKEEPING.has(name) && Array.isArray(data[name]));
}

/** The names of the format's lists a data set holds: all four for the Pet Store, none for another API's. */
export function formatListsOf(data: DataSet): string[] {
  return FORMAT_COLLECTIONS.map(({ name }) => name).filter((name) => Array.isArray(data[name]));
}

/**
 * Says what is wrong with data read from a file, or undefined when it has the DataSet shape, with
 * each of the format's `lists` a data set of the contract served holds (another API's holds none).
 */
export function findDataSetProblem(
  value: unknown,
  lists: readonly string[] = FORMAT_COLLECTIONS.map(({ name }) => name),
): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'it is not a JSON object';
  const data = value as Record<string, unknown>;
  if (data.version !== DATA_SET_VERSION)
    return `its "version" is ${JSON.stringify(data.version)}, expected ${DATA_SET_VERSION}`;
  for (const list of [...lists, 'apiKeys']) {
    if (!Array.isArray(data[list])) return `it has no "${list}" array`;
  }
  const nextId = data.nextId as Record<string, unknown> | undefined;
  if (typeof nextId !== 'object' || nextId === null) return 'it has no "nextId" object';
  const counters = FORMAT_COLLECTIONS.filter(({ name }) => lists.includes(name)).flatMap(({ counter }) =>
    counter ? [counter] : [],
  );
  for (const kind of counters) {
    if (!Number.isSafeInteger(nextId[kind])) return `it has no whole number at "nextId.${kind}"`;
  }
  for (const [counter, next] of Object.entries(nextId ?? {})) {
    if (!Number.isSafeInteger(next)) return `its "nextId.${counter}" is not a whole number`;
  }
  return undefined;
}

/**
 * A copy of what a change may alter in place (the lists, nextId), sharing the records: they are
 * replaced, never edited.
 */
export function copyDataSet(data: DataSet): DataSet {
  const copy: DataSet = { ...data, nextId: { ...data.nextId }, apiKeys: [...data.apiKeys] };
  for (const name of collectionNames(data)) setOwn(copy, name, [...recordsOf(data, name)]);
  return copy;
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
  for (const name of [...collectionNames(data), 'apiKeys']) deepFreeze(ownValue(data, name));
  Object.freeze(data.nextId);
  return Object.freeze(data);
}

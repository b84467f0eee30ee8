// The mock's data behind one asynchronous interface, so that a backend over the network (Redis,
// shared by several mock processes) or per-test scopes can stand in for lowdb without any change
// to the handlers: they keep the business rules, a backend only reads and writes records.
import type { ApiKeyRecord, Category, DataSet, InventoryItem, Pet, PetStatus, StoredOrder } from './data-set.js';

/** Which part of a list to answer (the contract's offset pagination). */
export type Page = { offset: number; limit: number };
/** One page of a list, and how many records the whole list holds. */
export type PageOf<T> = { items: readonly T[]; total: number };

/** Filters combine with AND; `name` matches a part of the name without case (spec: "Lists"). */
export type PetFilter = { status?: PetStatus; categoryId?: number; name?: string };
export type CategoryFilter = { name?: string };
/** Ship dates as epoch milliseconds: from `shipDateFromMs` inclusive, to `shipDateToMs` exclusive. */
export type OrderFilter = { petId?: number; complete?: boolean; shipDateFromMs?: number; shipDateToMs?: number };
export type InventoryFilter = { status?: PetStatus };

/**
 * Reads, each answered from stored data as one consistent state. Lists come in id order
 * (inventory: petId order). Records handed out are the stored ones in an in-memory backend:
 * never change them, replace them through a transaction.
 */
export type DataReader = {
  getPet(id: number): Promise<Pet | undefined>;
  listPets(filter: PetFilter, page: Page): Promise<PageOf<Pet>>;
  countPetsInCategory(categoryId: number): Promise<number>;

  getCategory(id: number): Promise<Category | undefined>;
  /** The first category but `exceptId` whose name equals `name` without case. */
  findCategoryNamed(name: string, exceptId?: number): Promise<Category | undefined>;
  listCategories(filter: CategoryFilter, page: Page): Promise<PageOf<Category>>;

  getOrder(id: number): Promise<StoredOrder | undefined>;
  /** Whether the pet has an order that is not complete. */
  hasOpenOrders(petId: number): Promise<boolean>;
  listOrders(filter: OrderFilter, page: Page): Promise<PageOf<StoredOrder>>;

  getInventoryItem(petId: number): Promise<InventoryItem | undefined>;
  listInventory(filter: InventoryFilter, page: Page): Promise<PageOf<InventoryItem>>;

  findApiKey(key: string): Promise<ApiKeyRecord | undefined>;
  listApiKeys(): Promise<readonly ApiKeyRecord[]>;
};

/**
 * A view plus writes. Writes are stored together when the transaction commits; reads see the
 * data as it stood before any of them (as in Redis's MULTI/EXEC): read first, then write.
 * Replacing or removing a record that is not there is a programming error, and throws.
 */
export type DataTransaction = DataReader & {
  /** Stores a new pet under the next pet id, and answers it. */
  insertPet(fields: Omit<Pet, 'id'>): Promise<Pet>;
  replacePet(pet: Pet): Promise<void>;
  removePet(id: number): Promise<void>;

  insertCategory(fields: Omit<Category, 'id'>): Promise<Category>;
  replaceCategory(category: Category): Promise<void>;
  removeCategory(id: number): Promise<void>;

  insertOrder(fields: Omit<StoredOrder, 'id'>): Promise<StoredOrder>;
  replaceOrder(order: StoredOrder): Promise<void>;
  removeOrder(id: number): Promise<void>;

  /** Stores the entry of a pet inserted by this transaction. */
  insertInventoryItem(item: InventoryItem): Promise<void>;
  replaceInventoryItem(item: InventoryItem): Promise<void>;
  removeInventoryItem(petId: number): Promise<void>;

  /** Stores the key's record, added after the others or in place of the one it has. */
  putApiKey(record: ApiKeyRecord): Promise<void>;
  removeApiKey(key: string): Promise<void>;
};

export type DataStore = {
  /** Runs `work` with reads only. Each read is consistent; use a transaction when several must agree. */
  read<T>(work: (view: DataReader) => Promise<T> | T): Promise<T>;
  /**
   * Runs `work` as one atomic change: its writes are stored together once it resolves, none if it
   * throws; no other transaction's writes land between its reads and its own. Resolves with
   * `work`'s result once the writes are stored (durable). A backend may run `work` more than once
   * (optimistic locking retries on a conflict): it must do nothing but read and write through `tx`.
   */
  transaction<T>(work: (tx: DataTransaction) => Promise<T> | T): Promise<T>;
  /** Replaces all data (reset to the fixtures) and resolves once stored. */
  replaceAll(data: DataSet): Promise<void>;
  /** Lets transactions under way finish, then closes the backend. */
  close(): Promise<void>;
};

// The mock's data behind one asynchronous interface, so that a backend over the network (Redis,
// shared by several mock processes) or per-test scopes can stand in for lowdb without any change
// to the handlers: they keep the business rules, a backend only reads and writes records. The
// interface knows collections, not resources: which collections there are, and how their records
// are keyed, is read from the contract (src/openapi/resource-model.ts).
import type { ApiKeyRecord, Collection, DataSet, RecordKey, StoredRecord } from './data-set.js';

/** Which part of a list to answer (the contract's offset pagination). */
export type Page = { offset: number; limit: number };
/** One page of a list, and how many records the whole list holds. */
export type PageOf<T> = { items: readonly T[]; total: number };
/** Which records a list keeps: none given keeps all. */
export type RecordFilter = (record: StoredRecord) => boolean;

/**
 * Reads, each answered from stored data as one consistent state. Lists come in the order records
 * were stored. Records handed out are the stored ones in an in-memory backend: never change them,
 * replace them through a transaction.
 */
export type DataReader = {
  /** The record of `collection` whose key field holds `key`. */
  get(collection: Collection, key: RecordKey): Promise<StoredRecord | undefined>;
  /** The page of the records `matches` keeps, and how many it keeps in all. */
  list(collection: Collection, page: Page, matches?: RecordFilter): Promise<PageOf<StoredRecord>>;
  /** The first record `matches` keeps. */
  find(collection: Collection, matches: RecordFilter): Promise<StoredRecord | undefined>;
  /** How many records `matches` keeps. */
  count(collection: Collection, matches?: RecordFilter): Promise<number>;

  /** The names of the collections whose lists the data holds (an empty list is one). */
  collections(): Promise<readonly string[]>;

  findApiKey(key: string): Promise<ApiKeyRecord | undefined>;
  listApiKeys(): Promise<readonly ApiKeyRecord[]>;
};

/**
 * A view plus writes. Writes are stored together when the transaction commits; reads see the
 * data as it stood before any of them (as in Redis's MULTI/EXEC): read first, then write.
 * Replacing or removing a record that is not there is a programming error, and throws.
 */
export type DataTransaction = DataReader & {
  /**
   * Stores a new record and answers it: numbered with the collection's next id when it has a
   * counter (the id first among its fields), else under the key its fields hold. A record that
   * holds its key already (fixtures added to stored data, or a key a draft lets clients choose)
   * keeps it, and a whole-number key moves the counter past it.
   * Only under a key no stored record has: the caller checks a key it was given (a write under a
   * stored key is a replace), since every store appends an insert without a search.
   */
  insert(collection: Collection, fields: StoredRecord): Promise<StoredRecord>;
  /** Stores `record` in place of the one with its key. */
  replace(collection: Collection, record: StoredRecord): Promise<void>;
  remove(collection: Collection, key: RecordKey): Promise<void>;

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

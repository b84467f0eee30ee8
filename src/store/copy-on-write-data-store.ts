// A DataStore in memory over shared data, for a scope: it starts as a view of a frozen data set
// (the fixtures, shared by every scope) and copies a list only when a write first changes it.
// Records are never copied: they are replaced, never edited, so a copied list still shares every
// record it did not replace. Nothing reaches a file.
import type { DataSet } from './data-set.js';
import { createDataSetReader, dataSetSource } from './data-set-reader.js';
import { createDataSetTransaction, storedDataOf, type WritableList } from './data-set-transaction.js';
import type { DataStore } from './data-store.js';
import { createSerialLock, whileHolding } from './serial-lock.js';

/** The shared lists are frozen (freezeDataSet): one that is not is this store's own copy. */
const ownCopy: WritableList = (list) => (Object.isFrozen(list) ? [...list] : list);

/** A data set of this store's own over `shared`'s lists: only its ids are copied (transactions replace them). */
function overlay(shared: DataSet): DataSet {
  if (!Object.isFrozen(shared.pets)) throw new Error('A copy-on-write store shares only frozen data (freezeDataSet).');
  return { ...shared, nextId: { ...shared.nextId } };
}

/** `shared` must be frozen (freezeDataSet); replaceAll takes a frozen data set too. */
export function createCopyOnWriteDataStore(shared: DataSet): DataStore {
  let data = overlay(shared);
  const view = createDataSetReader(() => data);
  // Transactions one at a time, as in the lowdb store: none lands between another's reads and its writes.
  const lock = createSerialLock();
  return {
    async read(work) {
      return work(view);
    },

    transaction(work) {
      const transaction = createDataSetTransaction(view, storedDataOf(dataSetSource(() => data)));
      return whileHolding(
        lock,
        async () => {
          const result = await work(transaction.tx);
          transaction.seal();
          return result;
        },
        () => {
          if (transaction.hasWrites()) transaction.applyTo(data, ownCopy);
        },
      );
    },

    async replaceAll(next) {
      const release = await lock.acquire();
      data = overlay(next);
      release();
    },

    close: () => lock.idle(),
  };
}

// The DataStore over the lowdb Store (create-store.ts). Reads answer from the data in memory.
// Transactions run one at a time, so none lands between another's reads and its writes; the
// lock is released as soon as the writes are applied in memory, not once they are on disk, so
// that the writes of concurrent transactions still share one disk write (group-commit.ts).
import type { Store } from './create-store.js';
import { createDataSetReader, dataSetSource } from './data-set-reader.js';
import { createDataSetTransaction, storedDataOf } from './data-set-transaction.js';
import type { DataStore } from './data-store.js';
import { madeOncePer } from './made-once.js';
import { createSerialLock, whileHolding } from './serial-lock.js';

/** One DataStore per Store: everything that wraps the same Store shares its lock. */
export const dataStoreOf: (store: Store) => DataStore = madeOncePer(createLowdbDataStore);

function createLowdbDataStore(store: Store): DataStore {
  const view = createDataSetReader(() => store.data);
  const lock = createSerialLock();
  return {
    async read(work) {
      return work(view);
    },

    transaction(work) {
      const transaction = createDataSetTransaction(view, storedDataOf(dataSetSource(() => store.data)));
      return whileHolding(
        lock,
        async () => {
          const result = await work(transaction.tx);
          transaction.seal();
          return result;
        },
        async (release) => {
          if (!transaction.hasWrites()) return;
          await store.update((data) => {
            try {
              transaction.applyTo(data);
            } finally {
              release();
            }
          }, transaction.changeSet());
        },
      );
    },

    async replaceAll(data) {
      const release = await lock.acquire();
      try {
        await store.replace(data);
      } finally {
        release();
      }
    },

    async close() {
      await lock.idle();
      await store.close();
    },
  };
}

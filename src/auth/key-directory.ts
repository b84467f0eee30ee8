// Finds an API key's record through the DataStore; the lowdb one answers in constant time
// however many keys there are (data-set-reader.ts).
import type { ApiKeyRecord } from '../limits/plans.js';
import type { DataStore } from '../store/data-store.js';

export type KeyDirectory = { find(key: string): Promise<ApiKeyRecord | undefined> };

/** `confirmMiss`: brings the data up to date before a key not found is called unknown (shared state). */
export function createKeyDirectory(data: DataStore, confirmMiss?: () => Promise<void>): KeyDirectory {
  const find = (key: string) => data.read((view) => view.findApiKey(key));
  if (!confirmMiss) return { find };
  return {
    async find(key) {
      const found = await find(key);
      if (found) return found;
      await confirmMiss();
      return find(key);
    },
  };
}

// Finds an API key's record through the DataStore; the lowdb one answers in constant time
// however many keys there are (data-set-reader.ts).
import type { ApiKeyRecord } from '../limits/plans.js';
import type { DataStore } from '../store/data-store.js';

export type KeyDirectory = { find(key: string): Promise<ApiKeyRecord | undefined> };

export function createKeyDirectory(data: DataStore): KeyDirectory {
  return { find: (key) => data.read((view) => view.findApiKey(key)) };
}

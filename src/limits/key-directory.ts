// Finds an API key's record in constant time, however many keys the data set holds.
import type { Store } from '../store/create-store.js';
import type { ApiKeyRecord } from './plans.js';

export type KeyDirectory = { find(key: string): ApiKeyRecord | undefined };

export function createKeyDirectory(store: Store): KeyDirectory {
  // The index is rebuilt when the apiKeys array is replaced (writers replace it, never mutate it).
  let indexedList: readonly ApiKeyRecord[] | undefined;
  let index = new Map<string, ApiKeyRecord>();
  return {
    find(key) {
      const list = store.data.apiKeys;
      if (list !== indexedList) {
        index = new Map(list.map((record) => [record.key, record]));
        indexedList = list;
      }
      return index.get(key);
    },
  };
}

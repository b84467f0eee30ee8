// What the simulation answers for a key, a storm or a fault that is not there; the control API turns it
// into the control contract's Error object (control-operations.ts).
import type { ApiKeyRecord } from '../limits/plans.js';
import type { DataStore } from '../store/data-store.js';

export class NotFoundError extends Error {
  constructor(
    readonly code: 'KEY_NOT_FOUND' | 'STORM_NOT_FOUND' | 'FAULT_NOT_FOUND',
    message: string,
  ) {
    super(message);
    this.name = 'NotFoundError';
  }
}

export const keyNotFound = (key: string) =>
  new NotFoundError(
    'KEY_NOT_FOUND',
    `No API key "${key}". Create it with PUT /__mock/keys/${encodeURIComponent(key)}.`,
  );

export const stormNotFound = (id: string) =>
  new NotFoundError('STORM_NOT_FOUND', `No storm has id "${id}". List them with GET /__mock/storms.`);

export const faultNotFound = (id: string) =>
  new NotFoundError('FAULT_NOT_FOUND', `No fault has id "${id}". List them with GET /__mock/faults.`);

/** The key's record, or KEY_NOT_FOUND. */
export async function requireKey(data: DataStore, key: string): Promise<ApiKeyRecord> {
  const record = await data.read((view) => view.findApiKey(key));
  if (!record) throw keyNotFound(key);
  return record;
}

// How a write changes a stored record by convention: a merge as RFC 7396 says (the body's
// fields replace the record's, a null removes one, objects merge field by field), and the 409
// of a record made under a key another record has.
import { HttpError } from '../../errors.js';
import type { JsonObject } from '../../openapi/json-pointer.js';
import type { OperationInfo } from '../../openapi/load-contract.js';
import type { Resource } from '../../openapi/resource-model.js';
import { allowsNull, resolveSchema } from '../../openapi/schema-shape.js';
import type { RecordKey, StoredRecord } from '../../store/data-set.js';
import { ownValue, setOwn } from '../../store/own-keys.js';
import type { ContractContext } from '../handler-types.js';

/** What a null sent for a record's field does (nullReading). */
export type NullReading = (field: string) => 'remove' | 'null' | 'keep';

/**
 * A null removes a field (RFC 7396), but one the record's answers require, which no answer can
 * leave out: there it is null where they allow one, else it changes nothing (Svix's patches
 * declare `default: null` on fields their answers require: null is "as it is").
 */
export function nullReading(document: JsonObject, resource: Resource): NullReading {
  const { required, properties } = resource.shape;
  return (field) => {
    if (!required.has(field)) return 'remove';
    return allowsNull(resolveSchema(document, properties.get(field) ?? {})) ? 'null' : 'keep';
  };
}

/** RFC 7396: the body's fields replace the record's, a null removes one (nullReading), objects merge field by field. */
export function mergePatch(
  existing: StoredRecord,
  sent: StoredRecord,
  body: unknown,
  onNull: NullReading = () => 'remove',
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...existing };
  const raw = (body ?? {}) as Record<string, unknown>;
  for (const [field, value] of Object.entries(sent)) {
    const reading = ownValue(raw, field) === null ? onNull(field) : undefined;
    if (reading === undefined) setOwn(merged, field, mergeValue(ownValue(merged, field), value));
    else if (reading === 'remove') delete merged[field];
    else if (reading === 'null') setOwn(merged, field, null);
  }
  return merged;
}

function mergeValue(target: unknown, patch: unknown): unknown {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return patch;
  const base = typeof target === 'object' && target !== null && !Array.isArray(target) ? { ...target } : {};
  for (const [field, value] of Object.entries(patch)) {
    if (value === null) delete (base as Record<string, unknown>)[field];
    else setOwn(base, field, mergeValue(ownValue(base, field), value));
  }
  return base;
}

/** A record made under a key another record has. */
export function conflict(
  deps: ContractContext,
  operation: OperationInfo,
  resource: Resource,
  key: RecordKey,
): HttpError {
  const listed = operation.responses.get('409')?.errorCodes[0];
  const code = listed ?? 'CONFLICT';
  // A client's error, whatever status a catalogue gives the code (5xx included).
  const status = deps.contract.errorCodes.get(code)?.status;
  return new HttpError(
    code,
    `A record of ${resource.name} already has ${resource.collection.keyField} ${JSON.stringify(key)}. Choose another, or replace it with PUT.`,
    {},
    status !== undefined && status < 500 ? status : 409,
  );
}

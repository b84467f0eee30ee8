// A record no operation of the contract makes, lists or deletes (Lichess's users, read only at
// /api/user/{username}), named by an operation that declares no 404: the mock cannot know which
// keys the API holds, and a 404 would break the document, so any key reads as a record drawn for
// it, the same for the same key and data set, until a write stores its own.
import { drawRecord, recordProperties } from '../../fixtures/drawn-record.js';
import { loadSchemaFaker } from '../../fixtures/load-schema-faker.js';
import type { OperationInfo } from '../../openapi/load-contract.js';
import { answerCovering } from '../../openapi/operation-answers.js';
import { putCreates } from '../../openapi/put-creates.js';
import type { Resource } from '../../openapi/resource-model.js';
import type { RecordKey, StoredRecord } from '../../store/data-set.js';
import { setOwn } from '../../store/own-keys.js';
import type { ContractContext } from '../handler-types.js';

/** Whether some operation makes, lists or deletes a resource's records, read once per resource. */
const handledElsewhere = new WeakMap<Resource, boolean>();

function madeListedOrDeleted(deps: ContractContext, resource: Resource): boolean {
  let found = handledElsewhere.get(resource);
  if (found === undefined) {
    found = deps.contract.operations.some((other) => {
      const shape = deps.resources.shapes.get(other.operationId);
      if (shape?.resource !== resource) return false;
      return ['create', 'list', 'delete'].includes(shape.kind) || putCreates(deps.resources, other, shape);
    });
    handledElsewhere.set(resource, found);
  }
  return found;
}

/** Whether `operation` reads any key of `resource` as a drawn record where none is stored: it declares no 404 (nor 4XX, default). */
export function drawsUnheld(deps: ContractContext, operation: OperationInfo, resource: Resource): boolean {
  return answerCovering(operation.responses, 404) === undefined && !madeListedOrDeleted(deps, resource);
}

/** Whether a key from a path can name a record of `resource`: text, else a whole (or finite) number. */
export function keyFits(resource: Resource, key: RecordKey): boolean {
  if (resource.keyType === 'string') return typeof key === 'string';
  return typeof key === 'number' && (resource.keyType === 'integer' ? Number.isSafeInteger(key) : Number.isFinite(key));
}

/** The records drawn for keys not stored: a write that finds one stores it (insert, not replace). */
const drawn = new WeakSet<StoredRecord>();

export const isDrawnUnheld = (record: StoredRecord): boolean => drawn.has(record);

/** The record drawn for `key` (and under the parent the path names): the same for the same key and seed; none for a key of another type. */
export type UnheldDraw = (
  key: RecordKey,
  seed: number,
  parent?: { field: string; key: RecordKey },
) => Promise<StoredRecord | undefined>;

export function unheldDrawOf(
  deps: ContractContext,
  operation: OperationInfo,
  resource: Resource,
): UnheldDraw | undefined {
  if (!drawsUnheld(deps, operation, resource)) return undefined;
  const properties = recordProperties(deps.contract, deps.resources, resource);
  return async (key, seed, parent) => {
    // A word where the records are numbered names none of them (Discourse's topics by {id}).
    if (!keyFits(resource, key)) return undefined;
    const fake = await loadSchemaFaker(deps.contract.document, seed, `unheld ${resource.name} ${String(key)}`);
    const record = drawRecord(deps.contract.document, resource, properties, fake);
    setOwn(record, resource.collection.keyField, key);
    if (parent) setOwn(record, parent.field, parent.key);
    drawn.add(record);
    return record;
  };
}

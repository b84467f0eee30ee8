// A record's fields that hold records of another collection: a vet's specialties are Specialty
// records, those of /specialties. One sent without its key (a readOnly id the client may not
// send) is the stored record with the same fields, else one made in its collection as a create
// there would make it, numbered; so that the answer holds its key, as its schema requires.
import type { JsonObject } from '../../openapi/json-pointer.js';
import type { Resource, ResourceModel } from '../../openapi/resource-model.js';
import { resolveSchema, schemaIdentity, schemaType } from '../../openapi/schema-shape.js';
import type { StoredRecord } from '../../store/data-set.js';
import type { DataTransaction } from '../../store/data-store.js';

/** Puts the stored records in place of those `fields` names without their keys. */
export type RecordLinks = (tx: DataTransaction, fields: Record<string, unknown>) => Promise<void>;

type Link = { field: string; target: Resource };

const isRecord = (value: unknown): value is StoredRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The stored record of `target` that `sent` names by its other fields, else a new one of them. */
async function linked(tx: DataTransaction, target: Resource, sent: StoredRecord): Promise<StoredRecord> {
  const { collection } = target;
  const fields = Object.entries(sent);
  const same = (record: StoredRecord) =>
    fields.every(([field, value]) => JSON.stringify(record[field]) === JSON.stringify(value));
  const stored = await tx.find(collection, same);
  if (stored) return stored;
  return collection.counter === undefined ? sent : tx.insert(collection, { ...sent });
}

/** The links of `resource`'s records to other collections, or undefined where it has none. */
export function createRecordLinks(
  document: JsonObject,
  model: ResourceModel,
  resource: Resource,
): RecordLinks | undefined {
  const properties = (resolveSchema(document, resource.recordSchema).properties ?? {}) as JsonObject;
  const links: Link[] = [];
  for (const [field, raw] of Object.entries(properties)) {
    const resolved = resolveSchema(document, raw);
    const item = schemaType(resolved) === 'array' ? resolved.items : raw;
    const identity = schemaIdentity(document, item);
    // A singleton's one record is no record a field names (Conduit's current user is not every User).
    const target = [...model.resources.values()].find(
      (other) => other !== resource && !other.singleton && schemaIdentity(document, other.recordSchema) === identity,
    );
    if (target) links.push({ field, target });
  }
  if (links.length === 0) return undefined;
  return async (tx, fields) => {
    for (const { field, target } of links) {
      const value = fields[field];
      const keyless = (item: unknown): item is StoredRecord =>
        isRecord(item) && (item[target.collection.keyField] === undefined || item[target.collection.keyField] === null);
      if (Array.isArray(value)) {
        const items: unknown[] = [];
        for (const item of value) items.push(keyless(item) ? await linked(tx, target, item) : item);
        fields[field] = items;
      } else if (keyless(value)) {
        fields[field] = await linked(tx, target, value);
      }
    }
  };
}

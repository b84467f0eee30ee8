// What a delete answers where it declares a body. The removed record where the answer is the
// record (the same schema); else the answer's own object, as OpenAI answers a deleted file
// ({id, object: "file", deleted: true}): each field the record holds under that name, a
// "deleted" flag set, a value the schema declares (const, default, example, first enum value), else one drawn from it.
import { loadSchemaFaker } from '../../fixtures/load-schema-faker.js';
import { asObject, type JsonObject } from '../../openapi/json-pointer.js';
import { isOfJsonType } from '../../openapi/json-value-type.js';
import { declaredValue, describeObjectSchema, resolveSchema, schemaType } from '../../openapi/schema-shape.js';
import type { StoredRecord } from '../../store/data-set.js';

/** A flag that says the deletion happened. */
const DONE_FLAG = /^(deleted|removed|success|ok)$/i;

/** Whether an answer's schema is the record's own: the same $ref, or the same schema object. */
function answersTheRecord(document: JsonObject, answerSchema: unknown, recordSchema: unknown): boolean {
  const ref = asObject(answerSchema).$ref;
  if (typeof ref === 'string' && ref === asObject(recordSchema).$ref) return true;
  return resolveSchema(document, answerSchema) === resolveSchema(document, recordSchema);
}

/** Whether a stored value may stand in a field of this schema (a key kept as text or as a number). */
const fits = (value: unknown, schema: JsonObject): boolean => isOfJsonType(value, schemaType(schema));

export type DeletionAnswer = (removed: StoredRecord, seed: number) => Promise<StoredRecord>;

/** How a delete's answer body is made of the removed record; undefined where it is the record itself. */
export function createDeletionAnswer(
  document: JsonObject,
  answerSchema: unknown,
  recordSchema: unknown,
): DeletionAnswer | undefined {
  if (answerSchema === undefined || answersTheRecord(document, answerSchema, recordSchema)) return undefined;
  const shape = describeObjectSchema(document, answerSchema);
  if (shape.properties.size === 0) return undefined;
  return async (removed, seed) => {
    const body: Record<string, unknown> = {};
    let fake: ((schema: unknown, name: string) => unknown) | undefined;
    for (const [name, property] of shape.properties) {
      const kept = removed[name];
      const declared = declaredValue(property);
      if (kept !== undefined && fits(kept, property) && !declared) body[name] = kept;
      else if (DONE_FLAG.test(name) && schemaType(property) === 'boolean') body[name] = true;
      else if (declared) body[name] = declared.value;
      else if (shape.required.has(name)) {
        fake ??= await loadSchemaFaker(document, seed, `deletion ${JSON.stringify(removed)}`);
        body[name] = fake(property, name);
      }
    }
    return body;
  };
}

// An answer of a record that requires fields of its own the record lacks (Discourse's updateUser
// answers `{success, user}`, its record being the read's `{user, user_badges, ...}`; Mastodon's
// registration answers a Token, its record an Account): the record as that answer takes it (a
// closed one, only what it declares), and each such field drawn from its schema, once per data
// set's seed, rather than an answer that breaks the contract.
import { asObject, type JsonObject } from '../../openapi/json-pointer.js';
import { recordEnvelope } from '../../openapi/operation-schemas.js';
import type { Resource } from '../../openapi/resource-model.js';
import { describeObjectSchema, schemaType } from '../../openapi/schema-shape.js';
import type { StoredRecord } from '../../store/data-set.js';
import { ownValue, setOwn } from '../../store/own-keys.js';
import { drawnOncePerSeed } from './drawn-fields.js';

export type AnswerOwnFields = (answered: StoredRecord, seed: number) => Promise<StoredRecord>;

/** Undefined where the answer wraps the record in an envelope (record-io.ts fills it), or requires nothing the record lacks. */
export function answerOwnFieldsOf(
  document: JsonObject,
  answerSchema: unknown,
  resource: Resource,
): AnswerOwnFields | undefined {
  if (answerSchema === undefined || recordEnvelope(document, answerSchema, resource.shape, resource.recordSchema))
    return undefined;
  const shape = describeObjectSchema(document, answerSchema);
  const lacking = [...shape.required].flatMap((name) => {
    const schema = shape.properties.get(name);
    return schema === undefined || resource.shape.properties.has(name) ? [] : [[name, schema, name] as const];
  });
  if (lacking.length === 0) return undefined;
  const drawn = drawnOncePerSeed(document, lacking);
  const keyNamed = keyNamedFields(lacking, resource);
  return async (answered, seed) => {
    const values = await drawn(seed);
    const whole = { ...answered };
    const key = ownValue(answered, resource.collection.keyField);
    for (const [name] of lacking) {
      if (ownValue(whole, name) !== undefined) continue;
      setOwn(whole, name, keyNamed.has(name) && key !== undefined ? key : values.get(name));
    }
    return whole;
  };
}

/**
 * The fields of an answer that name the record's key in another spelling (Docker's creates answer
 * `{Id}` of a record keyed by `ID`), where any key fits them: they are answered the key itself.
 */
export function keyNamedFields(
  fields: Iterable<readonly [string, unknown, ...unknown[]]>,
  resource: Resource,
): ReadonlySet<string> {
  const keyField = resource.collection.keyField.toLowerCase();
  const named = new Set<string>();
  for (const [name, schema] of fields)
    if (name.toLowerCase() === keyField && takesKey(schema, resource.keyType)) named.add(name);
  return named;
}

/** Keywords that may refuse a key the record's own schema takes: such a field is drawn from its schema. */
const NARROWING = ['pattern', 'format', 'enum', 'const', 'minLength', 'maxLength', 'minimum', 'maximum', 'multipleOf'];

/** Whether a field's schema takes any key of the record's type: a text's or a number's, unnarrowed. */
function takesKey(schema: unknown, keyType: Resource['keyType']): boolean {
  const field = asObject(schema);
  if (field.$ref !== undefined || NARROWING.some((keyword) => field[keyword] !== undefined)) return false;
  const type = schemaType(field);
  return keyType === 'string' ? type === 'string' : type === 'integer' || type === 'number';
}

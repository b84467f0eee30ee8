// An answer of a record that requires fields of its own the record lacks (Discourse's updateUser
// answers `{success, user}`, its record being the read's `{user, user_badges, ...}`; Mastodon's
// registration answers a Token, its record an Account): the record as that answer takes it (a
// closed one, only what it declares), and each such field drawn from its schema, once per data
// set's seed, rather than an answer that breaks the contract.
import type { JsonObject } from '../../openapi/json-pointer.js';
import { recordEnvelope } from '../../openapi/operation-schemas.js';
import type { Resource } from '../../openapi/resource-model.js';
import { describeObjectSchema } from '../../openapi/schema-shape.js';
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
  return async (answered, seed) => {
    const values = await drawn(seed);
    const whole = { ...answered };
    for (const [name] of lacking) if (ownValue(whole, name) === undefined) setOwn(whole, name, values.get(name));
    return whole;
  };
}

// The fields an operation's answer can hold of its record. Where the record's schema in that
// answer is closed (additionalProperties: false), a field it does not declare can never be
// answered, whatever was sent: Discourse's createCategory takes parent_category_id and answers a
// category without it. Such a field cannot be judged on that answer.
import { mediaFamily } from '../../src/openapi/media-types.js';
import { recordEnvelope, successSchema } from '../../src/openapi/operation-schemas.js';
import { describeObjectSchema } from '../../src/openapi/schema-shape.js';
import { propertiesOf, schemaOf } from '../generation/json-schema.js';
import { CONTRACT, modelOf } from './contract-model.js';
import type { SpecOperation } from './contract-spec.js';
import { shapeOf } from './resources.js';

/** The shape of the record in `operation`'s success answer (inside its envelope, where it has one). */
function answeredRecordShape(operation: SpecOperation) {
  const model = modelOf(operation);
  const schema = model && successSchema(model);
  if (schema === undefined) return undefined;
  const resource = shapeOf(operation.operationId)?.resource;
  const record = resource
    ? (recordEnvelope(CONTRACT.document, schema, resource.shape, resource.recordSchema)?.schema ?? schema)
    : schema;
  return describeObjectSchema(CONTRACT.document, record);
}

/** Whether each success of `operation` is bytes or text (Qdrant's snapshot, read as a download): it holds no field. */
function answersBytesOnly(operation: SpecOperation): boolean {
  const media = [...(modelOf(operation)?.responses ?? [])]
    .filter(([status]) => /^2\d\d$/.test(status))
    .flatMap(([, response]) => response.media);
  return media.length > 0 && media.every((entry) => ['binary', 'text'].includes(mediaFamily(entry.type)));
}

/**
 * The fields the record in `operation`'s success answer may hold: undefined where it may hold any.
 * An answer that declares fields, none of them the body's, is a receipt, not the record (Typesense's
 * `{ok: true}` for an analytics event): it holds none of what was sent either.
 */
export function answerableFields(operation: SpecOperation): ReadonlySet<string> | undefined {
  if (answersBytesOnly(operation)) return new Set();
  const shape = answeredRecordShape(operation);
  if (shape === undefined) return undefined;
  const declared = new Set(shape.properties.keys());
  if (shape.closed) return declared;
  const sent = operation.requestSchema ? propertiesOf(schemaOf(operation.requestSchema)).map(([field]) => field) : [];
  return declared.size > 0 && sent.length > 0 && !sent.some((field) => declared.has(field)) ? declared : undefined;
}

/** The fields the record in `operation`'s success answer declares: undefined where it declares none. */
export function declaredFields(operation: SpecOperation): ReadonlySet<string> | undefined {
  const shape = answeredRecordShape(operation);
  return shape === undefined || shape.properties.size === 0 ? undefined : new Set(shape.properties.keys());
}

/** `expected` without the fields `operation`'s answer cannot hold: what may be asked of that answer. */
export function answerableOf<Fields extends Record<string, unknown>>(
  operation: SpecOperation,
  expected: Fields,
): Fields {
  const answerable = answerableFields(operation);
  return answerable === undefined
    ? expected
    : (Object.fromEntries(Object.entries(expected).filter(([field]) => answerable.has(field))) as Fields);
}

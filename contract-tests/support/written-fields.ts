// What a write must answer and keep, from what was sent and the request schema: every field sent,
// as sent (date-times as the same instant); a field left out of a create or a replacement takes
// its default, and an optional one without a default is gone from a replacement (PUT); a merge
// (PATCH, RFC 7396) keeps what it leaves out; nothing of fields the schema does not have.
// readOnly fields are the server's and writeOnly ones (and a file uploaded) are never answered as
// sent: neither is expected;
// nor is a field the answers hold as the server's (serverFieldsOf: Asana's owner, a gid sent;
// unfitSentFields: OpenAI's chunking_strategy "auto", answered as the static one it became).
// nor a field the path names too (Twilio's AccountSid in an update's body: the record stays under
// the account its path names).
// Properties only the answer has (an id, a time the server stamps) are not what was sent.

import { leadingTextOf } from '../../src/openapi/patterns/leading-text.js';
import {
  type JsonSchema,
  neverAnsweredAsSent,
  propertiesOf,
  requiredOf,
  schemaOf,
  writablePropertiesOf,
} from '../generation/json-schema.js';
import type { SpecOperation } from './contract-spec.js';
import type { Exchange } from './exchange.js';
import { sameValue } from './record-bodies.js';
import { madeWhenLeftOutOf, serverFieldsOf, serverKeyOf, shapeOf, unfitSentFields } from './resources.js';
import { ContractViolation } from './violation.js';

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `value` with the defaults of `schema` where an object leaves a property out, at every depth. */
export function withDefaults(schema: JsonSchema, value: unknown): unknown {
  if (Array.isArray(value) && schema.items) {
    const items = schemaOf(schema.items);
    return value.map((item) => withDefaults(items, item));
  }
  if (!isObject(value)) return value;
  const filled: Fields = { ...value };
  for (const [field, property] of propertiesOf(schema)) {
    if (property.readOnly === true) continue;
    if (field in filled) filled[field] = withDefaults(property, filled[field]);
    else if (property.default !== undefined) filled[field] = property.default;
  }
  return filled;
}

/** The names of the operation's path parameters: a body field of one of them is the path's. */
const pathNamed = (operation: SpecOperation): string[] =>
  operation.parameters.flatMap((parameter) =>
    parameter.in === 'path' && typeof parameter.name === 'string' ? [parameter.name] : [],
  );

const same = (left: unknown, right: unknown) => JSON.stringify(left) === JSON.stringify(right);

/** Whether `answered` is the text key `sent`, behind its answers' pattern's fixed start (Supabase's `custom:` + the identifier sent). */
function isKeyAnsweredBehindItsStart(
  operation: SpecOperation,
  field: string,
  sent: unknown,
  answered: unknown,
): boolean {
  const resource = shapeOf(operation.operationId)?.resource;
  if (resource === undefined || field !== resource.collection.keyField) return false;
  if (typeof sent !== 'string' || sent === '' || typeof answered !== 'string') return false;
  const pattern = resource.shape.properties.get(field)?.pattern ?? resource.keyParameterSchema?.pattern;
  const start = typeof pattern === 'string' ? leadingTextOf(pattern) : '';
  return start !== '' && answered === `${start}${sent}`;
}

/** The value sent, or (within an object sent) with its schema's defaults applied: either is kept as sent. */
function keptAsSent(schema: JsonSchema, sent: unknown, answered: unknown): boolean {
  if (schema.format === 'date-time' && typeof sent === 'string' && typeof answered === 'string')
    return Date.parse(sent) === Date.parse(answered);
  return sameValue(answered, sent) || sameValue(answered, withDefaults(schema, sent));
}

/**
 * Whether the write merges its body into what is stored (PATCH, or a PUT whose fields are all
 * optional, as the resource model reads it) rather than making or replacing it.
 */
export const isMerge = (operation: SpecOperation) =>
  operation.method === 'patch' || shapeOf(operation.operationId)?.kind === 'merge';

/** The fields a write of `sent` must answer with: those sent, and the defaults of those a create or replacement left out. */
export function expectedFields(operation: SpecOperation, sent: unknown): unknown {
  if (!operation.requestSchema || !isObject(sent)) return sent;
  const schema = schemaOf(operation.requestSchema);
  const expected = isMerge(operation) ? { ...sent } : (withDefaults(schema, sent) as Fields);
  for (const [field, property] of propertiesOf(schema)) if (neverAnsweredAsSent(property)) delete expected[field];
  for (const field of [...serverFieldsOf(operation), ...unfitSentFields(operation, sent), ...pathNamed(operation)])
    delete expected[field];
  return expected;
}

/**
 * Problems of a write's answer (or a read of it) against the body that was sent. `answerable`,
 * where the answer's record schema is closed, names the only fields it can hold: one sent that
 * it cannot hold is not judged there.
 */
export function writtenFieldProblems(
  operation: SpecOperation,
  sent: unknown,
  answered: unknown,
  answerable?: ReadonlySet<string>,
): string[] {
  if (!operation.requestSchema || !isObject(sent) || !isObject(answered)) return [];
  const schema = schemaOf(operation.requestSchema);
  const required = new Set(requiredOf(schema));
  const problems: string[] = [];
  const fields = new Map(propertiesOf(schema));
  const serverKey = serverKeyOf(operation.operationId);
  const servers = new Set([...serverFieldsOf(operation), ...unfitSentFields(operation, sent), ...pathNamed(operation)]);
  for (const [field, property] of fields) {
    if (property.readOnly === true || neverAnsweredAsSent(property) || servers.has(field)) continue;
    if (answerable !== undefined && !answerable.has(field)) continue;
    // A key the server decides, not sent: its value is the server's (or the path's), judged apart.
    if (field === serverKey && !Object.hasOwn(sent, field)) continue;
    if (Object.hasOwn(sent, field)) {
      const prefixedKey = isKeyAnsweredBehindItsStart(operation, field, sent[field], answered[field]);
      if (!prefixedKey && !keptAsSent(property, sent[field], answered[field]))
        problems.push(`${field} is ${JSON.stringify(answered[field])}; ${JSON.stringify(sent[field])} was sent`);
    } else if (isMerge(operation)) {
      // RFC 7396: what a merge leaves out keeps its stored value, which this body does not say.
    } else if (property.default !== undefined) {
      if (!keptAsSent(property, property.default, answered[field]))
        problems.push(
          `${field} is ${JSON.stringify(answered[field])}; left out, it takes its default ${JSON.stringify(property.default)}`,
        );
    } else if (
      operation.method === 'put' &&
      Object.hasOwn(answered, field) &&
      !required.has(field) &&
      !madeWhenLeftOutOf(operation).has(field)
    ) {
      problems.push(`${field} is ${JSON.stringify(answered[field])}; left out of a replacement (PUT), it is removed`);
    }
  }
  for (const field of Object.keys(sent)) {
    if (!fields.has(field) && Object.hasOwn(answered, field))
      problems.push(`${field}, which the schema does not have, was kept (${JSON.stringify(answered[field])})`);
  }
  return problems;
}

/** The JSON body a request carried, as sent (a hand-written one completed for a draft included). */
export function sentBody(exchange: Exchange): unknown {
  return exchange.requestBody === undefined ? undefined : JSON.parse(exchange.requestBody);
}

/**
 * Fails unless `exchange`'s body is what a write of `sent` leaves (writtenFieldProblems), with
 * the fields of `fixed` (the id it was written to) exactly.
 */
/**
 * A create or a replacement answers no field the client may write but did not (nor its default):
 * a PUT that keeps what it was not sent. Fields only the server sets are not judged here.
 */
function keptUnsentProblems(operation: SpecOperation, expected: Fields, answered: Fields): string[] {
  if (isMerge(operation) || !operation.requestSchema) return [];
  const writable = new Set(
    writablePropertiesOf(schemaOf(operation.requestSchema))
      .filter(([, property]) => !neverAnsweredAsSent(property))
      .map(([field]) => field),
  );
  const serverKey = serverKeyOf(operation.operationId);
  if (serverKey !== undefined) writable.delete(serverKey);
  for (const field of serverFieldsOf(operation)) writable.delete(field);
  return Object.keys(answered)
    .filter((field) => writable.has(field) && !Object.hasOwn(expected, field))
    .map((field) => `${field} is ${JSON.stringify(answered[field])}, which the write did not set`);
}

export function requireWritten(
  exchange: Exchange,
  what: string,
  operation: SpecOperation,
  sent: unknown,
  fixed: Fields = {},
): void {
  const answered = exchange.body;
  const expected = { ...fixed, ...(expectedFields(operation, sent) as Fields) };
  const problems = isObject(answered)
    ? [
        ...Object.entries(fixed)
          .filter(([field, value]) => !same(answered[field], value))
          .map(([field, value]) => `${field} is ${JSON.stringify(answered[field])}, not ${JSON.stringify(value)}`),
        ...writtenFieldProblems(operation, sent, answered),
        ...keptUnsentProblems(operation, expected, answered),
      ]
    : [`${what} is ${JSON.stringify(answered)}, not an object`];
  if (problems.length === 0) return;
  throw new ContractViolation(exchange, `${what}: ${JSON.stringify(expected)}`, problems);
}

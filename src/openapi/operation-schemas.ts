// The schemas the resource model reads from an operation: its success answer's, its request
// body's, the items of a list it answers, and the record inside a single-key envelope
// ({"article": {...}}, as RealWorld's Conduit wraps each record it takes and answers).
import { asObject, type JsonObject, resolveLocalRef } from './json-pointer.js';
import type { OperationInfo } from './load-contract.js';
import { jsonStreamOf, mediaFamily } from './media-types.js';
import { describeObjectSchema, resolveSchema, type SchemaShape, schemaIdentity, schemaType } from './schema-shape.js';

const SUCCESS = /^2\d\d$/;

/** The JSON schema of an operation's first 2xx answer (201 first for a POST). */
export function successSchema(operation: OperationInfo): unknown {
  const statuses = [...operation.responses.keys()].filter((status) => SUCCESS.test(status));
  statuses.sort((a, b) => (a === '201' ? -1 : b === '201' ? 1 : a.localeCompare(b)));
  for (const status of statuses) {
    const media = operation.responses.get(status)?.media ?? [];
    const json =
      media.find((entry) => entry.type === 'application/json') ??
      media.find((entry) => mediaFamily(entry.type) === 'json');
    if (json?.schema !== undefined) return json.schema;
  }
  return undefined;
}

/**
 * The records a success answer streams as JSON values (Lichess's NDJSON lists): its stream's
 * schema where that is one record's (an object), else that array's items. Undefined where no
 * success answer is a stream.
 */
export function streamedItemSchema(document: JsonObject, operation: OperationInfo): unknown {
  for (const [status, response] of operation.responses) {
    if (!SUCCESS.test(status)) continue;
    const stream = response.media.find((entry) => jsonStreamOf(entry.type) !== undefined && entry.schema !== undefined);
    if (stream === undefined) continue;
    const resolved = resolveLocalRef(document, stream.schema);
    return schemaType(resolved) === 'array' ? resolved.items : stream.schema;
  }
  return undefined;
}

/** The schema of an operation's request body: its JSON one, else its form's (a form's fields are a record's too). */
export function requestSchema(operation: OperationInfo): unknown {
  const media = operation.request?.media ?? [];
  return (
    media.find((entry) => entry.type === 'application/json') ??
    media.find((entry) => mediaFamily(entry.type) === 'json') ??
    media.find((entry) => mediaFamily(entry.type) === 'form' || mediaFamily(entry.type) === 'multipart')
  )?.schema;
}

/**
 * The schema of a list's items: an array's, or that of the one array property of an envelope (of
 * several, the one `named` as the collection), itself perhaps wrapped in a single-key envelope
 * (Listmonk's `{data: {results: [...], total}}`).
 */
export function listItemSchema(document: JsonObject, schema: unknown, named?: string): unknown {
  const resolved = resolveLocalRef(document, schema);
  if (schemaType(resolved) === 'array') return resolved.items;
  const arrays = arrayPropertiesOf(document, resolved);
  if (arrays.length === 1) return arrays[0]?.[1].items;
  // Of several, the one named as the collection (Xero's `{Warnings: [...], Contacts: [...]}` at /Contacts).
  const word = named?.toLowerCase();
  const own = arrays.find(([name]) => name.toLowerCase() === word);
  if (own) return own[1].items;
  const wrapped = arrays.length === 0 ? singleKeyEnvelope(document, resolved) : undefined;
  const inner = wrapped === undefined ? [] : arrayPropertiesOf(document, wrapped.schema);
  return inner.length === 1 ? inner[0]?.[1].items : undefined;
}

/** The properties of an object schema that are arrays, with their names. */
export function arrayPropertiesOf(document: JsonObject, schema: unknown): Array<[string, JsonObject]> {
  return [...describeObjectSchema(document, schema).properties].filter(
    ([, property]) => schemaType(property) === 'array',
  );
}

/**
 * The array property of `schema` whose items share the most fields with `fields` (at least one;
 * the first of a tie): a list's records among its other arrays, where neither their schema nor a
 * usual name tells them (DigitalOcean's runs beside arrays of text, Lichess's summaries).
 */
export function arrayMostLike(
  document: JsonObject,
  schema: unknown,
  fields: ReadonlyMap<string, unknown>,
): [string, JsonObject] | undefined {
  let best: [string, JsonObject] | undefined;
  let most = 0;
  for (const array of arrayPropertiesOf(document, schema)) {
    const items = describeObjectSchema(document, array[1].items).properties;
    const shared = [...items.keys()].filter((name) => fields.has(name)).length;
    if (shared > most) [best, most] = [array, shared];
  }
  return best;
}

export type Envelope = { property: string; schema: unknown };

/** Whether an object schema has the record's fields, every one of them, and more than one. */
function holdsTheRecord(document: JsonObject, schema: unknown, record: SchemaShape): boolean {
  const names = [...describeObjectSchema(document, schema).properties.keys()];
  return (
    names.length > 1 && names.length === record.properties.size && names.every((name) => record.properties.has(name))
  );
}

/**
 * The single-key envelope a body or an answer is: an object of one property, itself an object
 * (`{"article": {...}}`), unless `record` names that property (a record of one object field)
 * and the property does not hold the record's fields.
 */
export function singleKeyEnvelope(document: JsonObject, schema: unknown, record?: SchemaShape): Envelope | undefined {
  if (schema === undefined) return undefined;
  const resolved = resolveSchema(document, schema);
  if (schemaType(resolved) !== 'object') return undefined;
  const properties = Object.entries((resolved.properties ?? {}) as JsonObject);
  const [only] = properties;
  if (properties.length !== 1 || only === undefined) return undefined;
  const [property, inner] = only;
  if (schemaType(resolveSchema(document, inner)) !== 'object') return undefined;
  // A record with one object field is no envelope; but one whose field is named as the record's
  // own field and holds the record's fields is (Typesense's {stopwords: {id, stopwords, locale}}).
  if (record?.properties.has(property) && !holdsTheRecord(document, inner, record)) return undefined;
  return { property, schema: inner };
}

/** An envelope of an answer that holds fields of its own beside the record, to be drawn. */
export type RecordEnvelope = Envelope & { others: Array<[string, JsonObject]> };

/** Whether an object schema holds the record's fields: some, and at least half of its own. */
function holdsRecordFields(document: JsonObject, schema: unknown, record: SchemaShape): boolean {
  const fields = [...describeObjectSchema(document, schema).properties.keys()];
  const shared = fields.filter((field) => record.properties.has(field)).length;
  return shared > 0 && shared * 2 >= fields.length;
}

/** The envelope one object schema is around a record: see recordEnvelope. */
function envelopeIn(
  document: JsonObject,
  schema: unknown,
  record: SchemaShape,
  recordSchema: unknown,
  byRef: boolean,
): RecordEnvelope | undefined {
  const shape = describeObjectSchema(document, schema);
  if (shape.properties.size < 2 || [...shape.properties.keys()].some((name) => record.properties.has(name)))
    return undefined;
  const declared = asObject(resolveSchema(document, schema).properties);
  const entries = [...shape.properties];
  // The record's own schema by its $ref; else, by its shape, the one object that holds the
  // record's fields beside no array: an acknowledgement's meta or a list's links is no record.
  const identity = recordSchema === undefined ? undefined : schemaIdentity(document, recordSchema);
  const objects = byRef
    ? entries.filter(([name]) => identity !== undefined && schemaIdentity(document, declared[name]) === identity)
    : entries.some(([, property]) => schemaType(property) === 'array')
      ? []
      : entries.filter(
          ([, property]) => schemaType(property) === 'object' && holdsRecordFields(document, property, record),
        );
  const [only] = objects;
  if (objects.length !== 1 || only === undefined) return undefined;
  const [property, inner] = only;
  const others = entries.filter(([name]) => name !== property && shape.required.has(name));
  return { property, schema: inner, others };
}

/**
 * The envelope an answer wraps a record in: a single-key one, or one with fields of its own
 * beside the record (Discourse's `{"success": "OK", "category": {...}}`, DigitalOcean's
 * `{"droplet": {...}, "links": {...}}`): one property that holds the record (its schema by its
 * $ref, else the only object holding its fields), and none that `record` has; in a oneOf or
 * anyOf, the alternative that names the record's $ref first. `others` are the required fields
 * beside it.
 */
export function recordEnvelope(
  document: JsonObject,
  schema: unknown,
  record: SchemaShape,
  recordSchema?: unknown,
): RecordEnvelope | undefined {
  const single = singleKeyEnvelope(document, schema, record);
  if (single) return { ...single, others: [] };
  if (schema === undefined) return undefined;
  const resolved = resolveSchema(document, schema);
  const alternatives: unknown[] = [resolved.oneOf, resolved.anyOf].find(Array.isArray) ?? [resolved];
  // An alternative that names the record by its $ref first, wherever it stands; then by shape.
  for (const byRef of [true, false])
    for (const alternative of alternatives) {
      const found = envelopeIn(document, alternative, record, recordSchema, byRef);
      if (found) return found;
    }
  return undefined;
}

/**
 * The envelope a request's body sends the record in: a single key (`{"article": {...}}`), or the
 * one required object property holding the record's fields beside options of the request, which
 * are not stored (Lago's `{"subscription": {...}, "authorization": {...}}`, and its update's
 * `{"subscription": {...}, "status": "pending"}`, where an option is named as a field).
 */
export function bodyEnvelope(document: JsonObject, schema: unknown, record: SchemaShape): Envelope | undefined {
  const single = singleKeyEnvelope(document, schema, record);
  if (single || schema === undefined) return single;
  const shape = describeObjectSchema(document, schema);
  const holding = [...shape.properties].filter(
    ([name, property]) =>
      shape.required.has(name) &&
      !record.properties.has(name) &&
      schemaType(property) === 'object' &&
      holdsRecordFields(document, property, record),
  );
  const [only] = holding;
  if (holding.length !== 1 || only === undefined) return undefined;
  const [property, inner] = only;
  // A field of the record required beside it is the record's own, sent flat: no envelope.
  if ([...shape.required].some((name) => name !== property && record.properties.has(name))) return undefined;
  return { property, schema: inner };
}

/**
 * Whether an answer wraps the record of `recordSchema` by its $ref beside fields of its own
 * (Dropbox Sign's `{fax: FaxResponse, warnings}`): the property as written names the record.
 */
export function wrapsRecordByRef(
  document: JsonObject,
  schema: unknown,
  record: SchemaShape,
  recordSchema: unknown,
): boolean {
  if (schema === undefined) return false;
  const envelope = recordEnvelope(document, schema, record, recordSchema);
  if (envelope === undefined) return false;
  const written = asObject(resolveSchema(document, schema).properties)[envelope.property];
  return schemaIdentity(document, written) === schemaIdentity(document, recordSchema);
}

/**
 * The object an answer holds under its path's last word beside fields of its own, as written:
 * Dropbox Sign's GET /account answers `{account: {...}, warnings: [...]}`, the account's read.
 */
export function objectNamedIn(document: JsonObject, schema: unknown, word: string): unknown {
  if (schema === undefined) return undefined;
  const named = asObject(resolveSchema(document, schema).properties)[word];
  return named !== undefined && schemaType(resolveSchema(document, named)) === 'object' ? named : undefined;
}

/** The schema of the record an answer or a body holds: itself, or the one its single-key envelope wraps. */
export function recordSchemaIn(document: JsonObject, schema: unknown): unknown {
  return singleKeyEnvelope(document, schema)?.schema ?? schema;
}

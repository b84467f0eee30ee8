// The shape of each operation over a resource, read from its method, its path and its schemas:
// on a collection's path a GET lists and a POST creates, and a PUT or PATCH whose body holds the
// record's key changes the record it names (PUT /pet of the Swagger Petstore); on an item path a
// GET reads, a PUT replaces (or merges, where its body cannot hold a whole record), a PATCH merges,
// a DELETE deletes, and a POST that answers the record updates it with the fields it sends, in
// its body or its query (POST /pet/{petId}?name=Rex). A singleton's path (/user) is read by a
// GET and replaced or merged by a PUT or PATCH that answers it. Bodies and answers may wrap the
// record in a single-key envelope ({"article": {...}}).
import type { JsonObject } from './json-pointer.js';
import type { OperationInfo } from './load-contract.js';
import { mediaFamily } from './media-types.js';
import {
  arrayPropertiesOf,
  bodyEnvelope,
  listItemSchema,
  recordEnvelope,
  requestSchema,
  singleKeyEnvelope,
  successSchema,
  wrapsRecordByRef,
} from './operation-schemas.js';
import { looseName } from './resource-naming.js';
import { alikePathKey, isParam, paramName, segmentsOf } from './resource-paths.js';
import type { ConventionShape, Resource } from './resource-types.js';
import { describeObjectSchema, resolveSchema, type SchemaShape, schemaIdentity, schemaType } from './schema-shape.js';

/** The envelope properties around the record in an operation's body and answer, if any. */
function envelopesOf(document: JsonObject, operation: OperationInfo, resource: Resource) {
  const request = bodyEnvelope(document, requestSchema(operation), resource.shape)?.property;
  const answer = recordEnvelope(document, successSchema(operation), resource.shape, resource.recordSchema)?.property;
  return request === undefined && answer === undefined
    ? undefined
    : { ...(request === undefined ? {} : { request }), ...(answer === undefined ? {} : { answer }) };
}

/** Whether an operation answers a list of the record, where it answers one record (answeredInList). */
function answersInList(document: JsonObject, operation: OperationInfo, resource: Resource): boolean {
  const answer = resolveSchema(document, successSchema(operation));
  return (
    schemaType(answer) === 'array' &&
    schemaIdentity(document, answer.items) === schemaIdentity(document, resource.recordSchema)
  );
}

/** What an operation's body says of the record: its shape inside any envelope. */
function bodyShape(document: JsonObject, operation: OperationInfo, resource: Resource): SchemaShape {
  const schema = requestSchema(operation);
  return describeObjectSchema(document, bodyEnvelope(document, schema, resource.shape)?.schema ?? schema);
}

/**
 * Whether a PUT replaces the fields its body names: it requires (or defaults) each of them that
 * the record requires. One that leaves such a field optional (RealWorld's article update: title,
 * description, body, each optional) would break every answer by removing it, so it is read as a
 * merge. (A field the body does not name at all is kept by a replacement: inventory's quantity.)
 */
function replacesWhole(document: JsonObject, operation: OperationInfo, resource: Resource): boolean {
  const body = bodyShape(document, operation, resource);
  // The key is the record's whatever the body says of it: a replacement keeps it. A default of
  // null is "as it is" (Svix's upsert), no value a replacement gives a field the record requires.
  const kept = new Set([resource.collection.keyField, resource.parent?.field]);
  return [...resource.shape.required].every((field) => {
    if (kept.has(field)) return true;
    const sent = body.properties.get(field);
    const defaulted = sent?.default !== undefined && sent?.default !== null;
    return sent === undefined || sent.readOnly === true || body.required.has(field) || defaulted;
  });
}

/** The query parameters of a write that name the record's fields. */
function queryFieldsOf(operation: OperationInfo, resource: Resource): string[] {
  return operation.parameters
    .filter((parameter) => parameter.in === 'query' && resource.shape.properties.has(parameter.name))
    .map((parameter) => parameter.name);
}

/**
 * The body field of a create that names the record's key by its item path's parameter, where the
 * record has no field of that name: OpenAI's vector store file, made by POST .../files with a
 * `file_id` and read at .../files/{file_id}, answers the key as its `id`.
 */
function keySentAsOf(document: JsonObject, operation: OperationInfo, resource: Resource): string | undefined {
  const last = resource.itemPaths.map((path) => segmentsOf(path).at(-1) ?? '').find(isParam);
  const keyParam = last === undefined ? undefined : paramName(last);
  if (!keyParam || keyParam === resource.collection.keyField) return undefined;
  const alike = (name: string) => looseName(name) === looseName(keyParam);
  if ([...resource.shape.properties.keys()].some(alike)) return undefined;
  const sent = [...bodyShape(document, operation, resource).properties.keys()].filter(alike);
  return sent.length === 1 ? sent[0] : undefined;
}

/**
 * The record's field an item path's parameter names where another item path alike but for its
 * parameter's name names the key (Xero's {ContactNumber} beside {ContactID}); undefined else.
 */
function lookupFieldOf(resource: Resource, path: string, keyParam: string): string | undefined {
  const { keyField } = resource.collection;
  if (looseName(keyParam) === looseName(keyField)) return undefined;
  const alike = resource.itemPaths.filter((other) => other !== path && alikePathKey(other) === alikePathKey(path));
  if (alike.length === 0) return undefined;
  const fields = [...resource.shape.properties.keys()].filter((field) => looseName(field) === looseName(keyParam));
  return fields.length === 1 && fields[0] !== keyField ? fields[0] : undefined;
}

/** Whether an operation answers the record itself (or nothing): not a list, not another object. */
function answersRecord(document: JsonObject, operation: OperationInfo, resource: Resource): boolean {
  const schema = successSchema(operation);
  if (schema === undefined) return true;
  const identity = schemaIdentity(document, resource.recordSchema);
  const inner = singleKeyEnvelope(document, schema, resource.shape)?.schema ?? schema;
  if (schemaIdentity(document, inner) === identity) return true;
  return wrapsRecordByRef(document, schema, resource.shape, resource.recordSchema);
}

export function shapeOf(
  document: JsonObject,
  operation: OperationInfo,
  resource: Resource,
): ConventionShape | undefined {
  const envelope = envelopesOf(document, operation, resource);
  const queryFields =
    operation.method === 'get' || operation.method === 'delete' ? [] : queryFieldsOf(operation, resource);
  const base: Omit<ConventionShape, 'kind'> = {
    resource,
    ...(envelope ? { envelope } : {}),
    ...(queryFields.length > 0 ? { queryFields } : {}),
    ...(!envelope?.answer && answersInList(document, operation, resource) ? { answeredInList: true as const } : {}),
  };
  const { method } = operation;
  if (resource.singleton) return singletonShape(document, operation, base);
  if (resource.collectionPaths.includes(operation.path)) {
    // A GET whose answer cannot hold a list (an object with no array in it) is answered from its schema.
    if (method === 'get') return answersList(document, operation) ? { kind: 'list', resource } : undefined;
    // A POST that answers a list searches (POST /pets/search); it makes no record.
    if (method === 'post') {
      if (isList(document, operation, resource)) return undefined;
      const keySentAs = keySentAsOf(document, operation, resource);
      return { kind: 'create', ...base, ...(keySentAs ? { keySentAs } : {}) };
    }
    const keyInBody = bodyShape(document, operation, resource).properties.has(resource.collection.keyField);
    if (!keyInBody) return undefined;
    if (method === 'patch') return { kind: 'merge', keyInBody, ...base };
    if (method === 'put')
      return { kind: replacesWhole(document, operation, resource) ? 'replace' : 'merge', keyInBody, ...base };
    return undefined;
  }
  if (!resource.itemPaths.includes(operation.path)) return undefined;
  const keyParam = paramName(segmentsOf(operation.path).at(-1) ?? '{}');
  const lookupField = lookupFieldOf(resource, operation.path, keyParam);
  const item = { ...base, keyParam, ...(lookupField ? { lookupField } : {}) };
  switch (method) {
    case 'get':
      return { kind: 'read', ...item };
    case 'put':
      return { kind: replacesWhole(document, operation, resource) ? 'replace' : 'merge', ...item };
    case 'patch':
      return { kind: 'merge', ...item };
    case 'delete':
      return { kind: 'delete', ...item };
    case 'post': {
      // An update by POST: it answers the record, and sends some of its fields. One that answers
      // 201 Created alone makes a record (Xero's POST /Files/{FolderId} uploads a file into a folder).
      const sends = queryFields.length > 0 || bodyShape(document, operation, resource).properties.size > 0;
      if (!sends || !answersRecord(document, operation, resource)) return undefined;
      const successes = [...operation.responses.keys()].filter((status) => /^2\d\d$/.test(status));
      return successes.length > 0 && successes.every((status) => status === '201')
        ? { kind: 'create', ...base }
        : { kind: 'merge', ...item };
    }
    default:
      return undefined;
  }
}

/** A singleton's operation: its record read, or changed by an update that answers it (or nothing). */
function singletonShape(
  document: JsonObject,
  operation: OperationInfo,
  base: Omit<ConventionShape, 'kind'>,
): ConventionShape | undefined {
  const { resource } = base;
  if (operation.path !== resource.singleton?.path) return undefined;
  // Under a parent, the parent's key names the one record.
  const one = { ...base, ...(resource.parent ? { keyParam: resource.parent.param } : {}) };
  if (operation.method === 'get') return { kind: 'read', ...one };
  if (!answersRecord(document, operation, resource)) return undefined;
  if (operation.method === 'patch') return { kind: 'merge', ...one };
  if (operation.method === 'put')
    return { kind: replacesWhole(document, operation, resource) ? 'replace' : 'merge', ...one };
  return undefined;
}

/**
 * Whether a list's records fit the answer a GET declares (its 200, else its first 2xx): an array,
 * an object with an array in it (the envelope the list fills), or a schema that says too little
 * to tell. A draft that declares its list's answer as `{"n": 200}` is answered from its schema,
 * not with records that break it on every read.
 */
function answersList(document: JsonObject, operation: OperationInfo): boolean {
  const statuses = [...operation.responses.keys()].filter((status) => /^2\d\d$/.test(status)).sort();
  const status = statuses.includes('200') ? '200' : statuses[0];
  const media = status === undefined ? [] : (operation.responses.get(status)?.media ?? []);
  const schema = media.find((entry) => mediaFamily(entry.type) === 'json')?.schema;
  if (schema === undefined) return true;
  const resolved = resolveSchema(document, schema);
  const type = schemaType(resolved);
  if (type === 'array') return true;
  if (type !== undefined && type !== 'object') return false;
  const properties = [...describeObjectSchema(document, resolved).properties.values()];
  if (type === undefined && properties.length === 0) return true;
  if (properties.some((property) => schemaType(property) === 'array')) return true;
  // The envelope wrapped once more ({data: {results: [...]}}).
  const wrapped = singleKeyEnvelope(document, resolved);
  return wrapped !== undefined && arrayPropertiesOf(document, wrapped.schema).length > 0;
}

/**
 * Whether an operation's success answer is a list: an array, or an envelope around the resource's
 * own records (STAPI's POST /character/search answers `{page, sort, characters: [...]}`).
 */
function isList(document: JsonObject, operation: OperationInfo, resource: Resource): boolean {
  const schema = successSchema(operation);
  if (schema === undefined) return false;
  if (schemaType(resolveSchema(document, schema)) === 'array') return true;
  // The record itself, though it holds a list of its own kind (a widget of parts, a comment of replies).
  if (schemaIdentity(document, schema) === schemaIdentity(document, resource.recordSchema)) return false;
  // One that may answer the record alone makes it (DigitalOcean's POST /droplets: {droplet} or {droplets: [...]}).
  if (recordEnvelope(document, schema, resource.shape, resource.recordSchema) !== undefined) return false;
  const item = listItemSchema(document, schema);
  return item !== undefined && schemaIdentity(document, item) === schemaIdentity(document, resource.recordSchema);
}

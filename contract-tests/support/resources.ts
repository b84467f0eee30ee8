// The resources of the contract checked, read as the mock reads them (src/openapi/resource-model.ts):
// which operation lists, creates, reads, replaces, merges or deletes a resource's records, which
// path parameter names a record and which its parent. The suite makes, finds and removes records
// of any resource through these, so that a resource a draft adds is checked without code.

import { type AnswerFit, createAnswerFit } from '../../src/openapi/answer-fit.js';
import {
  answeredByOtherSchema,
  answeredOtherwise,
  answeredReadOnly,
  fieldsAnsweredApart,
  narrowedWrite,
} from '../../src/openapi/answer-requirements.js';
import type { JsonObject } from '../../src/openapi/json-pointer.js';
import { putCreates } from '../../src/openapi/put-creates.js';
import {
  type ConventionShape,
  describeResources,
  type Resource,
  type ShapeKind,
} from '../../src/openapi/resource-model.js';
import { namesKeyOf } from '../../src/openapi/resource-naming.js';
import {
  isParam,
  paramName,
  parentPath,
  pathParams,
  pathPattern,
  segmentsOf,
} from '../../src/openapi/resource-paths.js';
import { describeObjectSchema } from '../../src/openapi/schema-shape.js';
import { propertiesOf, requiredInRequest, schemaOf, writablePropertiesOf } from '../generation/json-schema.js';
import { CONTRACT, modelOf } from './contract-model.js';
import {
  BUILT_IN_OPERATION_IDS,
  declaredMediaTypes,
  listOperations,
  resolve,
  type SpecOperation,
} from './contract-spec.js';
import { coveringStatus } from './error-shapes.js';
import { CONFIG_VARIABLE, contractTarget } from './target.js';
import { whyUnmade } from './unmade-records.js';

const model = describeResources(CONTRACT);

export type { Resource };

/** How an operation reads by convention: list, create, read, replace, merge or delete, of which resource. */
export function shapeOf(operationId: string): ConventionShape | undefined {
  return model.shapes.get(operationId);
}

/**
 * The fields of `read`'s answer of its record that another answer of the record declares by
 * another schema (src/openapi/answer-requirements.ts, fieldsAnsweredApart): each answer holds a
 * value of its own schema, so the two are not compared.
 */
export function answeredApartIn(read: SpecOperation): ReadonlySet<string> {
  let apart = apartByOperation.get(read.operationId);
  if (apart === undefined) {
    const shape = shapeOf(read.operationId);
    const operation = modelOf(read);
    apart = new Set(
      shape && operation ? fieldsAnsweredApart(CONTRACT, model, shape.resource, operation).map(([name]) => name) : [],
    );
    apartByOperation.set(read.operationId, apart);
  }
  return apart;
}

const apartByOperation = new Map<string, ReadonlySet<string>>();

const NARROWING_NONE: ReadonlyMap<string, readonly JsonObject[]> = new Map();
const narrowings = new Map<string, ReadonlyMap<string, readonly JsonObject[]>>();

/**
 * The fields a write's body takes in values that the record's answers refuse, with those answers'
 * schemas (src/handlers/convention/answer-narrowing.ts: the mock refuses such a value, and so must
 * any server that answers what it stores): a body the suite sends takes values of both.
 */
export function answersNarrowing(operation: SpecOperation): ReadonlyMap<string, readonly JsonObject[]> {
  const known = narrowings.get(operation.operationId);
  if (known) return known;
  const info = modelOf(operation);
  const narrowed = info === undefined ? undefined : narrowedWrite(CONTRACT, model, info);
  const found = narrowed ? new Map([...narrowed.fields].map(([name, { answers }]) => [name, answers])) : NARROWING_NONE;
  narrowings.set(operation.operationId, found);
  return found;
}

/**
 * Whether an operation writes a record (a create, replacement or merge of a resource): only then
 * are its answer and its read the record, holding what it was sent. A login or a search is not.
 */
export function writesRecord(operationId: string): boolean {
  const kind = shapeOf(operationId)?.kind;
  return kind === 'create' || kind === 'replace' || kind === 'merge';
}

/** The methods of a merge, in the order the suite takes them: PATCH, then a PUT whose fields are all optional, then a POST. */
const MERGE_METHODS = ['patch', 'put', 'post'];

/**
 * Whether `operation` is a PUT that makes the record its path names where none has that key
 * (src/openapi/put-creates.ts: Typesense's upsertAlias, the only create of its aliases).
 */
export function createsByPut(operation: SpecOperation): boolean {
  const shape = shapeOf(operation.operationId);
  const info = modelOf(operation);
  return shape !== undefined && info !== undefined && putCreates(model, info, shape);
}

/** The PUT (or POST) that makes a record of `resource` named by its path, where that is how its records are made. */
export function putCreationOf(resource: Resource): SpecOperation | undefined {
  return [...operationsOfKind(resource, 'replace'), ...operationsOfKind(resource, 'merge')].find(createsByPut);
}

/**
 * The contract's operation of `kind` over `resource`, if it has one. The suite names a record by
 * its path: a change keyed by its body (PUT /pet with the pet's id) is left to the generated checks.
 */
export function operationOf(resource: Resource, kind: ShapeKind): SpecOperation | undefined {
  // Records under records of their own kind are made and changed at the top level where they
  // can be: the suite's first task is made by POST /tasks, not under a task it does not have yet.
  const all = operationsOfKind(resource, kind);
  const topLevel = all.filter((operation) => !underItsOwnKind(resource, operation.path));
  // Without the parent's record, one that names no parent (Spotify's POST /me/playlists beside
  // POST /users/{user_id}/playlists).
  const parentFree = parentHad(resource) ? [] : topLevel.filter((operation) => !namesParent(resource, operation.path));
  const found = parentFree.length > 0 ? parentFree : topLevel.length > 0 ? topLevel : all;
  if (kind !== 'merge') return found[0];
  return found.sort((one, other) => MERGE_METHODS.indexOf(one.method) - MERGE_METHODS.indexOf(other.method))[0];
}

/** The operation of `kind` over records under a record of their own kind (GET /tasks/{task_gid}/subtasks), if any. */
export function operationUnderItsOwnKind(resource: Resource, kind: ShapeKind): SpecOperation | undefined {
  return operationsOfKind(resource, kind).find((operation) => underItsOwnKind(resource, operation.path));
}

function operationsOfKind(resource: Resource, kind: ShapeKind): SpecOperation[] {
  const found: SpecOperation[] = [];
  for (const [operationId, shape] of model.shapes) {
    if (shape.resource !== resource || shape.kind !== kind || shape.keyInBody) continue;
    const operation = listOperations().find((candidate) => candidate.operationId === operationId);
    if (operation && !operation.deprecated) found.push(operation);
  }
  return found;
}

/** Whether `path` names a record of `resource` as the parent of records of its own kind (/tasks/{task_gid}/subtasks). */
export function underItsOwnKind(resource: Resource, path: string): boolean {
  const link = resource.parent;
  return link?.ofItsOwnKind === true && pathParams(parentPath(path)).includes(link.param);
}

/**
 * The key a write's body may hold but the server decides: a numbered record's on a create (the
 * server gives it), the path's on a replacement or a merge (the path names the record).
 */
export function serverKeyOf(operationId: string): string | undefined {
  const shape = shapeOf(operationId);
  if (!shape) return undefined;
  const { keyField, counter } = shape.resource.collection;
  if (shape.kind === 'create') return counter ? keyField : undefined;
  // A change keyed by its body (PUT /pet) must send the key: it names the record.
  return (shape.kind === 'replace' || shape.kind === 'merge') && !shape.keyInBody ? keyField : undefined;
}

/** serverKeyOf, where the operation's body may leave it out: the key the suite leaves out of what it writes. */
export function leftOutKeyOf(operation: SpecOperation): string | undefined {
  const key = serverKeyOf(operation.operationId);
  return key !== undefined && !requiredInRequest(schemaOf(operation.requestSchema ?? {})).includes(key)
    ? key
    : undefined;
}

/** Whether an operation changes a singleton's one record (PUT /user): a record every check that writes it shares. */
export function changesSingleton(operationId: string): boolean {
  const shape = shapeOf(operationId);
  return shape?.resource.singleton !== undefined && shape.kind !== 'read';
}

export function resourceNamed(name: string): Resource | undefined {
  return model.resources.get(name);
}

/** The path parameter that names one of the resource's records ({ownerId}). */
export function keyParameterOf(resource: Resource): string | undefined {
  for (const shape of model.shapes.values()) if (shape.resource === resource && shape.keyParam) return shape.keyParam;
  return undefined;
}

/**
 * The path parameter whose records a change keyed by its body changes (PUT /pet with the pet's
 * id: {petId}, as the pet's read names it); none for a change named by its path.
 */
export function bodyKeyParameterOf(operationId: string): string | undefined {
  const shape = shapeOf(operationId);
  return shape?.keyInBody ? keyParameterOf(shape.resource) : undefined;
}

/** The field whose value names the record a change keyed by its body changes (PUT /pet: id). */
export function bodyKeyOf(operationId: string): string | undefined {
  const shape = shapeOf(operationId);
  return shape?.keyInBody ? shape.resource.collection.keyField : undefined;
}

/** Operations the suite has no checks of its own for: those a draft adds to the contract. */
export function isNewOperation(operationId: string): boolean {
  return !BUILT_IN_OPERATION_IDS.has(operationId);
}

const operationsOf = (resource: Resource) =>
  [...model.shapes].filter(([, shape]) => shape.resource === resource).map(([operationId]) => operationId);

/** The values the user gave of path parameters (--set-path NAME=VALUE): parents no operation makes. */
export const givenPathValues = (): Readonly<Record<string, string>> =>
  // None outside a run (the suite's own unit tests read paths with no target).
  process.env[CONFIG_VARIABLE] === undefined
    ? {}
    : Object.fromEntries((contractTarget().pathValues ?? []).map(({ name, value }) => [name, value]));

const givenPathValue = (name: string) => givenPathValues()[name] !== undefined;

/** Whether the suite makes `resource`'s records as a draft's (none of its operations is one the suite was written for). */
const isNewResource = (resource: Resource) => operationsOf(resource).every(isNewOperation);

/**
 * Where ids hold the suite's record of `resource`: beside the ids by parameter name, under a key
 * no parameter can have (a name in braces), so that two resources named by one {id} keep apart.
 */
export const recordKeyOf = (resource: Resource): string => `{${resource.name}}`;

/** `ids` with `id` as the record of `resource` that its parameter `parameter` names. */
export function withRecord<Ids extends Readonly<Record<string, string | number>>>(
  ids: Ids,
  resource: Resource,
  parameter: string,
  id: string | number,
): Ids {
  return { ...ids, [parameter]: id, [recordKeyOf(resource)]: id };
}

/** Whether `path` names the parent of `resource`'s records (/users/{user_id}/playlists of a user's playlists). */
const namesParent = (resource: Resource, path: string) =>
  resource.parent !== undefined && pathParams(path).includes(resource.parent.param);

/** Whether the suite has a record of `resource`'s parent to make its records under: made, or given. */
function parentHad(resource: Resource): boolean {
  const parent = resource.parent;
  if (parent === undefined || parent.ofItsOwnKind) return true;
  return givenPathValue(parent.param) || newResources().some((entry) => entry.resource.name === parent.resource);
}

let resourcesMade: Array<{ resource: Resource; keyParameter: string }> | undefined;
/**
 * Resources a draft adds (every resource, in another API's contract), parents before their
 * sub-collections, each with the parameter that names its records. Two resources may share one
 * ({id}): the suite keeps each one's records apart (recordKeyOf). Left out: one under a parent
 * the suite cannot make, nor is given, unless a create of it names no parent.
 */
export function newResources(): Array<{ resource: Resource; keyParameter: string }> {
  resourcesMade ??= findNewResources();
  return resourcesMade;
}

function findNewResources(): Array<{ resource: Resource; keyParameter: string }> {
  // The resources whose records the suite has: the built-in ones of a Pet Store draft, then these.
  const made = new Set<string>();
  for (const resource of model.resources.values()) if (!isNewResource(resource)) made.add(resource.name);
  const candidates = [...model.resources.values()].filter(isNewResource);
  const found: Array<{ resource: Resource; keyParameter: string }> = [];
  for (const resource of candidates.sort((one, other) => depthOf(one) - depthOf(other))) {
    const keyParameter = keyParameterOf(resource);
    if (keyParameter === undefined) continue;
    // Under a parent the suite makes, or one the user gives: never another's records.
    const parent = resource.parent;
    // Under records of its own kind: made by a create that names no parent (POST /tasks).
    const parentMade = parent?.ofItsOwnKind
      ? operationsOfKind(resource, 'create').some((creation) => !underItsOwnKind(resource, creation.path))
      : made.has(parent?.resource ?? '') ||
        operationsOfKind(resource, 'create').some((creation) => !namesParent(resource, creation.path));
    if (parent !== undefined && !givenPathValue(parent.param) && !parentMade) continue;
    made.add(resource.name);
    found.push({ resource, keyParameter });
  }
  return found;
}

/** The resource of the item segment that ends `prefix`: the exact item path's first, else one a router takes for it. */
function itemOwnerOf(prefix: string): Resource | undefined {
  let alike: Resource | undefined;
  for (const resource of model.resources.values())
    for (const item of resource.itemPaths) {
      if (segmentsOf(item).join('/') === segmentsOf(prefix).join('/')) return resource;
      if (alike === undefined && pathPattern(item) === pathPattern(prefix)) alike = resource;
    }
  return alike;
}

const namedInPaths = new Map<string, ReadonlyMap<string, Resource>>();
/**
 * The resource each parameter of `path` names there: the record of an operation's own resource,
 * its parent's and theirs, as the shapes say; else the resource whose item path the path continues
 * up to the parameter (/movie/{id}/files: a movie). A parameter naming no resource is left out.
 */
export function resourcesNamedIn(path: string): ReadonlyMap<string, Resource> {
  const known = namedInPaths.get(path);
  if (known !== undefined) return known;
  const named = new Map<string, Resource>();
  for (const operation of listOperations()) {
    const shape = operation.path === path ? shapeOf(operation.operationId) : undefined;
    if (shape === undefined) continue;
    if (shape.keyParam !== undefined && !named.has(shape.keyParam)) named.set(shape.keyParam, shape.resource);
    let resource: Resource | undefined = shape.resource;
    for (let depth = 0; resource?.parent !== undefined && depth < 8; depth += 1) {
      const param: string = resource.parent.param;
      const name: string | undefined = resource.parent.resource;
      const parent: Resource | undefined = name === undefined ? undefined : model.resources.get(name);
      if (parent !== undefined && path.includes(`{${param}}`) && !named.has(param)) named.set(param, parent);
      resource = parent === resource ? undefined : parent;
    }
  }
  const segments = segmentsOf(path);
  segments.forEach((segment, index) => {
    if (!isParam(segment) || named.has(paramName(segment))) return;
    const owner = itemOwnerOf(`/${segments.slice(0, index + 1).join('/')}`);
    if (owner !== undefined) named.set(paramName(segment), owner);
  });
  namedInPaths.set(path, named);
  return named;
}

/** The id `ids` holds itself under `name`: never a member every object has (__proto__, constructor). */
export const idOf = (ids: Readonly<Record<string, string | number>>, name: string) =>
  Object.hasOwn(ids, name) ? ids[name] : undefined;

/**
 * The ids of `path`'s parameters, by name, from `ids`: for a parameter that names a resource the
 * suite makes as a draft's, that resource's record (recordKeyOf); else the id of the parameter's
 * name; else the user's (--set-path), which stands for every resource with that parameter.
 */
export function pathIdsOf(
  path: string,
  ids: Readonly<Record<string, string | number>>,
): Record<string, string | number> {
  const given = givenPathValues();
  const named = resourcesNamedIn(path);
  const found: Record<string, string | number> = {};
  for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
    if (name === undefined) continue;
    const resource = named.get(name);
    const own = resource !== undefined && isNewResource(resource) ? idOf(ids, recordKeyOf(resource)) : undefined;
    // Own values only: a parameter named __proto__ or constructor reads no object's member.
    const id = own ?? idOf(ids, name) ?? idOf(given, name);
    if (id !== undefined) Object.defineProperty(found, name, { value: id, enumerable: true, writable: true });
  }
  return found;
}

/** Why the suite has no record for parameter `name` of `path`, where it tried to make one and could not. */
export function whyNoRecord(path: string, name: string): string | undefined {
  const resource = resourcesNamedIn(path).get(name);
  return resource === undefined ? undefined : whyUnmade(recordKeyOf(resource));
}

/**
 * The key a create's body sends, of the client's choosing: a record the server does not number,
 * or one whose create must send it. Each body the suite writes sends one no record has.
 */
export function clientKeyOf(operation: SpecOperation): string | undefined {
  const shape = shapeOf(operation.operationId);
  if (shape?.kind !== 'create' || leftOutKeyOf(operation) !== undefined) return undefined;
  const writable = writablePropertiesOf(schemaOf(operation.requestSchema ?? {}));
  // The record's key field, or the field the create names it by (a vector store file's file_id).
  for (const key of [shape.resource.collection.keyField, shape.keySentAs])
    if (key !== undefined && writable.some(([field]) => field === key)) return key;
  return undefined;
}

/** How many parents above a resource's records: 0 for a collection of its own, 1 for a pet's photos. */
export function depthOf(resource: Resource): number {
  const parent = resource.parent?.resource ? model.resources.get(resource.parent.resource) : undefined;
  return parent && parent !== resource ? 1 + depthOf(parent) : 0;
}

/** The resource whose records an operation of the suite's own makes (createPet: pets), by operationId. */
export function resourceMadeBy(operationId: string): Resource | undefined {
  return shapeOf(operationId)?.resource;
}

/**
 * The operation as the suite writes one record with it: where its body is an envelope
 * ({"article": {...}}), the schema of its body is the envelope's inside (wrapRecord sends it).
 */
export function recordOperation<Operation extends SpecOperation | undefined>(operation: Operation): Operation {
  const request = operation && shapeOf(operation.operationId)?.envelope?.request;
  if (!operation || request === undefined || !operation.requestSchema) return operation;
  const inside = propertiesOf(schemaOf(operation.requestSchema)).find(([name]) => name === request)?.[1];
  return inside === undefined ? operation : { ...operation, requestSchema: inside };
}

/** A record as an operation's body sends it: itself, or inside its envelope. */
export function wrapRecord(operationId: string, record: unknown): unknown {
  const property = shapeOf(operationId)?.envelope?.request;
  return property === undefined || record === undefined ? record : { [property]: record };
}

/** The records a list's answer holds: the answer, or the one array of its envelope ({"articles": [...]}). */
export function recordsIn(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  const arrays = Object.values((body ?? {}) as Record<string, unknown>).filter(Array.isArray);
  return arrays.length === 1 ? (arrays[0] as unknown[]) : [];
}

/** The record an operation's answer holds: the answer, or what its envelope wraps ({"article": {...}}). */
export function recordIn(operationId: string, body: unknown): unknown {
  const shape = shapeOf(operationId);
  const property = shape?.envelope?.answer;
  // A record answered alone in a list (answeredInList).
  if (shape?.answeredInList && Array.isArray(body)) return body[0];
  return property === undefined ? body : (body as Record<string, unknown> | undefined)?.[property];
}

/** The key of a record as its resource names it (its collection's key field: id, or petId for the inventory): a number, or text (a UUID). */
export function keyOf(resource: Resource, record: unknown): RecordKey | undefined {
  return asKey((record as Record<string, unknown> | undefined)?.[resource.collection.keyField]);
}

/** A value that can be a key: a number, or a text that is not empty. */
const asKey = (value: unknown): RecordKey | undefined =>
  typeof value === 'number' || (typeof value === 'string' && value !== '') ? value : undefined;

/** The key an answer that is no record names in another spelling (Docker's `{Id}`, OpenFGA's `{authorization_model_id}`). */
function keyNamedIn(resource: Resource, body: unknown): RecordKey | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const named = Object.keys(body).filter((name) => namesKeyOf(name, resource));
  return named.length === 1 ? asKey((body as Record<string, unknown>)[named[0] as string]) : undefined;
}

/**
 * The key of what a create made: its answer's record's, else the one it names in another
 * spelling, else the last segment of its Location (a 201 that answers no body, as Harbor's creates do).
 */
export function createdKey(
  resource: Resource,
  operationId: string,
  answer: { body: unknown; headers: Readonly<Record<string, string>> },
): RecordKey | undefined {
  const fromBody = keyOf(resource, recordIn(operationId, answer.body)) ?? keyNamedIn(resource, answer.body);
  if (fromBody !== undefined) return fromBody;
  const last = answer.headers.location?.split(/[?#]/)[0]?.split('/').filter(Boolean).pop();
  if (last === undefined) return undefined;
  let text: string;
  try {
    text = decodeURIComponent(last);
  } catch {
    return undefined;
  }
  return resource.keyType !== 'string' && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

/**
 * Why the key of what a successful create made cannot be known: the contract declares no body
 * for its answer, and it gave no Location (Harbor's project metadata); else undefined.
 */
export function unknowableKey(
  operation: SpecOperation,
  answer: { status: number; headers: Readonly<Record<string, string>> },
): string | undefined {
  if (answer.status < 200 || answer.status > 299 || answer.headers.location !== undefined) return undefined;
  const covering = coveringStatus(operation, answer.status);
  const headers = covering === undefined ? {} : (resolve(operation.raw.responses[covering])?.headers ?? {});
  // A body or a Location the contract declares and the answer lacks is a fault, not a skip.
  const declaresLocation = Object.keys(headers).some((name) => name.toLowerCase() === 'location');
  if ((covering !== undefined && declaredMediaTypes(operation, covering).length > 0) || declaresLocation)
    return undefined;
  return `the contract declares no body for its ${answer.status}, and it gave no Location: the suite cannot tell which record it made`;
}

/** A record's key: a whole number, or text. */
export type RecordKey = number | string;

/** The path that deletes record `id` of `resource` (its parent's ids from `ids`), if the contract has one. */
export function deletionPath(
  resource: Resource,
  id: RecordKey,
  ids: Readonly<Record<string, string | number>>,
): string | undefined {
  const deletion = operationOf(resource, 'delete');
  const key = deletion && shapeOf(deletion.operationId)?.keyParam;
  if (!deletion || !key) return undefined;
  const path = fillPath(deletion.path, withRecord(ids, resource, key, id));
  // A parameter left unfilled would delete nothing the suite made (or fail): no path at all.
  return path.includes('{') ? undefined : path;
}

/** `path` with its parameters filled from `ids` (a parameter not there is left as it is). */
export function fillPath(path: string, ids: Readonly<Record<string, string | number>>): string {
  const filled = pathIdsOf(path, ids);
  return path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const id = idOf(filled, name);
    return id === undefined ? whole : encodeURIComponent(String(id));
  });
}

const serverFields = new Map<unknown, ReadonlySet<string>>();
/**
 * The fields of a write's record that its answers hold as the server's, whatever was sent: those
 * an answer of the record marks readOnly, and those answered in a type the request does not send
 * them in (Asana's project owner: a gid sent, the owner object answered). What the write keeps
 * of what it was sent is judged on the others only.
 */
export function serverFieldsOf(operation: SpecOperation): ReadonlySet<string> {
  const resource = shapeOf(operation.operationId)?.resource;
  if (resource === undefined || operation.requestSchema === undefined) return new Set();
  let fields = serverFields.get(operation.operationId);
  if (fields === undefined) {
    const request = describeObjectSchema(CONTRACT.document, operation.requestSchema);
    fields = new Set([
      ...answeredReadOnly(CONTRACT, model, resource).keys(),
      ...answeredOtherwise(CONTRACT, model, resource, request).keys(),
    ]);
    serverFields.set(operation.operationId, fields);
  }
  return fields;
}

const madeWhenLeftOut = new Map<unknown, ReadonlySet<string>>();
/**
 * The fields a write may send that the record's answers declare by another schema (Ory's identity
 * credentials and metadata): the server makes them where a body leaves them out, as the mock does,
 * so a replacement that leaves one out is not held to remove it.
 */
export function madeWhenLeftOutOf(operation: SpecOperation): ReadonlySet<string> {
  const resource = shapeOf(operation.operationId)?.resource;
  if (resource === undefined || operation.requestSchema === undefined) return new Set();
  let fields = madeWhenLeftOut.get(operation.operationId);
  if (fields === undefined) {
    const request = describeObjectSchema(CONTRACT.document, operation.requestSchema);
    fields = new Set(answeredByOtherSchema(CONTRACT, model, resource, request).keys());
    madeWhenLeftOut.set(operation.operationId, fields);
  }
  return fields;
}

const answerFits = new Map<unknown, { names: ReadonlySet<string>; holds: AnswerFit }>();
/**
 * The fields `sent` holds as no answer of the record can (OpenAI's chunking_strategy "auto",
 * answered as a "static" one): the server's to make for this write, as the mock makes them.
 */
export function unfitSentFields(operation: SpecOperation, sent: Readonly<Record<string, unknown>>): Set<string> {
  const resource = shapeOf(operation.operationId)?.resource;
  if (resource === undefined || operation.requestSchema === undefined) return new Set();
  let known = answerFits.get(operation.operationId);
  if (known === undefined) {
    const request = describeObjectSchema(CONTRACT.document, operation.requestSchema);
    const fields = answeredByOtherSchema(CONTRACT, model, resource, request);
    known = {
      names: new Set(fields.keys()),
      holds: createAnswerFit(CONTRACT, new Map([...fields].map(([name, { answers }]) => [name, answers]))),
    };
    answerFits.set(operation.operationId, known);
  }
  const { names, holds } = known;
  return new Set([...names].filter((name) => Object.hasOwn(sent, name) && !holds(name, sent[name])));
}

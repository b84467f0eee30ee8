// Singletons: a path ending in no key parameter that no collection or item claims, read by GET
// (one record, not a list) and changed by PUT or PATCH: Conduit's /user, a /settings, an
// /account. One record at the top level; under a resource's item path (/users/{userId}/settings)
// one per parent record, keyed by the parent's key. Stored as a collection is, so that a change
// is read back, kept with the data and undone by a reset.
import type { JsonObject } from './json-pointer.js';
import type { OperationInfo } from './load-contract.js';
import { objectNamedIn, recordSchemaIn, successSchema } from './operation-schemas.js';
import { collectionName, firstFree } from './resource-naming.js';
import { isParam, paramName, parentPath, pathPattern, segmentsOf } from './resource-paths.js';
import type { ParentLink, Resource } from './resource-types.js';
import { describeObjectSchema, resolveSchema, schemaType } from './schema-shape.js';

/** The field that keys a top-level singleton's one record: none of its own fields. */
const TOP_LEVEL_KEY = 'singleton';

/**
 * The record a singleton's path reads: an object its GET answers (in a single-key envelope or
 * not, or under the path's own word beside fields of its own: Dropbox Sign's `{account, warnings}`
 * of GET /account), if it can be changed there.
 */
function singletonRecord(document: JsonObject, operations: readonly OperationInfo[], word: string): unknown {
  const reader = operations.find((operation) => operation.method === 'get');
  if (!reader || !operations.some((operation) => operation.method === 'put' || operation.method === 'patch'))
    return undefined;
  const answer = successSchema(reader);
  const schema = objectNamedIn(document, answer, word) ?? recordSchemaIn(document, answer);
  return schema !== undefined && schemaType(resolveSchema(document, schema)) === 'object' ? schema : undefined;
}

/** Where a singleton stands: at the top level, or under a parent's record. */
type Placement = { parent?: ParentLink };

/**
 * Where a path's record stands: at the top level where it names no key; under the record its last
 * parameter names, just before its end (/users/{userId}/settings: the resource whose item path
 * that is, if the contract describes one). Undefined where a key is named elsewhere (/users/{id}/prefs/email).
 */
function placementOf(path: string, resources: ReadonlyMap<string, Resource>): Placement | undefined {
  const segments = segmentsOf(path);
  const before = segments.at(-2);
  if (before === undefined || !isParam(before)) return segments.some(isParam) ? undefined : {};
  const pattern = pathPattern(parentPath(path));
  const parent = [...resources.values()].find((resource) =>
    resource.itemPaths.some((item) => pathPattern(item) === pattern),
  );
  // One record per parent, keyed by the parent's key: the parameter names the field.
  const param = paramName(before);
  return { parent: { resource: parent?.name, param, field: param } };
}

function singletonResource(
  document: JsonObject,
  path: string,
  recordSchema: unknown,
  { parent }: Placement,
  name: string,
  keyTypeOf: (parent: ParentLink) => Resource['keyType'],
): Resource {
  const shape = describeObjectSchema(document, recordSchema);
  const keyField = parent ? parent.param : firstFree((field) => shape.properties.has(field), [TOP_LEVEL_KEY]);
  return {
    name,
    collection: { name, keyField },
    noun: name,
    recordSchema,
    shape,
    keyType: parent ? keyTypeOf(parent) : 'string',
    collectionPaths: [],
    itemPaths: [],
    locationPath: undefined,
    readPaths: [],
    ...(parent ? { parent } : {}),
    singleton: parent ? { path } : { path, key: name },
  };
}

/** The singletons of a contract, beside the collections and items of `resources` (which claim their paths). */
export function findSingletons(
  document: JsonObject,
  byPath: ReadonlyMap<string, OperationInfo[]>,
  resources: ReadonlyMap<string, Resource>,
): Resource[] {
  const claimed = new Set(
    [...resources.values()].flatMap((resource) => [...resource.collectionPaths, ...resource.itemPaths]),
  );
  const found: Resource[] = [];
  const taken = (name: string) => resources.has(name) || found.some((resource) => resource.name === name);
  // A parent's key is typed as the parent keys its records; a parent the contract does not describe, as text.
  const keyTypeOf = (link: ParentLink) =>
    (link.resource === undefined ? undefined : resources.get(link.resource)?.keyType) ?? 'string';
  for (const [path, operations] of byPath) {
    const last = segmentsOf(path).at(-1);
    if (last === undefined || isParam(last) || claimed.has(path)) continue;
    const recordSchema = singletonRecord(document, operations, last);
    const placement = recordSchema === undefined ? undefined : placementOf(path, resources);
    if (placement === undefined) continue;
    const name = collectionName(last, path, taken);
    found.push(singletonResource(document, path, recordSchema, placement, name, keyTypeOf));
  }
  return found;
}

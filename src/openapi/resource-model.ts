// The resources of a contract, read from its paths and schemas: which paths list and create a
// collection's records (/pets), which read, replace, merge and delete one (/pets/{petId}, and
// /pets/by-id/{petId}, known by the schema it answers), which belong to a parent's record
// (/pets/by-id/{petId}/photos), how records are keyed, and how the mock numbers new ones. The
// store's collections and the conventions that answer operations without rules of their own
// come from here, so that a resource added to the contract needs no code.
import type { Collection } from '../store/data-set.js';
import { type JsonObject, resolveLocalRef } from './json-pointer.js';
import type { Contract, OperationInfo } from './load-contract.js';
import { mediaFamily } from './media-types.js';
import { describeObjectSchema, resolveSchema, type SchemaShape, schemaIdentity, schemaType } from './schema-shape.js';

export type ParentLink = {
  /** The parent's resource, when the contract describes it (its records are then checked to exist). */
  resource: string | undefined;
  /** The path parameter that names the parent, and the field of each record that holds it. */
  param: string;
};

export type Resource = {
  name: string;
  collection: Collection;
  /** What one record is called in messages: "pet", from {petId}. */
  noun: string;
  /** The schema of a record as the contract answers it, and what it says of the properties. */
  recordSchema: unknown;
  shape: SchemaShape;
  /** Whether the key is a number (numbered by the mock) or a string. */
  keyType: 'integer' | 'number' | 'string';
  collectionPaths: string[];
  itemPaths: string[];
  /** The item path a created record's Location names: one read by a GET that is not deprecated. */
  locationPath: string | undefined;
  parent?: ParentLink;
};

export type ShapeKind = 'list' | 'create' | 'read' | 'replace' | 'merge' | 'delete';

/** How the convention answers an operation: its kind, over which resource. */
export type ConventionShape = {
  kind: ShapeKind;
  resource: Resource;
  /** The path parameter that holds the record's key (item operations). */
  keyParam?: string;
};

export type ResourceModel = {
  resources: ReadonlyMap<string, Resource>;
  /** By operationId, for the operations a convention answers. */
  shapes: ReadonlyMap<string, ConventionShape>;
  /** The collection a resource's records live in. */
  collection(name: string): Collection | undefined;
};

const SUCCESS = /^2\d\d$/;

/** The JSON schema of an operation's first 2xx answer (201 first for a POST). */
function successSchema(operation: OperationInfo): unknown {
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

/** The schema of an operation's request body: its JSON one, else its form's (a form's fields are a record's too). */
export function requestSchema(operation: OperationInfo): unknown {
  const media = operation.request?.media ?? [];
  return (
    media.find((entry) => entry.type === 'application/json') ??
    media.find((entry) => mediaFamily(entry.type) === 'json') ??
    media.find((entry) => mediaFamily(entry.type) === 'form' || mediaFamily(entry.type) === 'multipart')
  )?.schema;
}

/** The schema of a list's items: an array's, or that of the one array property of an envelope. */
function listItemSchema(document: JsonObject, schema: unknown): unknown {
  const resolved = resolveLocalRef(document, schema);
  if (schemaType(resolved) === 'array') return resolved.items;
  const arrays = [...describeObjectSchema(document, resolved).properties.values()].filter(
    (property) => schemaType(property) === 'array',
  );
  return arrays.length === 1 ? arrays[0]?.items : undefined;
}

const isParam = (segment: string) => /^\{[^}]+\}$/.test(segment);
const paramName = (segment: string) => segment.slice(1, -1);
const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');
/** "/pets/{petId}" and "/pets/{id}" are one path to a router: parameters compared without names. */
const pathPattern = (path: string) =>
  segmentsOf(path)
    .map((segment) => (isParam(segment) ? '{}' : segment))
    .join('/');

/** The names of a path's parameters, in order: "/pets/by-id/{petId}/photos" gives ["petId"]. */
export function pathParams(path: string): string[] {
  return segmentsOf(path).filter(isParam).map(paramName);
}

/**
 * The resource whose item a longer path continues, and the parameter naming the item there:
 * /pets/by-id/{petId}/vaccinate continues /pets/by-id/{petId}, a pet's. The longest item path wins.
 */
export function itemContinuedBy(
  model: Pick<ResourceModel, 'resources'>,
  path: string,
): { resource: Resource; param: string } | undefined {
  const segments = segmentsOf(path);
  let found: { resource: Resource; param: string; depth: number } | undefined;
  for (const resource of model.resources.values()) {
    for (const item of resource.itemPaths) {
      const depth = segmentsOf(item).length;
      if (depth >= segments.length || (found && depth <= found.depth)) continue;
      const prefix = segments.slice(0, depth);
      if (pathPattern(`/${prefix.join('/')}`) === pathPattern(item))
        found = { resource, param: paramName(prefix.at(-1) as string), depth };
    }
  }
  return found && { resource: found.resource, param: found.param };
}

/** "pet" from {petId}; else the collection's name without its plural "s". */
function nounOf(keyParam: string | undefined, name: string): string {
  const fromParam = keyParam?.replace(/_?id$/i, '');
  if (fromParam) return fromParam;
  return name.replace(/ies$/, 'y').replace(/s$/, '');
}

/** `wanted`, or when taken the first of `instead` that is free, else `wanted` numbered from 2. */
function firstFree(taken: (name: string) => boolean, names: readonly [string, ...string[]]): string {
  const free = names.find((name) => !taken(name));
  if (free !== undefined) return free;
  const [wanted] = names;
  let count = 2;
  while (taken(`${wanted}${count}`)) count += 1;
  return `${wanted}${count}`;
}

/**
 * A collection's name: its path's last segment; when another collection has it (photos of pets
 * and of categories), that segment after the one before it: "categoryPhotos", "adminPets".
 */
function collectionName(segments: readonly string[], taken: (name: string) => boolean): string {
  const last = segments.at(-1) as string;
  const before = segments.at(-2);
  const prefix = before === undefined ? undefined : isParam(before) ? nounOf(paramName(before), '') : before;
  const joined = prefix
    ? `${prefix}-${last}`.replace(/[^A-Za-z0-9]+([A-Za-z0-9]?)/g, (_, next: string) => next.toUpperCase())
    : undefined;
  return firstFree(taken, joined ? [last, joined] : [last]);
}

type Draft = {
  name: string;
  identity: string;
  recordSchema: unknown;
  collectionPaths: string[];
  itemPaths: string[];
  /** Item paths' key parameters, in order. */
  keyParams: string[];
};

/** Reads the resources of `contract` and how the convention answers each operation. */
export function describeResources(contract: Contract): ResourceModel {
  const { document } = contract;
  const byPath = new Map<string, OperationInfo[]>();
  for (const operation of contract.operations) {
    const list = byPath.get(operation.path) ?? [];
    list.push(operation);
    byPath.set(operation.path, list);
  }
  const drafts: Draft[] = [];
  const draftOf = (identity: string) => drafts.find((draft) => draft.identity === identity);

  // Collections first: a path ending in a literal that lists records (GET answering an array) or makes one (POST answering 201).
  for (const [path, operations] of byPath) {
    const segments = segmentsOf(path);
    const last = segments.at(-1);
    if (last === undefined || isParam(last)) continue;
    const lister = operations.find((operation) => operation.method === 'get');
    const maker = operations.find((operation) => operation.method === 'post' && operation.responses.has('201'));
    const itemSchema = lister ? listItemSchema(document, successSchema(lister)) : undefined;
    const recordSchema = itemSchema ?? (maker ? successSchema(maker) : undefined);
    if (recordSchema === undefined || schemaType(resolveSchema(document, recordSchema)) !== 'object') continue;
    const identity = schemaIdentity(document, recordSchema);
    const known = draftOf(identity);
    if (known) {
      known.collectionPaths.push(path);
      continue;
    }
    drafts.push({ name: '', identity, recordSchema, collectionPaths: [path], itemPaths: [], keyParams: [] });
  }
  // Named in an order that does not depend on where a draft adds its paths: a collection whose
  // records' schema bears its name (/pets of Pet) before one that does not (/admin/pets of
  // AdminPet), then the shorter path, then the contract's order.
  const bearsItsName = (draft: Draft) => {
    const last = segmentsOf(draft.collectionPaths[0] ?? '').at(-1) ?? '';
    return draft.identity.toLowerCase().endsWith(`/${nounOf(undefined, last).toLowerCase()}`);
  };
  const naming = drafts
    .map((draft, index) => ({ draft, index }))
    .sort(
      (one, other) =>
        Number(bearsItsName(other.draft)) - Number(bearsItsName(one.draft)) ||
        segmentsOf(one.draft.collectionPaths[0] ?? '').length -
          segmentsOf(other.draft.collectionPaths[0] ?? '').length ||
        one.index - other.index,
    );
  for (const { draft } of naming)
    draft.name = collectionName(segmentsOf(draft.collectionPaths[0] ?? ''), (name) =>
      drafts.some((other) => other.name === name),
    );

  // Items: a path ending in a parameter, under one of the collections or answering its records' schema.
  for (const [path, operations] of byPath) {
    const segments = segmentsOf(path);
    const last = segments.at(-1);
    if (last === undefined || !isParam(last)) continue;
    const prefixPattern = pathPattern(`/${segments.slice(0, -1).join('/')}`);
    const reader = operations.find((operation) => ['get', 'put', 'patch'].includes(operation.method));
    const schema = reader ? successSchema(reader) : undefined;
    const identity = schema === undefined ? undefined : schemaIdentity(document, schema);
    const owner =
      drafts.find((draft) => draft.collectionPaths.some((collection) => pathPattern(collection) === prefixPattern)) ??
      (identity === undefined ? undefined : draftOf(identity));
    if (owner) {
      owner.itemPaths.push(path);
      owner.keyParams.push(paramName(last));
      continue;
    }
    const named = segments.at(-2);
    if (schema === undefined || named === undefined || isParam(named)) continue;
    if (schemaType(resolveSchema(document, schema)) !== 'object') continue;
    drafts.push({
      name: named,
      identity: identity as string,
      recordSchema: schema,
      collectionPaths: [],
      itemPaths: [path],
      keyParams: [paramName(last)],
    });
  }

  // Each numbered collection counts with a counter of its own, or two would give out the same
  // ids: given in the order of the names, so that /pets keeps nextId.pet wherever /admin/pets is.
  const counters = new Set<string>();
  const finished = new Map<Draft, Resource>();
  const named = naming.map(({ draft }) => draft);
  for (const draft of [...named, ...drafts.filter((draft) => !named.includes(draft))]) {
    const resource = finish(document, draft, contract.operations, (counter) => counters.has(counter));
    if (resource.collection.counter !== undefined) counters.add(resource.collection.counter);
    finished.set(draft, resource);
  }
  const resources = new Map<string, Resource>(drafts.map((draft) => [draft.name, finished.get(draft) as Resource]));
  // Parents: a collection whose path continues one of another resource's item paths.
  for (const resource of resources.values()) {
    const path = resource.collectionPaths[0];
    if (path === undefined) continue;
    const segments = segmentsOf(path);
    const parentSegment = segments.at(-2);
    if (parentSegment === undefined || !isParam(parentSegment)) continue;
    const parentPattern = pathPattern(`/${segments.slice(0, -1).join('/')}`);
    const parent = [...resources.values()].find(
      (candidate) => candidate !== resource && candidate.itemPaths.some((item) => pathPattern(item) === parentPattern),
    );
    resource.parent = { resource: parent?.name, param: paramName(parentSegment) };
  }

  const shapes = new Map<string, ConventionShape>();
  for (const resource of resources.values()) {
    for (const operation of contract.operations) {
      const shape = shapeOf(operation, resource);
      if (shape) shapes.set(operation.operationId, shape);
    }
  }
  return {
    resources,
    shapes,
    collection: (name) => resources.get(name)?.collection,
  };
}

function shapeOf(operation: OperationInfo, resource: Resource): ConventionShape | undefined {
  if (resource.collectionPaths.includes(operation.path)) {
    if (operation.method === 'get') return { kind: 'list', resource };
    if (operation.method === 'post') return { kind: 'create', resource };
    return undefined;
  }
  if (!resource.itemPaths.includes(operation.path)) return undefined;
  const keyParam = paramName(segmentsOf(operation.path).at(-1) ?? '{}');
  const kind = ({ get: 'read', put: 'replace', patch: 'merge', delete: 'delete' } as const)[
    operation.method as 'get' | 'put' | 'patch' | 'delete'
  ];
  return kind ? { kind, resource, keyParam } : undefined;
}

function finish(
  document: JsonObject,
  draft: Draft,
  operations: readonly OperationInfo[],
  counterTaken: (counter: string) => boolean,
): Resource {
  const shape = describeObjectSchema(document, draft.recordSchema);
  const keyParam = draft.keyParams[0];
  // {breedCode} of a breed names its "code": the parameter without the record's noun before it.
  const singular = nounOf(undefined, draft.name).toLowerCase();
  const unprefixed =
    keyParam?.toLowerCase().startsWith(singular) && keyParam.length > singular.length
      ? `${keyParam.charAt(singular.length).toLowerCase()}${keyParam.slice(singular.length + 1)}`
      : undefined;
  const keyField =
    keyParam !== undefined && shape.properties.has(keyParam)
      ? keyParam
      : shape.properties.has('id') || keyParam === undefined
        ? 'id'
        : unprefixed !== undefined && shape.properties.has(unprefixed)
          ? unprefixed
          : keyParam;
  const keySchema = shape.properties.get(keyField);
  const declaredType = keySchema ? schemaType(keySchema) : undefined;
  const keyType = declaredType === 'string' || declaredType === 'number' ? declaredType : 'integer';
  // {petId} names a pet; an inventory entry keyed by its petId is not one.
  // ({breedCode} names a breed by its code: the noun is the name's.)
  const noun = nounOf(keyField === keyParam || keyField === unprefixed ? undefined : keyParam, draft.name);
  // Numbered by the mock when records can be made without their key (a POST whose body may lack it).
  const makers = operations.filter(
    (operation) => operation.method === 'post' && draft.collectionPaths.includes(operation.path),
  );
  const numbered =
    keyType !== 'string' &&
    makers.some((maker) => {
      // A key the body may not send (absent, or readOnly), or may leave out, is the mock's to give.
      const body = describeObjectSchema(document, requestSchema(maker));
      const sent = body.properties.get(keyField);
      return sent === undefined || sent.readOnly === true || !body.required.has(keyField);
    });
  const readers = operations.filter(
    (operation) => operation.method === 'get' && draft.itemPaths.includes(operation.path),
  );
  const locationPath = (readers.find((reader) => !reader.deprecation) ?? readers[0])?.path ?? draft.itemPaths[0];
  return {
    name: draft.name,
    collection: {
      name: draft.name,
      keyField,
      // "photo", or for a second collection of photos its own name's: "categoryPhoto".
      ...(numbered ? { counter: firstFree(counterTaken, [noun, nounOf(undefined, draft.name)]) } : {}),
    },
    noun,
    recordSchema: draft.recordSchema,
    shape,
    keyType,
    collectionPaths: draft.collectionPaths,
    itemPaths: draft.itemPaths,
    locationPath,
  };
}

// The resources of a contract, read from its paths and schemas: which paths list and create a
// collection's records (/pets, and lists of them elsewhere: /pet/findByStatus, /articles/feed),
// which read, replace, merge and delete one (/pets/{petId}, and /pets/by-id/{petId}, known by the
// schema it answers), which belong to a parent's record (/pets/by-id/{petId}/photos), which hold
// one record only (a singleton: /user, resource-singletons.ts), how records are keyed, and how
// the mock numbers new ones. The store's collections and the conventions that
// answer operations without rules of their own come from here, so that a resource added to the
// contract needs no code.

import { madeOncePer } from '../store/made-once.js';
import type { JsonObject } from './json-pointer.js';
import type { Contract, OperationInfo } from './load-contract.js';
import {
  bodyEnvelope,
  listItemSchema,
  objectNamedIn,
  recordSchemaIn,
  requestSchema,
  streamedItemSchema,
  successSchema,
  wrapsRecordByRef,
} from './operation-schemas.js';
import { isRecordSchema } from './record-kinds.js';
import { collectionName, collectionWord, firstFree, looseName, nounOf } from './resource-naming.js';
import {
  alikePathKey,
  isItemUnder,
  isParam,
  paramName,
  parentPath,
  pathPattern,
  segmentsOf,
} from './resource-paths.js';
import { shapeOf } from './resource-shapes.js';
import { findSingletons } from './resource-singletons.js';
import type { ConventionShape, Resource, ResourceModel } from './resource-types.js';
import { describeObjectSchema, resolveSchema, schemaIdentity, schemaType } from './schema-shape.js';
import { undeclaredPropertySchema } from './undeclared-required.js';

export { requestSchema } from './operation-schemas.js';
export { pathParams } from './resource-paths.js';
export type { ConventionShape, ParentLink, Resource, ResourceModel, ShapeKind, Singleton } from './resource-types.js';

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

type Draft = {
  name: string;
  identity: string;
  recordSchema: unknown;
  collectionPaths: string[];
  itemPaths: string[];
  /** Item paths' key parameters, in order. */
  keyParams: string[];
};

/**
 * Whether a schema is an object's: what a record is. A oneOf or anyOf of objects with no type of
 * its own is one too (Lob's address: a US one or an international one; record-kinds.ts).
 */
const isObject = isRecordSchema;

/**
 * What an item path right under `path` reads: the record a create that answers no body makes
 * (Harbor's POST /retentions answers 201 and a Location, GET /retentions/{id} the policy).
 */
function itemReadSchema(document: JsonObject, byPath: ReadonlyMap<string, OperationInfo[]>, path: string): unknown {
  for (const [other, operations] of byPath) {
    if (!isItemUnder(other, path)) continue;
    const reader = operations.find((operation) => operation.method === 'get');
    const schema = reader ? recordSchemaIn(document, successSchema(reader)) : undefined;
    if (schema !== undefined) return schema;
  }
  return undefined;
}

/** Whether a PUT or PATCH of the path sends the very schema its GET answers: one object, read and written whole. */
function writesWhatItReads(document: JsonObject, reader: OperationInfo, operations: readonly OperationInfo[]): boolean {
  const read = successSchema(reader);
  // An object (with a list in it); a list written whole (PUT /tags of Tag[]) stays a collection.
  if (read === undefined || schemaType(resolveSchema(document, read)) !== 'object') return false;
  const identity = schemaIdentity(document, read);
  return operations.some(
    (operation) =>
      (operation.method === 'put' || operation.method === 'patch') &&
      requestSchema(operation) !== undefined &&
      schemaIdentity(document, requestSchema(operation)) === identity,
  );
}

/**
 * The collections of a contract: a path ending in a literal that lists records (a GET answering
 * an array, or an envelope around one) or makes one (a POST answering 201, or answering a record
 * on the path an item path continues: POST /pet beside /pet/{petId}). Paths whose records are of
 * one schema are one collection's.
 */
function findCollections(document: JsonObject, byPath: ReadonlyMap<string, OperationInfo[]>): Draft[] {
  const drafts: Draft[] = [];
  const paths = [...byPath.keys()];
  for (const [path, operations] of byPath) {
    const last = segmentsOf(path).at(-1);
    if (last === undefined || isParam(last)) continue;
    const lister = operations.find((operation) => operation.method === 'get');
    const maker = operations.find(
      (operation) =>
        operation.method === 'post' &&
        (operation.responses.has('201') || paths.some((other) => isItemUnder(other, path))),
    );
    const itemSchema =
      // One that holds an object under its path's word reads that object (singletons), not a list of
      // the rest; so does one whose PUT writes the object it reads (Harbor's CVE allowlist and its items).
      (lister &&
      objectNamedIn(document, successSchema(lister), last) === undefined &&
      !(maker === undefined && writesWhatItReads(document, lister, operations))
        ? listItemSchema(document, successSchema(lister), last)
        : undefined) ??
      // ...or one that streams the records an item path under it reads, a JSON value a line (not a feed of events).
      (lister && successSchema(lister) === undefined && paths.some((other) => isItemUnder(other, path))
        ? streamedItemSchema(document, lister)
        : undefined);
    const recordSchema =
      itemSchema ??
      (maker ? (recordSchemaIn(document, successSchema(maker)) ?? itemReadSchema(document, byPath, path)) : undefined);
    if (!isObject(document, recordSchema)) continue;
    const identity = schemaIdentity(document, recordSchema);
    const known = drafts.find((draft) => draft.identity === identity);
    if (known) known.collectionPaths.push(path);
    else drafts.push({ name: '', identity, recordSchema, collectionPaths: [path], itemPaths: [], keyParams: [] });
  }
  // Its own path first: the one its item path continues, else one that creates, else its shortest.
  for (const draft of drafts) {
    const rank = (path: string) =>
      paths.some((other) => isItemUnder(other, path))
        ? 0
        : byPath.get(path)?.some((operation) => operation.method === 'post')
          ? 1
          : 2;
    draft.collectionPaths.sort(
      (one, other) => rank(one) - rank(other) || segmentsOf(one).length - segmentsOf(other).length,
    );
  }
  return drafts;
}

/**
 * Names the collections in an order that does not depend on where a draft adds its paths: a
 * collection whose records' schema bears its name (/pets of Pet) before one that does not
 * (/admin/pets of AdminPet), then the shorter path, then the contract's order.
 */
function nameCollections(drafts: Draft[], byPath: ReadonlyMap<string, OperationInfo[]>): Draft[] {
  const paths = [...byPath.keys()];
  const wordOf = (draft: Draft) => {
    const path = draft.collectionPaths[0] ?? '';
    const own = paths.some((other) => isItemUnder(other, path)) || byPath.get(path)?.some((op) => op.method === 'post');
    return collectionWord(path, draft.identity, own === true);
  };
  const bearsItsName = (draft: Draft) =>
    draft.identity.toLowerCase().endsWith(`/${nounOf(undefined, wordOf(draft)).toLowerCase()}`);
  const naming = drafts
    .map((draft, index) => ({ draft, index }))
    .sort(
      (one, other) =>
        Number(bearsItsName(other.draft)) - Number(bearsItsName(one.draft)) ||
        segmentsOf(one.draft.collectionPaths[0] ?? '').length -
          segmentsOf(other.draft.collectionPaths[0] ?? '').length ||
        one.index - other.index,
    )
    .map(({ draft }) => draft);
  for (const draft of naming)
    draft.name = collectionName(wordOf(draft), draft.collectionPaths[0] ?? '', (name) =>
      drafts.some((other) => other.name === name),
    );
  return naming;
}

/**
 * Whether a collection's create answers records of the schema `identity` names: Spotify lists
 * playlists at /me/playlists in a short form, creates one there answering the full one, and
 * reads that at /playlists/{playlist_id}, an item path of the same collection.
 */
function createsAs(
  document: JsonObject,
  byPath: ReadonlyMap<string, OperationInfo[]>,
  draft: Draft,
  identity: string,
): boolean {
  return draft.collectionPaths.some((path) =>
    (byPath.get(path) ?? []).some((operation) => {
      if (operation.method !== 'post') return false;
      const answered = recordSchemaIn(document, successSchema(operation));
      return answered !== undefined && schemaIdentity(document, answered) === identity;
    }),
  );
}

/**
 * Whether an answer wraps a record of `draft` by its $ref beside fields of its own: Dropbox Sign
 * reads a fax as `{fax: FaxResponse, warnings: [...]}` and lists `{faxes: [FaxResponse], ...}`.
 */
function envelopesRecordOf(document: JsonObject, schema: unknown, draft: Draft): boolean {
  return wrapsRecordByRef(document, schema, describeObjectSchema(document, draft.recordSchema), draft.recordSchema);
}

/**
 * A collection known by its item paths alone goes by the word before the parameter of its
 * shortest one: Dropbox Sign's signature request is read at /signature_request/{id} and edited at
 * /signature_request/edit/{id}; the first one met named it "edit".
 */
function renameByShortestItem(draft: Draft, drafts: readonly Draft[]): void {
  if (draft.collectionPaths.length > 0) return;
  const [shortest] = [...draft.itemPaths].sort((one, other) => segmentsOf(one).length - segmentsOf(other).length);
  const word = shortest === undefined ? undefined : segmentsOf(shortest).at(-2);
  if (word === undefined || isParam(word) || word === draft.name) return;
  if (drafts.some((other) => other !== draft && other.name === word)) return;
  draft.name = word;
}

/** Items: a path ending in a parameter, under one of the collections or answering its records' schema (or its create's). */
function findItems(document: JsonObject, byPath: ReadonlyMap<string, OperationInfo[]>, drafts: Draft[]): void {
  for (const [path, operations] of byPath) {
    const segments = segmentsOf(path);
    const last = segments.at(-1);
    if (last === undefined || !isParam(last)) continue;
    const reader = operations.find((operation) => ['get', 'put', 'patch'].includes(operation.method));
    const schema = reader ? recordSchemaIn(document, successSchema(reader)) : undefined;
    const identity = schema === undefined ? undefined : schemaIdentity(document, schema);
    const owner =
      drafts.find((draft) => draft.collectionPaths.some((collection) => isItemUnder(path, collection))) ??
      drafts.find((draft) => draft.identity === identity) ??
      drafts.find((draft) => identity !== undefined && createsAs(document, byPath, draft, identity)) ??
      drafts.find((draft) => reader !== undefined && envelopesRecordOf(document, successSchema(reader), draft));
    if (owner) {
      owner.itemPaths.push(path);
      owner.keyParams.push(paramName(last));
      renameByShortestItem(owner, drafts);
      continue;
    }
    const named = segments.at(-2);
    if (named === undefined || isParam(named) || !isObject(document, schema)) continue;
    drafts.push({
      // A name no collection has: Spotify's /playlists/{playlist_id} beside its /me/playlists,
      // named playlists too, would have replaced that collection in the model.
      name: firstFree((name) => drafts.some((draft) => draft.name === name), [named]),
      identity: identity as string,
      recordSchema: schema,
      collectionPaths: [],
      itemPaths: [path],
      keyParams: [paramName(last)],
    });
  }
}

/** The verbs a path's last segment starts with that say it makes a record. */
const MAKING_VERBS = ['create', 'add', 'new', 'send', 'submit', 'upload', 'import', 'make', 'post'];

/** Whether a segment is such a verb, alone or before a separator or a capital: send, create_embedded, createFax; not address. */
function saysItMakes(segment: string): boolean {
  const verb = MAKING_VERBS.find((word) => segment.toLowerCase().startsWith(word));
  return verb !== undefined && !/[a-z]/.test(segment.charAt(verb.length));
}

/**
 * Whether a POST at a word under a collection's own path makes one of its records by a kind of
 * its own, answering 201 with some of the record's fields: Coolify's POST /applications/public
 * and /applications/dockerimage answer `{uuid}` of an application read at /applications/{uuid}.
 * (Its key is named by the item path's parameter: the fields read by keyFieldOf are not yet known.)
 */
function makesKindOf(
  document: JsonObject,
  byPath: ReadonlyMap<string, OperationInfo[]>,
  path: string,
  maker: OperationInfo,
  draft: Draft,
): boolean {
  const under = parentPath(path);
  if (!draft.collectionPaths.includes(under) || !draft.itemPaths.some((item) => isItemUnder(item, under))) return false;
  if ((byPath.get(path) ?? []).some((operation) => operation.method === 'get')) return false;
  if ([...byPath.keys()].some((other) => isItemUnder(other, path)) || !maker.responses.has('201')) return false;
  const answered = describeObjectSchema(document, recordSchemaIn(document, successSchema(maker))).properties;
  const fields = describeObjectSchema(document, draft.recordSchema).properties;
  // ...or its key beside fields of the kind's own (/servers/hetzner: `{uuid, hetzner_server_id, ip}`).
  const keys = new Set(draft.keyParams.map(looseName));
  const answers = [...answered.keys()];
  return (
    answers.length > 0 &&
    (answers.every((field) => fields.has(field)) || answers.some((field) => keys.has(looseName(field))))
  );
}

/**
 * Creates at a verb beside the collection's items, in the RPC style of Dropbox Sign: POST
 * /fax/send answers `{fax: FaxResponse, warnings}`, and the fax is read at /fax/{fax_id}. A POST
 * on a literal path that says it makes something, whose parent holds a collection's item path,
 * answering that collection's record (itself, or wrapped by its $ref), makes one; its collection
 * keeps its name and its first path. Other verbs (/user/login answering the user) make nothing.
 * So does a create of a kind of record (makesKindOf), which leaves any collection it was taken for.
 */
function findVerbMakers(document: JsonObject, byPath: ReadonlyMap<string, OperationInfo[]>, drafts: Draft[]): void {
  const known = new Set(drafts.flatMap((draft) => draft.collectionPaths));
  for (const [path, operations] of byPath) {
    const last = segmentsOf(path).at(-1);
    const maker = operations.find((operation) => operation.method === 'post');
    if (last === undefined || isParam(last) || maker === undefined) continue;
    const kindOf = drafts.find((draft) => makesKindOf(document, byPath, path, maker, draft));
    if (kindOf !== undefined) {
      for (const draft of drafts) draft.collectionPaths = draft.collectionPaths.filter((other) => other !== path);
      kindOf.collectionPaths.push(path);
      continue;
    }
    if (!saysItMakes(last) || known.has(path)) continue;
    const answer = successSchema(maker);
    const owner = drafts.find(
      (draft) =>
        draft.itemPaths.some((item) => isItemUnder(item, parentPath(path))) &&
        (schemaIdentity(document, recordSchemaIn(document, answer)) === draft.identity ||
          envelopesRecordOf(document, answer, draft)),
    );
    owner?.collectionPaths.push(path);
  }
  // A collection all of whose paths were kinds of another's creates is none.
  for (const [at, draft] of [...drafts.entries()].reverse())
    if (draft.collectionPaths.length === 0 && draft.itemPaths.length === 0) drafts.splice(at, 1);
}

/**
 * One collection per parent: Coolify lists EnvironmentVariable records at /applications/{uuid}/envs,
 * /databases/{uuid}/envs and /services/{uuid}/envs, three sets that share a schema, not one (and
 * its /services/{uuid}/applications and /services/{uuid}/databases, two of free objects). A
 * collection reached under records of several resources, or under several words of one, keeps the
 * paths of its first (and those under none: PetClinic's /pets beside /owners/{ownerId}/pets);
 * each other one that makes or reads records of its own, with the item paths under it, becomes a
 * collection of its own ("serviceEnvs"). A list only (/users/{id}/feed) stays a view of the first.
 */
function splitByParents(byPath: ReadonlyMap<string, OperationInfo[]>, drafts: Draft[]): void {
  const paths = [...byPath.keys()];
  const parentOf = (path: string): string | undefined => {
    const segment = segmentsOf(path).at(-2);
    if (segment === undefined || !isParam(segment)) return undefined;
    const pattern = pathPattern(parentPath(path));
    return drafts.find((draft) => draft.itemPaths.some((item) => pathPattern(item) === pattern))?.name ?? pattern;
  };
  const groupOf = (path: string) => {
    const parent = parentOf(path);
    return parent === undefined ? undefined : `${parent} ${segmentsOf(path).at(-1)}`;
  };
  const ownRecords = (path: string) =>
    paths.some((other) => isItemUnder(other, path)) ||
    byPath.get(path)?.some((operation) => operation.method === 'post');
  // Parents first, so that a child's paths are told apart by the parents' split collections.
  const depth = (draft: Draft) => segmentsOf(draft.collectionPaths[0] ?? '').length;
  for (const draft of [...drafts].sort((one, other) => depth(one) - depth(other))) {
    const grouped = draft.collectionPaths.filter((path) => groupOf(path) !== undefined);
    const firstParent = grouped[0] === undefined ? undefined : parentOf(grouped[0]);
    for (const group of [...new Set(grouped.map(groupOf))].slice(1)) {
      const moving = draft.collectionPaths.filter((path) => groupOf(path) === group);
      const [own = ''] = moving;
      if (parentOf(own) === firstParent && !moving.some(ownRecords)) continue;
      const items = draft.itemPaths.filter((item) => moving.some((path) => isItemUnder(item, path)));
      draft.collectionPaths = draft.collectionPaths.filter((path) => !moving.includes(path));
      draft.itemPaths = draft.itemPaths.filter((item) => !items.includes(item));
      drafts.push({
        ...draft,
        name: collectionName(collectionWord(own, draft.identity, true), own, (name) =>
          drafts.some((other) => other.name === name),
        ),
        collectionPaths: moving,
        itemPaths: items,
      });
    }
  }
  for (const draft of drafts) draft.keyParams = draft.itemPaths.map((item) => paramName(segmentsOf(item).at(-1) ?? ''));
}

/**
 * Reads the resources of `contract` and how the convention answers each operation, once per
 * contract: the mock's plan, its data check and its fixtures share the model.
 */
export const describeResources: (contract: Contract) => ResourceModel = madeOncePer(modelOf);

function modelOf(contract: Contract): ResourceModel {
  const { document } = contract;
  const byPath = new Map<string, OperationInfo[]>();
  for (const operation of contract.operations) {
    const list = byPath.get(operation.path) ?? [];
    list.push(operation);
    byPath.set(operation.path, list);
  }
  const drafts = findCollections(document, byPath);
  const named = nameCollections(drafts, byPath);
  findItems(document, byPath, drafts);
  findVerbMakers(document, byPath, drafts);
  splitByParents(byPath, drafts);

  // Each numbered collection counts with a counter of its own, or two would give out the same
  // ids: given in the order of the names, so that /pets keeps nextId.pet wherever /admin/pets is.
  const counters = new Set<string>();
  const finished = new Map<Draft, Resource>();
  for (const draft of [
    ...named.filter((draft) => drafts.includes(draft)),
    ...drafts.filter((draft) => !named.includes(draft)),
  ]) {
    const resource = finish(document, draft, contract.operations, (counter) => counters.has(counter));
    if (resource.collection.counter !== undefined) counters.add(resource.collection.counter);
    finished.set(draft, resource);
  }
  const resources = new Map<string, Resource>(drafts.map((draft) => [draft.name, finished.get(draft) as Resource]));
  linkParents(resources);
  for (const singleton of findSingletons(document, byPath, resources)) resources.set(singleton.name, singleton);

  const shapes = new Map<string, ConventionShape>();
  for (const resource of resources.values()) {
    for (const operation of contract.operations) {
      const shape = shapeOf(document, operation, resource);
      if (shape) shapes.set(operation.operationId, shape);
    }
  }
  return {
    resources,
    shapes,
    collection: (name) => resources.get(name)?.collection,
  };
}

/**
 * Parents: a collection one of whose paths continues another resource's item path
 * (/owners/{ownerId}/pets), or its own (/tasks/{task_gid}/subtasks: ParentLink.ofItsOwnKind).
 * The same collection may be reached at the top level too (/pets): the parent scopes only the
 * paths that name it.
 */
function linkParents(resources: ReadonlyMap<string, Resource>): void {
  for (const resource of resources.values()) {
    for (const path of resource.collectionPaths) {
      const parentSegment = segmentsOf(path).at(-2);
      if (parentSegment === undefined || !isParam(parentSegment)) continue;
      const parentPattern = pathPattern(parentPath(path));
      const holders = [...resources.values()].filter((candidate) =>
        candidate.itemPaths.some((item) => pathPattern(item) === parentPattern),
      );
      // Another resource's item first; else the resource's own (a task's subtasks are tasks).
      const parent = holders.find((candidate) => candidate !== resource) ?? holders[0];
      const param = paramName(parentSegment);
      resource.parent = {
        resource: parent?.name,
        param,
        field: parentField(resource, param, parent ?? wordNoun(segmentsOf(path).at(-3), param)),
        ...(parent === resource ? { ofItsOwnKind: true as const } : {}),
      };
      break;
    }
  }
}

/** The noun of a literal segment ("database" of databases), else of `fallback`. */
const wordNoun = (segment: string | undefined, fallback: string) =>
  nounOf(undefined, segment === undefined || isParam(segment) ? fallback : segment);

/** The field a record holds its parent's key in: see ParentLink.field. */
function parentField(resource: Resource, param: string, parent: Resource | string): string {
  // A field of the parameter's name is the parent's reference (a visit's petId), unless it is
  // the record's own key, or the name every record gives its own identifier (Lago's lago_id, of a
  // wallet at /wallets/{lago_id} and of each of its transactions).
  if (param !== resource.collection.keyField && !namesOwnIdentifier(resource, param, parent)) return param;
  // A parent the contract does not describe goes by the word before its parameter: "database".
  const noun = typeof parent === 'string' ? parent : parent.noun;
  // A field the record has that names the parent by its noun (Adyen's balance account's
  // accountHolderId, under /accountHolders/{id}/balanceAccounts) holds it; else one made up.
  const named = [...resource.shape.properties].find(
    ([field, schema]) =>
      field !== resource.collection.keyField &&
      [`${noun}Id`, noun].some((name) => looseName(name) === looseName(field)) &&
      ['string', 'integer'].includes(schemaType(schema) ?? ''),
  );
  if (named !== undefined) return named[0];
  const own = (name: string) => name === resource.collection.keyField || resource.shape.properties.has(name);
  return firstFree(own, [`${noun}Id`, `${noun}_id`, `parent_${param}`]);
}

/** Whether `param` names the parent by a field of its own that the record holds too, for itself. */
function namesOwnIdentifier(resource: Resource, param: string, parent: Resource | string): boolean {
  return (
    typeof parent !== 'string' &&
    parent !== resource &&
    resource.shape.properties.has(param) &&
    parent.shape.properties.has(param) &&
    parent.itemPaths.some((path) => segmentsOf(path).at(-1) === `{${param}}`)
  );
}

/** The record's field a parameter names: its own name, else the one spelled alike, else the parameter's. */
function sameField(param: string | undefined, properties: ReadonlyMap<string, JsonObject>): string | undefined {
  if (param === undefined || properties.has(param)) return param;
  const alike = [...properties.keys()].filter((field) => looseName(field) === looseName(param));
  return alike.length === 1 ? alike[0] : param;
}

/**
 * The parameter that names a record's key: its first item path's, unless alike item paths name
 * it otherwise (Xero's /Contacts/{ContactNumber} before /Contacts/{ContactID}): then the one that
 * names an id; the others read a record by another of its fields.
 */
function keyParamOf(draft: Draft): string | undefined {
  const [first] = draft.keyParams;
  const [firstPath] = draft.itemPaths;
  if (firstPath === undefined) return first;
  const alike = draft.itemPaths.flatMap((path, at) =>
    alikePathKey(path) === alikePathKey(firstPath) ? [draft.keyParams[at] ?? ''] : [],
  );
  if (new Set(alike).size < 2) return first;
  return alike.find((param) => /id$/.test(looseName(param))) ?? first;
}

/** Fields that name a record once for all: uuid, gid, sid, slug, key, code (not a name, which may change). */
const IDENTIFIER = /(?:id|key|slug|code)$/i;

/** What of `text` follows the letters of `words` at its start, whatever joins the words (`-`, `_`, none) and their case. */
function textAfterWords(text: string, words: string): string | undefined {
  let at = 0;
  for (const letter of words.replace(/[-_]/g, '')) {
    while (text[at] === '-' || text[at] === '_') at += 1;
    if (text[at]?.toLowerCase() !== letter) return undefined;
    at += 1;
  }
  return text.slice(at);
}

/**
 * The field that holds a record's key: the one its parameter names, else `id`, else the parameter
 * without the noun; and that parameter without the noun.
 */
function keyFieldOf(draft: Draft, fields: ReadonlyMap<string, JsonObject>): [string, string | undefined] {
  // A field of objects or lists holds no key: Lichess's stats read by {perf} hold their numbers in "perf".
  const properties = new Map(
    [...fields].filter(([, schema]) => !['object', 'array'].includes(schemaType(schema) ?? '')),
  );
  const keyParam = sameField(keyParamOf(draft), properties);
  // {breedCode} of a breed names its "code": the parameter without the record's noun before it
  // (of aliases, {aliasName} names the alias's "name": a noun that drops "es" too).
  // A collection named apart from another ("serviceEnvs") goes by its path's word too: {env_uuid}.
  const word = segmentsOf(draft.collectionPaths[0] ?? '').at(-1) ?? draft.name;
  // ...or its last word: {task_uuid} of scheduled-tasks.
  const lastWord = word.split(/[-_]|(?=[A-Z])/).at(-1) ?? word;
  const nouns = [draft.name, word, lastWord].map((name) => nounOf(undefined, name).toLowerCase());
  const shorter = [draft.name, word].map((name) => name.toLowerCase().replace(/es$/, ''));
  // ...the shorter one only where a word starts after it: {aliasName}, never {gamerTag} of games;
  // its words joined as the path's are or not (Svix's {event_type_name} of an event-type).
  const after = (one: string) => (keyParam === undefined || one === '' ? undefined : textAfterWords(keyParam, one));
  const startsWord = (one: string) => /^[A-Z_-]/.test(after(one) ?? '');
  const singular =
    nouns.find((one) => after(one) !== undefined) ??
    shorter.find((one) => after(one) !== undefined && startsWord(one)) ??
    (nouns[0] as string);
  // ...and {attachment_gid} of an attachment its "gid".
  const rest = after(singular)?.replace(/^[-_]/, '') ?? '';
  const unprefixed = rest === '' ? undefined : `${rest.charAt(0).toLowerCase()}${rest.slice(1)}`;
  if (keyParam !== undefined && properties.has(keyParam)) return [keyParam, unprefixed];
  // ...the field it names after the noun, spelled as the record spells it: an identifier before
  // any id (Coolify's {env_uuid} names an env's uuid beside its id, Xero's {FolderId} a folder's
  // Id); a name or a title, which an update may change, after it (Harbor's {preheat_policy_name}).
  const named = unprefixed === undefined ? undefined : sameField(unprefixed, properties);
  const identifier = named !== undefined && (IDENTIFIER.test(named) || properties.get(named)?.readOnly === true);
  if (named !== undefined && properties.has(named) && identifier) return [named, unprefixed];
  // An id spelled otherwise (Docker's ID and Id) is the record's own id all the same.
  const id = sameField('id', properties);
  if (id !== undefined && properties.has(id)) return [id, unprefixed];
  if (named !== undefined && properties.has(named)) return [named, unprefixed];
  // No path names its records (the museum's /tickets): the field named after them, ticketId.
  if (keyParam === undefined) {
    const named = sameField(`${singular}Id`, properties);
    const free = fields.has('id') ? firstFree((name) => fields.has(name), ['idKey']) : 'id';
    return [named !== undefined && properties.has(named) ? named : free, unprefixed];
  }
  // ...or, where the parameter's name is a field of another kind, a name of its own beside it.
  return [fields.has(keyParam) ? firstFree((name) => fields.has(name), [`${keyParam}Key`]) : keyParam, unprefixed];
}

/**
 * The schema of a key the record's fields do not declare, where the record says what its other
 * fields hold (PagerDuty's sample records: `additionalProperties: {type: string}`): a key of
 * another type would break every record. Undefined where it says nothing of them.
 */
function undeclaredKeySchema(document: JsonObject, recordSchema: unknown, keyField: string): JsonObject | undefined {
  const record = resolveSchema(document, recordSchema);
  const saysOthers =
    (typeof record.additionalProperties === 'object' && record.additionalProperties !== null) ||
    record.patternProperties !== undefined;
  return saysOthers ? resolveSchema(document, undeclaredPropertySchema(record, keyField)) : undefined;
}

function finish(
  document: JsonObject,
  draft: Draft,
  operations: readonly OperationInfo[],
  counterTaken: (counter: string) => boolean,
): Resource {
  const shape = describeObjectSchema(document, draft.recordSchema);
  const keyParam = keyParamOf(draft);
  const [keyField, unprefixed] = keyFieldOf(draft, shape.properties);
  const keySchema = shape.properties.get(keyField);
  // A key no field of the record declares (Adyen's SCA device, read by {deviceId}) is of its parameter's type.
  const keyParameter = operations
    .filter((operation) => draft.itemPaths.includes(operation.path))
    .flatMap((operation) => operation.parameters)
    .find((parameter) => parameter.in === 'path' && parameter.name === keyParam);
  const declaredSchema =
    keySchema ?? keyParameter?.schema ?? undeclaredKeySchema(document, draft.recordSchema, keyField);
  const declaredType = declaredSchema ? schemaType(declaredSchema) : undefined;
  const keyType = declaredType === 'string' || declaredType === 'number' ? declaredType : 'integer';
  // {petId} names a pet; an inventory entry keyed by its petId is not one.
  // ({breedCode} names a breed by its code: the noun is the name's.)
  const ownKey = keyParam !== undefined && looseName(keyField) === looseName(keyParam);
  const noun = nounOf(ownKey || keyField === unprefixed ? undefined : keyParam, draft.name);
  // Numbered by the mock when records can be made without their key (a POST whose body may lack it).
  const makers = operations.filter(
    (operation) => operation.method === 'post' && draft.collectionPaths.includes(operation.path),
  );
  const numbered =
    keyType !== 'string' &&
    makers.some((maker) => {
      // A key the body may not send (absent, or readOnly), or may leave out, is the mock's to give.
      const schema = requestSchema(maker);
      const body = describeObjectSchema(document, bodyEnvelope(document, schema, shape)?.schema ?? schema);
      const sent = body.properties.get(keyField);
      return sent === undefined || sent.readOnly === true || !body.required.has(keyField);
    });
  const readers = operations.filter(
    (operation) => operation.method === 'get' && draft.itemPaths.includes(operation.path),
  );
  const readPaths = [
    ...readers.filter((reader) => !reader.deprecation),
    ...readers.filter((reader) => reader.deprecation),
  ].map((reader) => reader.path);
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
    ...(keyParameter ? { keyParameterSchema: keyParameter.schema } : {}),
    collectionPaths: draft.collectionPaths,
    itemPaths: draft.itemPaths,
    locationPath: readPaths[0] ?? draft.itemPaths[0],
    readPaths,
  };
}

// The data the checks work on, created through the API itself and removed afterwards:
// a category with an available, stocked pet, an empty category, an open order, and a record of
// each resource a draft of the contract adds (under the suite's pet, for a pet's sub-collection).
import { CHECKING_PET_STORE_DRAFT, type SpecOperation } from './contract-spec.js';
import { countToRemoveWith } from './day-room.js';
import { answerFitted, completedBody, setUpOperation } from './draft-bodies.js';
import { sendDrawingAgain, tooFewTexts } from './drawn-again.js';
import { type Exchange, holdsRecord, send } from './exchange.js';
import type { References } from './requests.js';
import { uniqueText, validValue } from './requests.js';
import {
  createdKey,
  deletionPath,
  depthOf,
  fillPath,
  givenPathValues,
  newResources,
  operationOf,
  putCreationOf,
  type RecordKey,
  type Resource,
  recordIn,
  recordKeyOf,
  resourceMadeBy,
  shapeOf,
  underItsOwnKind,
  unknowableKey,
  whyNoRecord,
  withRecord,
} from './resources.js';
import { CheckSkipped } from './scheduler.js';
import { noteUnmade } from './unmade-records.js';
import { writeSuccesses } from './valid-answer.js';
import { describeExchange } from './violation.js';

export type TestData = {
  /** Ids for path parameters: by parameter name, and each resource's record apart (recordKeyOf; read them with pathIdsOf). */
  paths: References;
  /** Ids for body fields that refer to resources, by field name. */
  bodies: References;
};

export type ResourceKind = 'pet' | 'category' | 'order';
/** Each kind's resource, known by the operation of the suite's own that makes it (whatever a draft names it). */
const MADE_BY: Record<ResourceKind, string> = { pet: 'createPet', category: 'createCategory', order: 'placeOrder' };
const resourceOfKind = (kind: ResourceKind) => resourceMadeBy(MADE_BY[kind]);
/** Removed in this order: a sub-collection's records, orders and other records, pets, categories. */
const RANK_OF_KIND: Record<ResourceKind, number> = { order: 1, pet: 2, category: 3 };

/** Something the suite made: the path that removes it (none when the contract has no delete for it). */
type Created = { what: string; removal: string | undefined; rank: number };
const created: Created[] = [];
/** Ids that fill a path's parameters, by name. */
type PathIds = Readonly<Record<string, string | number>>;
// The main key's day keeps room to remove them all.
countToRemoveWith(() => created.length);

/** Sends a set-up write with its body completed for a draft, drawn again on a 409 (drawn-again.ts). */
export function sendCompleted(
  method: string,
  path: string,
  body: unknown,
): Promise<{ exchange: Exchange; json: unknown }> {
  const operation = setUpOperation(method, path);
  return sendDrawingAgain(operation, path, body, completedBody(operation, body));
}

/** Creates a resource through the API and remembers it for cleanUp. */
export async function create(kind: ResourceKind, path: string, body: unknown, what: string): Promise<number> {
  const { exchange, json } = await sendCompleted('POST', path, body);
  const id = (exchange.body as { id?: unknown } | undefined)?.id;
  // A pattern of few texts (^(x+x+)+y$ drawn up to 50 long) may run out before the checks do:
  // a name taken after every draw is then no fault.
  if (exchange.status === 409 && json !== body) throw tooFewTexts(what);
  // Any success with an id will do here: the checks themselves judge the status.
  if (exchange.status < 200 || exchange.status > 299 || typeof id !== 'number') {
    throw new Error(
      `Could not set up the test data: creating ${what} failed, so no check can run.\n  Expected:  a success (2xx) with the id of what was created\n${describeExchange(exchange)}`,
    );
  }
  remember(kind, id);
  return id;
}

export async function stock(petId: number, quantity: number): Promise<void> {
  const path = `/store/inventory/${petId}`;
  const exchange = await send({ method: 'PUT', path, json: completedBody(setUpOperation('PUT', path), { quantity }) });
  if (exchange.status < 200 || exchange.status > 299)
    throw new Error(
      `Could not set up the test data: setting the stock of pet ${petId} failed.\n  Expected:  a success (2xx)\n${describeExchange(exchange)}`,
    );
}

/** An available pet in `categoryId` with `quantity` units in stock. */
export async function stockedPet(categoryId: number, quantity: number, what: string): Promise<number> {
  const pet = await create('pet', '/pets', { name: uniqueText('contract-pet'), categoryId, status: 'available' }, what);
  await stock(pet, quantity);
  return pet;
}

export async function createTestData(): Promise<TestData> {
  // The user's values first (--set-path): a parent no operation makes (Twilio's AccountSid).
  const paths: References = { ...givenPathValues() };
  const bodies: References = {};
  if (CHECKING_PET_STORE_DRAFT) Object.assign(paths, await createPetStoreData(bodies));
  for (const { resource, keyParameter } of newResources()) {
    const id = await makeRecordOrNote(resource, paths, bodies);
    if (id === undefined) continue;
    // Each resource's record apart (recordKeyOf): Radarr's movies and notifications are both {id}.
    paths[recordKeyOf(resource)] = id;
    // A body's field of the parameter's name refers to the first resource's record (as before two shared it).
    bodies[keyParameter] ??= id;
  }
  return { paths, bodies };
}

/**
 * makeRecord, noting a create the suite cannot make (the checks that need its record are then
 * skipped with why) instead of failing or skipping every check.
 */
export async function makeRecordOrNote(
  resource: Resource,
  ids: References,
  references: References,
): Promise<RecordKey | undefined> {
  try {
    return await makeRecord(resource, ids, references, `a record of ${resource.name}`);
  } catch (error) {
    // A create the suite cannot write (a multipart upload) leaves its resource's checks skipped,
    // never every check; another API's create that fails does the same, the Pet Store's fails.
    const cannotWrite = error instanceof CheckSkipped;
    if (!(error instanceof Error) || (CHECKING_PET_STORE_DRAFT && !cannotWrite)) throw error;
    noteUnmade(recordKeyOf(resource), error.message.split('\n')[0] ?? error.message);
    return undefined;
  }
}

/** The Pet Store's records the suite's own checks work on; the ids for bodies go into `bodies`. */
async function createPetStoreData(bodies: References): Promise<References> {
  const homeCategory = await create('category', '/categories', { name: uniqueText('contract-category') }, 'a category');
  const emptyCategory = await create(
    'category',
    '/categories',
    { name: uniqueText('contract-empty') },
    'an empty category',
  );
  const pet = await stockedPet(homeCategory, 50, 'a pet');
  const orderedPet = await stockedPet(homeCategory, 10, 'a pet to order');
  const order = await create('order', '/store/orders', { petId: orderedPet, quantity: 1 }, 'an order');
  Object.assign(bodies, { categoryId: homeCategory, petId: pet });
  return { categoryId: emptyCategory, petId: pet, orderId: order };
}

/**
 * A record of `resource` made by its create operation with a valid body (under the parent `ids`
 * names, for a sub-collection); none when the contract has no create for it. The suite never
 * takes a record it did not make: its checks change and delete what they are given.
 */
export async function makeRecord(
  resource: Resource,
  ids: References,
  references: References,
  what: string,
): Promise<RecordKey | undefined> {
  const creation = operationOf(resource, 'create');
  if (!creation) return makeRecordByPut(resource, ids, references, what);
  const path = fillPath(creation.path, ids);
  // A parent the suite has no record of (Adyen's companies: listed and read, never made) is never sent as "{companyId}".
  const parent = /\{([^}]+)\}/.exec(path)?.[1];
  if (parent !== undefined)
    throw new CheckSkipped(
      `the suite has no {${parent}} to make ${what} under: ${whyNoRecord(creation.path, parent) ?? `the contract has no operation that makes one (give one with --set-path ${parent}=VALUE)`}`,
    );
  const id = await createAt(
    resource,
    creation,
    path,
    // Of values the record's answers take too: one they refuse is refused (answer-narrowing.ts).
    () => answerFitted(creation, validValue(creation.requestSchema ?? {}, '', references)),
    what,
  );
  rememberMade(creation, id, ids);
  return id;
}

/**
 * A record of a resource whose records are made only by a PUT to their path (Typesense's aliases:
 * PUT /aliases/{aliasName}), named by a key of the suite's own; none where it has no such PUT.
 */
async function makeRecordByPut(
  resource: Resource,
  ids: References,
  references: References,
  what: string,
): Promise<RecordKey | undefined> {
  const creation = putCreationOf(resource);
  const keyParam = creation && shapeOf(creation.operationId)?.keyParam;
  if (!creation || keyParam === undefined) return undefined;
  const key = String(validValue(resource.keyParameterSchema ?? { type: 'string' }, keyParam, {}));
  // The new key, never the record of this resource that `ids` may hold already.
  const path = fillPath(creation.path, { ...ids, [recordKeyOf(resource)]: key, [keyParam]: key });
  const parent = /\{([^}]+)\}/.exec(path)?.[1];
  if (parent !== undefined)
    throw new CheckSkipped(
      `the suite has no {${parent}} to make ${what} under: ${whyNoRecord(creation.path, parent) ?? `the contract has no operation that makes one (give one with --set-path ${parent}=VALUE)`}`,
    );
  const body = answerFitted(creation, validValue(creation.requestSchema ?? {}, '', references));
  const method = creation.method.toUpperCase();
  const exchange = await send({ operationId: creation.operationId, method, path, json: body });
  if (exchange.status < 200 || exchange.status > 299)
    throw new Error(
      `Could not set up the test data: ${creation.operationId} making ${what} at ${path} failed, so no check can run.\n  Expected:  a success (2xx): the ${method} makes the record its path names\n${describeExchange(exchange)}`,
    );
  rememberMade(creation, key, ids);
  return key;
}

/**
 * Bodies drawn for one record before a 409 is taken for a failure: a key the client chooses from
 * a narrow pattern (three capitals) may be one the server already has.
 */
const CREATE_ATTEMPTS = 5;

async function createAt(
  resource: Resource,
  operation: SpecOperation,
  path: string,
  drawBody: () => unknown,
  what: string,
): Promise<RecordKey> {
  // A create that declares no success (ReadMe's petstore: addPet answers only 405) makes nothing to count on.
  writeSuccesses(operation);
  let exchange: Awaited<ReturnType<typeof send>>;
  let attempts = 0;
  do {
    exchange = await send({ operationId: operation.operationId, method: 'POST', path, json: drawBody() });
    attempts += 1;
  } while (exchange.status === 409 && attempts < CREATE_ATTEMPTS);
  const id = createdKey(resource, operation.operationId, exchange);
  const unknowable = id === undefined ? unknowableKey(operation, exchange) : undefined;
  if (unknowable !== undefined) throw new CheckSkipped(`${operation.operationId} makes ${what}, but ${unknowable}`);
  if (exchange.status < 200 || exchange.status > 299 || id === undefined) {
    throw new Error(
      `Could not set up the test data: ${operation.operationId} making ${what} failed, so no check can run.\n  Expected:  a success (2xx) with the id of what was created\n${describeExchange(exchange)}`,
    );
  }
  return id;
}

/**
 * A record the suite made, as its resource's read answers it: for a create that answered no
 * record (a Location alone). Undefined where the contract reads none one by one, or the read fails.
 */
export async function readRecordMade(
  resource: Resource,
  parents: References,
  id: RecordKey,
): Promise<Record<string, unknown> | undefined> {
  const read = operationOf(resource, 'read');
  const keyParam = read && shapeOf(read.operationId)?.keyParam;
  if (!read || keyParam === undefined) return undefined;
  const exchange = await send({
    operationId: read.operationId,
    method: 'GET',
    path: fillPath(read.path, withRecord(parents, resource, keyParam, id)),
  });
  if (exchange.status !== 200 || !holdsRecord(exchange)) return undefined;
  return recordIn(read.operationId, exchange.body) as Record<string, unknown> | undefined;
}

/** Remembers something a check created, so that cleanUp removes it. */
export function remember(kind: ResourceKind, id: number): void {
  const resource = resourceOfKind(kind);
  created.push({
    what: `${kind} ${id}`,
    removal: resource && deletionPath(resource, id, {}),
    rank: RANK_OF_KIND[kind],
  });
}

/** Remembers what a create operation made (at a path with `ids` for its parent), so that cleanUp removes it. */
export function rememberMade(operation: SpecOperation, id: RecordKey, ids: PathIds = {}): void {
  const resource = shapeOf(operation.operationId)?.resource;
  const kind = (Object.keys(MADE_BY) as ResourceKind[]).find((one) => resourceOfKind(one) === resource);
  // The deepest sub-collections first, then orders and other records, pets, categories; a
  // subtask before the task it is under.
  const below = resource !== undefined && underItsOwnKind(resource, operation.path) ? 1 : 0;
  const rank = resource?.parent ? -depthOf(resource) - below : kind ? RANK_OF_KIND[kind] : 1;
  created.push({ what: `${operation.operationId} ${id}`, removal: resource && deletionPath(resource, id, ids), rank });
}

/**
 * Remembers what a create answered (201, with the record's key: a number, or text such as a
 * UUID), so that cleanUp removes it; answers the key.
 */
export function rememberAnswered(
  operation: SpecOperation,
  exchange: Exchange,
  ids: PathIds = {},
): RecordKey | undefined {
  if (exchange.status !== 201) return undefined;
  const resource = shapeOf(operation.operationId)?.resource;
  const id = (exchange.body as { id?: unknown } | undefined)?.id;
  const key = resource
    ? createdKey(resource, operation.operationId, exchange)
    : typeof id === 'number'
      ? id
      : undefined;
  if (key !== undefined) rememberMade(operation, key, ids);
  return key;
}

/** Removes one thing the suite created, now (a generated case that must not leave it to the next). */
export async function removeNow(kind: ResourceKind, id: number): Promise<void> {
  const resource = resourceOfKind(kind);
  await removeAt(resource && deletionPath(resource, id, {}));
}

/** Removes the record `id` of what `operation` made now; says whether the contract lets it. */
export async function removeMadeNow(operation: SpecOperation, id: RecordKey, ids: PathIds = {}): Promise<boolean> {
  const resource = shapeOf(operation.operationId)?.resource;
  const removal = resource && deletionPath(resource, id, ids);
  await removeAt(removal);
  return removal !== undefined;
}

/** Removes record `id` of `resource` (of the parent `ids` name) now. */
export async function removeRecord(resource: Resource, id: RecordKey, ids: PathIds = {}): Promise<void> {
  await removeAt(deletionPath(resource, id, ids));
}

/**
 * An id that names no record of `kind`: one `make` made and removed again, or, where the contract
 * cannot delete them, the largest id JSON numbers keep exact.
 */
export async function goneId(kind: ResourceKind, make: () => Promise<number>): Promise<number> {
  const resource = resourceOfKind(kind);
  if (!resource || !operationOf(resource, 'delete')) return Number.MAX_SAFE_INTEGER;
  const id = await make();
  await removeNow(kind, id);
  return id;
}

async function removeAt(removal: string | undefined): Promise<void> {
  if (removal === undefined) return;
  const index = created.findIndex((entry) => entry.removal === removal);
  if (index >= 0) created.splice(index, 1);
  await send({ method: 'DELETE', path: removal });
}

/** Removes at most this many at once. */
const REMOVALS_AT_ONCE = 8;

/**
 * Removes what the suite created: records of sub-collections first, then orders and records of
 * other resources, then pets, then categories (a few at once). Says what it could not remove, and
 * why, instead of failing: the checks are done by then.
 */
export async function cleanUp(): Promise<string | undefined> {
  const removals = created.splice(0);
  const left: string[] = [];
  const answered = new Set<number>();
  let reason = '';
  const undeletable = removals.filter((entry) => entry.removal === undefined);
  if (undeletable.length > 0) {
    for (const entry of undeletable) left.push(entry.what);
    reason = 'the contract has no operation that deletes them';
  }
  for (const rank of [...new Set(removals.map((entry) => entry.rank))].sort()) {
    const ofRank = removals.filter((entry) => entry.rank === rank && entry.removal !== undefined);
    for (let start = 0; start < ofRank.length; start += REMOVALS_AT_ONCE) {
      await Promise.all(
        ofRank.slice(start, start + REMOVALS_AT_ONCE).map(async ({ removal }) => {
          const path = String(removal);
          const answer = await send({ method: 'DELETE', path }).catch((error: unknown) => {
            reason = error instanceof Error ? error.message : String(error);
            return undefined;
          });
          // Removed, or gone already: anything else (a 409, a 400, a 5xx) left it where it was.
          if (!answer || !(answer.status === 404 || (answer.status >= 200 && answer.status < 300))) {
            left.push(path);
            if (answer) answered.add(answer.status);
          }
        }),
      );
    }
  }
  if (left.length === 0) return undefined;
  // Where nothing else says why: what its deletes were answered (a contract that declares only 400 and 404 for them).
  if (!reason && answered.size > 0) reason = `its DELETEs were answered ${[...answered].sort().join(', ')}`;
  return `The run could not remove ${left.length} of the things it made (${left.slice(0, 5).join(', ')}${left.length > 5 ? ', …' : ''})${reason ? `: ${reason}` : ''}. Their names start with contract-.`;
}

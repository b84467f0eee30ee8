// The data generated requests work on: a category and a well-stocked available pet for the
// references of bodies and filters, an order on it, a record of each resource a draft adds, and
// for every change of a resource (PUT, PATCH, DELETE) a fresh one per case, removed after it, so
// that cases never meet.
import type { RequestReferences } from '../generation/operation-requests.js';
import { CHECKING_PET_STORE_DRAFT, type SpecOperation } from './contract-spec.js';
import { pathParameters, type References, uniqueText } from './requests.js';
import {
  bodyKeyParameterOf,
  givenPathValues,
  newResources,
  pathIdsOf,
  type Resource,
  recordKeyOf,
  resourcesNamedIn,
  shapeOf,
} from './resources.js';
import {
  create,
  makeRecord,
  makeRecordOrNote,
  type ResourceKind,
  removeNow,
  removeRecord,
  stockedPet,
} from './test-data.js';

/** Units in stock of the pet generated orders are for: enough for every case at the largest quantity. */
const STOCK = 1_000_000;

export type GenerationData = {
  references: RequestReferences;
  /** Ids for path parameters of reads: by parameter name, and each resource's record apart (recordKeyOf; read them with pathIdsOf). */
  paths: Record<string, string>;
};

export async function createGenerationData(): Promise<GenerationData> {
  // The user's values first (--set-path): a parent no operation makes.
  const ids: References = { ...givenPathValues() };
  const references: Record<string, number> = {};
  if (CHECKING_PET_STORE_DRAFT) {
    const category = await create('category', '/categories', { name: uniqueText('contract-generated') }, 'a category');
    const pet = await stockedPet(category, STOCK, 'a stocked pet');
    const order = await create('order', '/store/orders', { petId: pet, quantity: 1 }, 'an order');
    Object.assign(ids, { categoryId: category, petId: pet, orderId: order });
    Object.assign(references, { categoryId: category, petId: pet });
  }
  for (const { resource } of newResources()) {
    const id = await makeRecordOrNote(resource, ids, references);
    if (id !== undefined) ids[recordKeyOf(resource)] = id;
  }
  return {
    references: { body: references, query: references },
    paths: Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, String(id)])),
  };
}

const KIND_OF_PARAMETER: Record<string, ResourceKind> = { petId: 'pet', categoryId: 'category', orderId: 'order' };

/**
 * A case's own records for an operation that changes what its path (or its body's key) names,
 * parents first, each of the resource its parameter names there; with a way to remove them. The
 * ids are the operation's path parameters' (and its body key's), by name.
 */
export async function freshPathIds(
  operation: SpecOperation,
  data: GenerationData,
): Promise<{ pathIds: Record<string, string>; remove(): Promise<void> }> {
  const asText = (ids: References) => Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, String(id)]));
  if (operation.method === 'get')
    return { pathIds: asText(pathIdsOf(operation.path, data.paths)), remove: async () => undefined };
  const made: Array<() => Promise<unknown>> = [];
  const ids: References = pathIdNumbers(data.paths);
  const named = resourcesNamedIn(operation.path);
  // A change keyed by its body (PUT /pet with the pet's id) changes a record of its own too.
  const bodyKey = bodyKeyParameterOf(operation.operationId);
  const bodyResource = shapeOf(operation.operationId)?.resource;
  const names = pathParameters(operation).map((parameter) => String(parameter.name));
  const wanted: Array<[string, Resource | undefined]> = names.map((name) => [name, named.get(name)]);
  if (bodyKey !== undefined) wanted.push([bodyKey, bodyResource]);
  const makes = new Set(newResources().map(({ resource }) => resource));
  for (const [name, resource] of wanted) {
    // {petId} names a pet of the Pet Store's only in a draft of it (Spring PetClinic's is its own).
    const kind = CHECKING_PET_STORE_DRAFT ? KIND_OF_PARAMETER[name] : undefined;
    if (kind !== undefined && (resource === undefined || !makes.has(resource))) {
      const id = await petStoreRecord(kind, data);
      made.push(() => removeNow(kind, id));
      Object.assign(ids, { [name]: id }, resource ? { [recordKeyOf(resource)]: id } : {});
      continue;
    }
    if (resource === undefined || !makes.has(resource)) continue;
    const references = data.references.body as Record<string, number>;
    const id = await makeRecord(resource, ids, references, 'a record for a case');
    if (id === undefined) continue;
    const parentIds = { ...ids };
    made.push(() => removeRecord(resource, id, parentIds));
    ids[recordKeyOf(resource)] = id;
    if (name === bodyKey) ids[name] = id;
  }
  const pathIds = asText({
    ...pathIdsOf(operation.path, ids),
    ...(bodyKey && ids[bodyKey] !== undefined ? { [bodyKey]: ids[bodyKey] } : {}),
  });
  return {
    pathIds,
    remove: async () => {
      for (const remove of made.reverse()) await remove();
    },
  };
}

/** A Pet Store record of `kind` for one case. */
function petStoreRecord(kind: ResourceKind, data: GenerationData): Promise<number> {
  const categoryId = data.references.body.categoryId as number;
  if (kind === 'category')
    return create('category', '/categories', { name: uniqueText('contract-case') }, 'a category for a case');
  if (kind === 'pet')
    return create('pet', '/pets', { name: uniqueText('contract-case'), categoryId }, 'a pet for a case');
  return create('order', '/store/orders', { petId: data.references.body.petId, quantity: 1 }, 'an order for a case');
}

/** Path ids as keys: whole numbers as numbers, text (a UUID) as it is. */
const pathIdNumbers = (ids: Record<string, string>): References =>
  Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, /^\d+$/.test(id) ? Number(id) : id]));

// The data the checks work on, created through the API itself and removed afterwards:
// a category with an available, stocked pet, an empty category, and an open order.
import { countToRemoveWith } from './day-room.js';
import { send } from './exchange.js';
import type { References } from './requests.js';
import { uniqueText } from './requests.js';
import { describeExchange } from './violation.js';

export type TestData = {
  /** Ids for path parameters, by parameter name. */
  paths: References;
  /** Ids for body fields that refer to resources, by field name. */
  bodies: References;
};

export type ResourceKind = 'pet' | 'category' | 'order';
type Created = { kind: ResourceKind; id: number };
const created: Created[] = [];
// The main key's day keeps room to remove them all.
countToRemoveWith(() => created.length);

/** Creates a resource through the API and remembers it for cleanUp. */
export async function create(kind: Created['kind'], path: string, body: unknown, what: string): Promise<number> {
  const exchange = await send({ method: 'POST', path, json: body });
  const id = (exchange.body as { id?: unknown } | undefined)?.id;
  // Any success with an id will do here: the checks themselves judge the status.
  if (exchange.status < 200 || exchange.status > 299 || typeof id !== 'number') {
    throw new Error(
      `Could not set up the test data: creating ${what} failed, so no check can run.\n  Expected:  a success (2xx) with the id of what was created\n${describeExchange(exchange)}`,
    );
  }
  created.push({ kind, id });
  return id;
}

export async function stock(petId: number, quantity: number): Promise<void> {
  const exchange = await send({ method: 'PUT', path: `/store/inventory/${petId}`, json: { quantity } });
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
  return {
    paths: { categoryId: emptyCategory, petId: pet, orderId: order },
    bodies: { categoryId: homeCategory, petId: pet },
  };
}

/** The kind of resource an operation's path is about, by its first segments. */
export function resourceKindOf(path: string): Created['kind'] {
  return path.includes('orders') ? 'order' : path.includes('categories') ? 'category' : 'pet';
}

/** Remembers something a check created, so that cleanUp removes it. */
export function remember(kind: Created['kind'], id: number): void {
  created.push({ kind, id });
}

const pathOfResource = (kind: ResourceKind, id: number) =>
  kind === 'order' ? `/store/orders/${id}` : kind === 'pet' ? `/pets/${id}` : `/categories/${id}`;

/** Removes one thing the suite created, now (a generated case that must not leave it to the next). */
export async function removeNow(kind: ResourceKind, id: number): Promise<void> {
  const index = created.findIndex((entry) => entry.kind === kind && entry.id === id);
  if (index >= 0) created.splice(index, 1);
  await send({ method: 'DELETE', path: pathOfResource(kind, id) });
}

/** Removes at most this many at once. */
const REMOVALS_AT_ONCE = 8;

/**
 * Removes what the suite created: orders first, then pets, then categories (each kind a few at
 * once). Says what it could not remove, and why, instead of failing: the checks are done by then.
 */
export async function cleanUp(): Promise<string | undefined> {
  const removals = created.splice(0);
  const left: string[] = [];
  let reason = '';
  for (const kind of ['order', 'pet', 'category'] as const) {
    const ofKind = removals.filter((entry) => entry.kind === kind);
    for (let start = 0; start < ofKind.length; start += REMOVALS_AT_ONCE) {
      await Promise.all(
        ofKind.slice(start, start + REMOVALS_AT_ONCE).map(async ({ id }) => {
          const path = pathOfResource(kind, id);
          const answer = await send({ method: 'DELETE', path }).catch((error: unknown) => {
            reason = error instanceof Error ? error.message : String(error);
            return undefined;
          });
          if (!answer || answer.status >= 500 || answer.status === 429) left.push(path);
        }),
      );
    }
  }
  if (left.length === 0) return undefined;
  return `The run could not remove ${left.length} of the things it made (${left.slice(0, 5).join(', ')}${left.length > 5 ? ', …' : ''})${reason ? `: ${reason}` : ''}. Their names start with contract-.`;
}

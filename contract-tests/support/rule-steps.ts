// The steps business rules are checked with: pets made in a category, their stock read back,
// orders placed and listed, an id that names no category; and the categories the rules use.
import type { Exchange } from './exchange.js';
import { uniqueText } from './requests.js';
import { call, requireEqual } from './steps.js';
import { create, goneId, remember } from './test-data.js';

export type Pet = { id: number; name: string; categoryId: number; status: string };
export type Order = { id: number; petId: number; quantity: number; shipDate: string; complete: boolean };
export type Category = { id: number; name: string; description?: string };

export async function newPet(categoryId: number, status = 'available'): Promise<Pet> {
  const pet = (await call('createPet', '/pets', { name: uniqueText('contract-rule'), categoryId, status }, [201]))
    .body as Pet;
  remember('pet', pet.id);
  return pet;
}

export async function readPet(id: number): Promise<Pet> {
  return (await call('getPet', `/pets/by-id/${id}`, undefined, [200])).body as Pet;
}

export async function requireStock(petId: number, quantity: number, after: string): Promise<void> {
  const read = await call('getInventoryItem', `/store/inventory/${petId}`, undefined, [200]);
  requireEqual(
    read,
    `the stock of pet ${petId} after ${after}`,
    (read.body as { quantity: number }).quantity,
    quantity,
  );
}

export async function placeOrder(petId: number, quantity: number): Promise<Order> {
  const order = (await call('placeOrder', '/store/orders', { petId, quantity }, [201])).body as Order;
  remember('order', order.id);
  return order;
}

export async function ordersOf(petId: number): Promise<Exchange> {
  return call('listOrders', `/store/orders?petId=${petId}&limit=100`, undefined, [200]);
}

/** An id that names nothing: made and removed again. */
export async function removedCategory(): Promise<number> {
  return goneId('category', () =>
    create('category', '/categories', { name: uniqueText('contract-gone') }, 'a category to remove'),
  );
}

/** Two categories of the suite's own: pets are made in the first, moved to the second. */
export async function ruleCategories(): Promise<{ home: number; other: number }> {
  return {
    home: await create('category', '/categories', { name: uniqueText('contract-rules') }, 'a category'),
    other: await create('category', '/categories', { name: uniqueText('contract-rules-other') }, 'a category'),
  };
}

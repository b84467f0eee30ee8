// The business rules of the contract's decisions (spec/README.md, "Business rules"), each as a
// sequence of calls that would fail if the rule were not kept, reading back after every step
// what the step changed (the pet, its stock, the order, the category).
import { afterChecks, beforeChecks, check, kindOfChecks } from '../support/checks.js';
import type { Exchange } from '../support/exchange.js';
import { uniqueText } from '../support/requests.js';
import { call, refused, requireEqual } from '../support/steps.js';
import { targetNow } from '../support/target-clock.js';
import { cleanUp, create, remember, removeNow, stock } from '../support/test-data.js';
import { ContractViolation } from '../support/violation.js';

type Pet = { id: number; name: string; categoryId: number; status: string };
type Order = { id: number; petId: number; quantity: number; shipDate: string; complete: boolean };
type Category = { id: number; name: string; description?: string };

const DAY_MS = 86_400_000;

let home: number;
let other: number;

async function newPet(status = 'available', categoryId = home): Promise<Pet> {
  const pet = (await call('createPet', '/pets', { name: uniqueText('contract-rule'), categoryId, status }, [201]))
    .body as Pet;
  remember('pet', pet.id);
  return pet;
}

async function readPet(id: number): Promise<Pet> {
  return (await call('getPet', `/pets/by-id/${id}`, undefined, [200])).body as Pet;
}

async function requireStock(petId: number, quantity: number, after: string): Promise<void> {
  const read = await call('getInventoryItem', `/store/inventory/${petId}`, undefined, [200]);
  requireEqual(
    read,
    `the stock of pet ${petId} after ${after}`,
    (read.body as { quantity: number }).quantity,
    quantity,
  );
}

async function placeOrder(petId: number, quantity: number): Promise<Order> {
  const order = (await call('placeOrder', '/store/orders', { petId, quantity }, [201])).body as Order;
  remember('order', order.id);
  return order;
}

async function ordersOf(petId: number): Promise<Exchange> {
  return call('listOrders', `/store/orders?petId=${petId}&limit=100`, undefined, [200]);
}

/** An id that names nothing: made and removed again. */
async function removedCategory(): Promise<number> {
  const id = await create('category', '/categories', { name: uniqueText('contract-gone') }, 'a category to remove');
  await removeNow('category', id);
  return id;
}

kindOfChecks('rules', "the contract's business rules, step by step", () => {
  beforeChecks(async () => {
    home = await create('category', '/categories', { name: uniqueText('contract-rules') }, 'a category');
    other = await create('category', '/categories', { name: uniqueText('contract-rules-other') }, 'a category');
  });
  afterChecks(cleanUp);

  check(
    ['updatePet'],
    'updatePet: any pet status may follow any other, and the inventory entry follows it',
    async () => {
      // Every ordered pair of the three statuses, each change read back from the pet and its stock.
      const path = [
        'available',
        'available',
        'pending',
        'pending',
        'sold',
        'sold',
        'available',
        'sold',
        'pending',
        'available',
      ];
      const pet = await newPet(path[0]);
      for (const status of path.slice(1)) {
        const change = { name: pet.name, categoryId: home, status };
        await call('updatePet', `/pets/${pet.id}`, change, [200]);
        const read = await call('getPet', `/pets/by-id/${pet.id}`, undefined, [200]);
        requireEqual(read, `the pet's status after it was set to ${status}`, (read.body as Pet).status, status);
        const entry = await call('getInventoryItem', `/store/inventory/${pet.id}`, undefined, [200]);
        requireEqual(entry, "the inventory entry's status (the pet's)", (entry.body as Pet).status, status);
      }
    },
  );

  check(
    ['createPet', 'deletePet', 'getInventoryItem'],
    'createPet: every pet has one inventory entry, at quantity 0 and with its status, deleted with it',
    async () => {
      const pet = await newPet('pending');
      const entry = await call('getInventoryItem', `/store/inventory/${pet.id}`, undefined, [200]);
      requireEqual(entry, "a new pet's inventory entry", entry.body, { petId: pet.id, quantity: 0, status: 'pending' });
      await call('deletePet', `/pets/${pet.id}`, undefined, [204]);
      await call('getInventoryItem', `/store/inventory/${pet.id}`, undefined, [404]);
    },
  );

  check(
    ['createPet'],
    'createPet: a categoryId that names no category is 422 UNKNOWN_CATEGORY, and no pet is made',
    async () => {
      const gone = await removedCategory();
      const name = uniqueText('contract-orphan');
      await refused(
        'createPet',
        '/pets',
        { name, categoryId: gone },
        422,
        'UNKNOWN_CATEGORY',
        'categoryId must name a category',
      );
      const list = await call('listPets', `/pets?name=${encodeURIComponent(name)}`, undefined, [200]);
      requireEqual(list, 'pets with the refused name', list.body, []);
    },
  );

  check(
    ['updatePet'],
    'updatePet: a categoryId that names no category is 422 UNKNOWN_CATEGORY, and the pet is unchanged',
    async () => {
      const pet = await newPet();
      const gone = await removedCategory();
      await refused(
        'updatePet',
        `/pets/${pet.id}`,
        { name: pet.name, categoryId: gone },
        422,
        'UNKNOWN_CATEGORY',
        'categoryId must name a category',
      );
      const read = await call('getPet', `/pets/by-id/${pet.id}`, undefined, [200]);
      requireEqual(read, 'the pet after the refused update', read.body, pet);
    },
  );

  check(
    ['deleteCategory'],
    'deleteCategory: a category that pets belong to is 409 CATEGORY_IN_USE; without them it goes',
    async () => {
      const category = await create('category', '/categories', { name: uniqueText('contract-in-use') }, 'a category');
      const pet = await newPet('available', category);
      await refused(
        'deleteCategory',
        `/categories/${category}`,
        undefined,
        409,
        'CATEGORY_IN_USE',
        'a category in use stays',
      );
      await call('getCategory', `/categories/${category}`, undefined, [200]);
      await call('updatePet', `/pets/${pet.id}`, { name: pet.name, categoryId: other }, [200]);
      await call('deleteCategory', `/categories/${category}`, undefined, [204]);
      await call('getCategory', `/categories/${category}`, undefined, [404]);
    },
  );

  check(
    ['deletePet'],
    'deletePet: a pet with an open order is 409 PET_HAS_OPEN_ORDERS; once it is complete the pet goes',
    async () => {
      const pet = await newPet();
      await stock(pet.id, 5);
      const order = await placeOrder(pet.id, 1);
      await refused(
        'deletePet',
        `/pets/${pet.id}`,
        undefined,
        409,
        'PET_HAS_OPEN_ORDERS',
        'an open order keeps its pet',
      );
      // Read back: the pet is still there.
      await readPet(pet.id);
      await call('updateOrder', `/store/orders/${order.id}`, { complete: true }, [200]);
      await call('deletePet', `/pets/${pet.id}`, undefined, [204]);
      await call('getPet', `/pets/by-id/${pet.id}`, undefined, [404]);
    },
  );

  check(
    ['placeOrder'],
    'placeOrder: the units leave the inventory; more than are in stock is 409 INSUFFICIENT_STOCK',
    async () => {
      const pet = await newPet();
      await stock(pet.id, 5);
      await placeOrder(pet.id, 3);
      await requireStock(pet.id, 2, 'an order of 3 from 5');
      await refused(
        'placeOrder',
        '/store/orders',
        { petId: pet.id, quantity: 3 },
        409,
        'INSUFFICIENT_STOCK',
        'an order needs the stock',
      );
      await requireStock(pet.id, 2, 'a refused order of 3');
      const orders = await ordersOf(pet.id);
      requireEqual(orders, 'orders of the pet after the refused one', (orders.body as Order[]).length, 1);
      await placeOrder(pet.id, 2);
      await requireStock(pet.id, 0, 'an order of the last 2');
    },
  );

  check(
    ['placeOrder'],
    'placeOrder: a pet that is not available is 409 PET_NOT_AVAILABLE, and its stock stays',
    async () => {
      for (const status of ['pending', 'sold']) {
        const pet = await newPet(status);
        await stock(pet.id, 5);
        await refused(
          'placeOrder',
          '/store/orders',
          { petId: pet.id, quantity: 1 },
          409,
          'PET_NOT_AVAILABLE',
          `a ${status} pet cannot be ordered`,
        );
        await requireStock(pet.id, 5, `a refused order of a ${status} pet`);
      }
    },
  );

  check(['placeOrder'], 'placeOrder: a petId that names no pet is 422 UNKNOWN_PET', async () => {
    const pet = await newPet();
    await removeNow('pet', pet.id);
    await refused(
      'placeOrder',
      '/store/orders',
      { petId: pet.id, quantity: 1 },
      422,
      'UNKNOWN_PET',
      'an order needs a pet',
    );
  });

  check(
    ['placeOrder'],
    "placeOrder: shipDate left out is three days after placing (by the answer's Date)",
    async () => {
      const pet = await newPet();
      await stock(pet.id, 5);
      const placed = await call('placeOrder', '/store/orders', { petId: pet.id, quantity: 1 }, [201]);
      const order = placed.body as Order;
      remember('order', order.id);
      const now = targetNow(placed);
      const offset = Date.parse(order.shipDate) - (now.ms + 3 * DAY_MS);
      // Date is whole seconds, and the answer was made within the second it names.
      if (offset < -1_000 || offset > 2_000) {
        throw new ContractViolation(
          placed,
          `shipDate three days after the answer's Date (${new Date(now.ms + 3 * DAY_MS).toISOString()})`,
          [`shipDate is ${order.shipDate}, ${Math.round(offset / 1000)} s off`],
        );
      }
      const read = await call('getOrder', `/store/orders/${order.id}`, undefined, [200]);
      requireEqual(read, 'the order read back', read.body, order);
    },
  );

  check(
    ['updateOrder', 'cancelOrder'],
    'updateOrder: complete goes only from false to true; a complete order is 409 ORDER_COMPLETED to every change and to cancelling',
    async () => {
      const pet = await newPet();
      await stock(pet.id, 5);
      const order = await placeOrder(pet.id, 1);
      const open = await call('updateOrder', `/store/orders/${order.id}`, { complete: false }, [200]);
      requireEqual(open, 'complete of an open order set to false', (open.body as Order).complete, false);
      const done = await call('updateOrder', `/store/orders/${order.id}`, { complete: true }, [200]);
      const completed = done.body as Order;
      requireEqual(done, 'complete', completed.complete, true);
      const path = `/store/orders/${order.id}`;
      await refused(
        'updateOrder',
        path,
        { shipDate: '2036-01-01T00:00:00Z' },
        409,
        'ORDER_COMPLETED',
        'a complete order no longer changes',
      );
      await refused(
        'updateOrder',
        path,
        { complete: false },
        409,
        'ORDER_COMPLETED',
        'complete never goes back to false',
      );
      await refused('cancelOrder', path, undefined, 409, 'ORDER_COMPLETED', 'a complete order cannot be cancelled');
      const read = await call('getOrder', path, undefined, [200]);
      requireEqual(read, 'the complete order read back', read.body, completed);
    },
  );

  check(['cancelOrder'], 'cancelOrder: cancelling an open order puts its units back', async () => {
    const pet = await newPet();
    await stock(pet.id, 10);
    const order = await placeOrder(pet.id, 4);
    await requireStock(pet.id, 6, 'an order of 4 from 10');
    await call('cancelOrder', `/store/orders/${order.id}`, undefined, [204]);
    await requireStock(pet.id, 10, 'cancelling that order');
    await call('getOrder', `/store/orders/${order.id}`, undefined, [404]);
  });

  check(
    ['createCategory', 'updateCategory'],
    'createCategory: names are unique without case (409 CATEGORY_NAME_TAKEN), on create and on rename',
    async () => {
      const name = uniqueText('contract-Unique');
      const first = (await call('createCategory', '/categories', { name }, [201])).body as Category;
      remember('category', first.id);
      await refused(
        'createCategory',
        '/categories',
        { name: name.toUpperCase() },
        409,
        'CATEGORY_NAME_TAKEN',
        'names are unique without case',
      );
      const same = await call('listCategories', `/categories?name=${encodeURIComponent(name)}`, undefined, [200]);
      requireEqual(
        same,
        'categories with that name',
        (same.body as Category[]).map((category) => category.id),
        [first.id],
      );
      const second = (await call('createCategory', '/categories', { name: uniqueText('contract-second') }, [201]))
        .body as Category;
      remember('category', second.id);
      await refused(
        'updateCategory',
        `/categories/${second.id}`,
        { name: name.toLowerCase() },
        409,
        'CATEGORY_NAME_TAKEN',
        'a rename to a taken name',
      );
      const read = await call('getCategory', `/categories/${second.id}`, undefined, [200]);
      requireEqual(read, 'the category after the refused rename', read.body, second);
    },
  );
});

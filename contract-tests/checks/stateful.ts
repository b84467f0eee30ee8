// What an implementation must remember: creates read back, updates stick, filters filter,
// pages do not overlap, deletes delete, and every create gets a new id.
import { describe, expect } from '@jest/globals';
import { afterChecks, beforeChecks, check, kindOfChecks } from '../support/checks.js';
import { expectConforms } from '../support/conformance.js';
import { type Exchange, send } from '../support/exchange.js';
import { operationById } from '../support/operations.js';
import { flatten, uniqueText } from '../support/requests.js';
import { cleanUp, createTestData, remember, type TestData } from '../support/test-data.js';
import { ContractViolation } from '../support/violation.js';

let data: TestData;

async function call(operationId: string, path: string, json?: unknown, statuses?: number[]): Promise<Exchange> {
  const operation = operationById(operationId);
  const exchange = await send({ operationId, method: operation.method, path, ...(json === undefined ? {} : { json }) });
  expectConforms(operation, exchange, statuses ? { statuses } : {});
  return exchange;
}

/** Fails with the exchange that showed the problem, when `actual` differs from `expected`. */
function requireEqual(exchange: Exchange, what: string, actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new ContractViolation(exchange, `${what}: ${JSON.stringify(expected)}`, [
      `${what} is ${JSON.stringify(actual)}`,
    ]);
  }
}

type Pet = { id: number; name: string; categoryId: number; status?: string };

async function createPet(name = uniqueText('contract-pet')): Promise<Pet> {
  const exchange = await call(
    'createPet',
    '/pets',
    { name, categoryId: data.bodies.categoryId, status: 'pending' },
    [201],
  );
  const pet = exchange.body as Pet;
  remember('pet', pet.id);
  return pet;
}

kindOfChecks('stateful', 'what is written stays written', () => {
  beforeChecks(async () => {
    data = await createTestData();
  });
  afterChecks(cleanUp);

  describe('pets', () => {
    check(['createPet', 'getPet'], 'createPet: a created pet reads back as it was created', async () => {
      const name = uniqueText('contract-readback');
      const pet = await createPet(name);
      const read = await call('getPet', `/pets/by-id/${pet.id}`, undefined, [200]);
      requireEqual(read, 'the pet read back', read.body, pet);
      requireEqual(read, 'its name', (read.body as Pet).name, name);
    });

    check('createPet', 'createPet: two creates get two different ids', async () => {
      const [first, second] = [await createPet(), await createPet()];
      expect(first.id).not.toBe(second.id);
    });

    check(['updatePet'], 'updatePet: an update reads back', async () => {
      const pet = await createPet();
      const change = { name: uniqueText('contract-renamed'), categoryId: data.bodies.categoryId, status: 'sold' };
      const updated = await call('updatePet', `/pets/${pet.id}`, change, [200]);
      requireEqual(updated, 'the answer to the update', updated.body, { id: pet.id, ...change });
      const read = await call('getPet', `/pets/by-id/${pet.id}`, undefined, [200]);
      requireEqual(read, 'the pet read after the update', read.body, { id: pet.id, ...change });
    });

    check(['deletePet'], 'deletePet: a deleted pet reads as 404', async () => {
      const pet = await createPet();
      await call('deletePet', `/pets/${pet.id}`, undefined, [204]);
      await call('getPet', `/pets/by-id/${pet.id}`, undefined, [404]);
    });
  });

  describe('categories', () => {
    check(
      ['createCategory', 'getCategory', 'updateCategory', 'deleteCategory'],
      'createCategory: create, read, update, read, delete, read',
      async () => {
        const created = await call(
          'createCategory',
          '/categories',
          { name: uniqueText('contract-cat'), description: 'Made by the contract suite.' },
          [201],
        );
        const category = created.body as { id: number; name: string };
        remember('category', category.id);
        const read = await call('getCategory', `/categories/${category.id}`, undefined, [200]);
        requireEqual(read, 'the category read back', read.body, category);
        const change = { name: uniqueText('contract-cat-renamed') };
        await call('updateCategory', `/categories/${category.id}`, change, [200]);
        const reread = await call('getCategory', `/categories/${category.id}`, undefined, [200]);
        requireEqual(reread, 'the category read after the update', reread.body, { id: category.id, ...change });
        await call('deleteCategory', `/categories/${category.id}`, undefined, [204]);
        await call('getCategory', `/categories/${category.id}`, undefined, [404]);
      },
    );
  });

  describe('orders and inventory', () => {
    check(['updateInventory', 'getInventoryItem'], 'updateInventory: a stock update reads back', async () => {
      const petId = data.bodies.petId as number;
      await call('updateInventory', `/store/inventory/${petId}`, { quantity: 42 }, [200]);
      const read = await call('getInventoryItem', `/store/inventory/${petId}`, undefined, [200]);
      requireEqual(read, 'the stock read back', (read.body as { quantity: number }).quantity, 42);
    });

    check(
      ['placeOrder', 'getOrder', 'cancelOrder'],
      'placeOrder: a placed order reads back; a cancelled one reads as 404',
      async () => {
        const placed = await call('placeOrder', '/store/orders', { petId: data.bodies.petId, quantity: 1 }, [201]);
        const order = placed.body as { id: number };
        remember('order', order.id);
        const read = await call('getOrder', `/store/orders/${order.id}`, undefined, [200]);
        requireEqual(read, 'the order read back', read.body, placed.body);
        await call('cancelOrder', `/store/orders/${order.id}`, undefined, [204]);
        await call('getOrder', `/store/orders/${order.id}`, undefined, [404]);
      },
    );
  });

  // Every list, generated from the contract: each filter, alone, keeps only matching items;
  // pages of one size do not overlap.
  type Item = Record<string, unknown>;
  const PAGE_PARAMETERS = new Set(['limit', 'offset']);
  const lists = ['listPets', 'listCategories', 'listOrders', 'listInventory'].map(operationById);

  function identity(item: Item): unknown {
    return item.id ?? item.petId;
  }

  /** Whether an item matches a filter: equal fields, a part of a name, or a from/to range. */
  function matches(item: Item, parameter: string, value: string): boolean {
    const range = /^(.*)(From|To)$/.exec(parameter);
    if (range?.[1] && typeof item[range[1]] === 'string') {
      const at = Date.parse(item[range[1]] as string);
      return range[2] === 'From' ? at >= Date.parse(value) : at < Date.parse(value);
    }
    if (parameter === 'name') return String(item.name).toLowerCase().includes(value.toLowerCase());
    return String(item[parameter]) === value;
  }

  /** A filter value that some items of the page have and others lack, so that ignoring it shows. */
  function chooseValue(items: Item[], parameter: string): string | undefined {
    const range = /^(.*)(From|To)$/.exec(parameter);
    const field = range?.[1] ?? parameter;
    const values = items.map((item) => item[field]).filter((value) => value !== undefined);
    if (values.length === 0) return undefined;
    if (range) {
      const sorted = values.map(String).sort();
      return sorted[Math.floor(sorted.length / 2)];
    }
    if (parameter === 'name') return String(values[values.length - 1]).slice(0, 12);
    const counts = new Map<string, number>();
    for (const value of values.map(String)) counts.set(value, (counts.get(value) ?? 0) + 1);
    // The rarest value: the one an ignored filter would most plainly fail to keep apart.
    return [...counts.entries()].sort((a, b) => a[1] - b[1])[0]?.[0];
  }

  describe('lists', () => {
    for (const list of lists) {
      const filters = list.parameters.filter(
        (parameter) => parameter.in === 'query' && !PAGE_PARAMETERS.has(parameter.name),
      );
      for (const filter of filters) {
        check(list.operationId, `${list.operationId}: every item matches ${filter.name}`, async () => {
          const all = await call(list.operationId, `${list.path}?limit=100`, undefined, [200]);
          const items = all.body as Item[];
          const value = chooseValue(items, filter.name);
          if (value === undefined) {
            // The suite created items in every list, so an empty one lost them.
            throw new ContractViolation(all, `items with a ${filter.name} to filter on (the suite created some)`, [
              'none came back',
            ]);
          }
          const schema = flatten(filter.schema);
          const sent = schema.format === 'date-time' ? new Date(value).toISOString() : value;
          const filtered = await call(
            list.operationId,
            `${list.path}?limit=100&${filter.name}=${encodeURIComponent(sent)}`,
            undefined,
            [200],
          );
          const strays = (filtered.body as Item[]).filter((item) => !matches(item, filter.name, sent));
          if (strays.length > 0) {
            throw new ContractViolation(filtered, `only items matching ${filter.name}=${sent}`, [
              `${strays.length} item(s) do not match, e.g. ${JSON.stringify(strays[0])}`,
            ]);
          }
          const expectedSome = items.some((item) => matches(item, filter.name, sent));
          if (expectedSome && (filtered.body as Item[]).length === 0) {
            throw new ContractViolation(filtered, `the items matching ${filter.name}=${sent}`, ['the list is empty']);
          }
        });
      }

      check(list.operationId, `${list.operationId}: pages of 2 do not overlap`, async () => {
        const first = await call(list.operationId, `${list.path}?limit=2&offset=0`, undefined, [200]);
        const second = await call(list.operationId, `${list.path}?limit=2&offset=2`, undefined, [200]);
        const firstIds = (first.body as Item[]).map(identity);
        const overlap = (second.body as Item[]).map(identity).filter((id) => firstIds.includes(id));
        if ((first.body as Item[]).length > 2)
          throw new ContractViolation(first, 'at most 2 items (limit=2)', [`${(first.body as Item[]).length} items`]);
        if (overlap.length > 0)
          throw new ContractViolation(second, 'no item of the first page', [
            `items ${overlap.join(', ')} are on both pages`,
          ]);
      });
    }
  });
});

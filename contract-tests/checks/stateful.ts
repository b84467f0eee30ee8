// What an implementation must remember: creates read back, updates stick, deletes delete,
// and every create gets a new id.
import { expect } from '@jest/globals';
import { beforeChecks, check, group, kindOfChecks } from '../support/checks.js';
import { CHECKING_PET_STORE_DRAFT, NOT_THE_PET_STORE } from '../support/contract-spec.js';
import { operationById } from '../support/operations.js';
import { uniqueText } from '../support/requests.js';
import { CheckSkipped } from '../support/scheduler.js';
import { call, requireEqual } from '../support/steps.js';
import { createTestData, remember, type TestData } from '../support/test-data.js';
import { requireWritten, sentBody } from '../support/written-fields.js';

let data: TestData;

/**
 * A check of the Pet Store's own operations at its own paths (/pets, /store/orders): on another
 * API's contract, which may have operations of the same names elsewhere, it is skipped with why.
 */
function petStoreCheck(subjects: string | readonly string[], name: string, run: () => Promise<void>): void {
  check(subjects, name, async () => {
    if (!CHECKING_PET_STORE_DRAFT) throw new CheckSkipped(NOT_THE_PET_STORE);
    await run();
  });
}

type Pet = { id: number; name: string; categoryId: number; status?: string };

async function createPet(name = uniqueText('contract-pet')): Promise<Pet> {
  return (await createdPet(name)).pet;
}

/** A pet created, and the body sent for it. */
async function createdPet(name: string): Promise<{ pet: Pet; sent: Pet }> {
  const exchange = await call(
    'createPet',
    '/pets',
    { name, categoryId: data.bodies.categoryId, status: 'pending' },
    [201],
  );
  const pet = exchange.body as Pet;
  remember('pet', pet.id);
  return { pet, sent: sentBody(exchange) as Pet };
}

kindOfChecks(
  'stateful',
  'what is written stays written',
  () => {
    beforeChecks(async () => {
      data = await createTestData();
    });

    group('pets', () => {
      petStoreCheck(['createPet', 'getPet'], 'createPet: a created pet reads back as it was created', async () => {
        const { pet, sent } = await createdPet(uniqueText('contract-readback'));
        const read = await call('getPet', `/pets/by-id/${pet.id}`, undefined, [200]);
        requireEqual(read, 'the pet read back', read.body, pet);
        // The name as sent: a draft's pattern or maxLength may have made it fit.
        requireEqual(read, 'its name', (read.body as Pet).name, sent.name);
      });

      petStoreCheck('createPet', 'createPet: two creates get two different ids', async () => {
        const [first, second] = [await createPet(), await createPet()];
        expect(first.id).not.toBe(second.id);
      });

      petStoreCheck(['updatePet'], 'updatePet: an update reads back', async () => {
        const pet = await createPet();
        const change = { name: uniqueText('contract-renamed'), categoryId: data.bodies.categoryId, status: 'sold' };
        const updated = await call('updatePet', `/pets/${pet.id}`, change, [200]);
        // What was sent (a draft's required fields too), with the defaults of what it left out, and the same id.
        const update = operationById('updatePet');
        const sent = sentBody(updated);
        requireWritten(updated, 'the answer to the update', update, sent, { id: pet.id });
        const read = await call('getPet', `/pets/by-id/${pet.id}`, undefined, [200]);
        requireWritten(read, 'the pet read after the update', update, sent, { id: pet.id });
      });

      petStoreCheck(['deletePet'], 'deletePet: a deleted pet reads as 404', async () => {
        const pet = await createPet();
        await call('deletePet', `/pets/${pet.id}`, undefined, [204]);
        await call('getPet', `/pets/by-id/${pet.id}`, undefined, [404]);
      });
    });

    group('categories', () => {
      petStoreCheck(
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
          const updated = await call('updateCategory', `/categories/${category.id}`, change, [200]);
          const reread = await call('getCategory', `/categories/${category.id}`, undefined, [200]);
          requireWritten(
            reread,
            'the category read after the update',
            operationById('updateCategory'),
            sentBody(updated),
            { id: category.id },
          );
          await call('deleteCategory', `/categories/${category.id}`, undefined, [204]);
          await call('getCategory', `/categories/${category.id}`, undefined, [404]);
        },
      );
    });

    group('orders and inventory', () => {
      petStoreCheck(['updateInventory', 'getInventoryItem'], 'updateInventory: a stock update reads back', async () => {
        const petId = data.bodies.petId as number;
        await call('updateInventory', `/store/inventory/${petId}`, { quantity: 42 }, [200]);
        const read = await call('getInventoryItem', `/store/inventory/${petId}`, undefined, [200]);
        requireEqual(read, 'the stock read back', (read.body as { quantity: number }).quantity, 42);
      });

      petStoreCheck(
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
  },
  { inSequence: true },
);

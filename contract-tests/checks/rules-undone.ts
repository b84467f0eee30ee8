// The business rules' other direction (spec/README.md, "Business rules"): what a rule refuses is
// allowed again once its cause is undone, across the resources the rule ties together. A server
// that keeps refusing (a name that stays taken after its category went, a pet that stays
// unorderable once available) breaks the rule as surely as one that never refused.
import { beforeChecks, check, kindOfChecks } from '../support/checks.js';
import { requireTextsKept } from '../support/draft-bodies.js';
import { uniqueText } from '../support/requests.js';
import {
  type Category,
  newPet,
  type Order,
  type Pet,
  placeOrder,
  requireStock,
  ruleCategories,
} from '../support/rule-steps.js';
import { call, refused, requireEqual } from '../support/steps.js';
import { remember, stock } from '../support/test-data.js';

kindOfChecks('rules', "the contract's business rules, undone: what they refuse is allowed again", () => {
  let home: number;
  let other: number;
  beforeChecks(async () => {
    ({ home, other } = await ruleCategories());
  }, 2);

  check(
    ['placeOrder'],
    'placeOrder: a pet refused as not available is ordered once it is available again',
    async () => {
      const pet = await newPet(home, 'pending');
      await stock(pet.id, 2);
      const order = { petId: pet.id, quantity: 1 };
      await refused('placeOrder', '/store/orders', order, 409, 'PET_NOT_AVAILABLE', 'a pending pet cannot be ordered');
      await call('updatePet', `/pets/${pet.id}`, { name: pet.name, categoryId: home, status: 'available' }, [200]);
      await placeOrder(pet.id, 1);
      await requireStock(pet.id, 1, 'an order of 1 from 2, once the pet was available');
    },
  );

  check(
    ['placeOrder'],
    'placeOrder: an order refused for want of stock is placed once the stock is there',
    async () => {
      const pet = await newPet(home);
      await stock(pet.id, 1);
      await refused(
        'placeOrder',
        '/store/orders',
        { petId: pet.id, quantity: 3 },
        409,
        'INSUFFICIENT_STOCK',
        'an order needs the stock',
      );
      await call('updateInventory', `/store/inventory/${pet.id}`, { quantity: 3 }, [200]);
      await placeOrder(pet.id, 3);
      await requireStock(pet.id, 0, 'an order of 3 once 3 were in stock');
    },
  );

  check(
    ['createCategory', 'deleteCategory', 'updateCategory'],
    'createCategory: a name freed by a delete, or by a rename, can be taken again',
    async () => {
      const name = uniqueText('contract-Freed');
      requireTextsKept('createCategory', [{ name }, { name: name.toUpperCase() }]);
      const first = (await call('createCategory', '/categories', { name }, [201])).body as Category;
      await call('deleteCategory', `/categories/${first.id}`, undefined, [204]);
      const again = (await call('createCategory', '/categories', { name: name.toUpperCase() }, [201])).body as Category;
      remember('category', again.id);
      await call('updateCategory', `/categories/${again.id}`, { name: uniqueText('contract-renamed') }, [200]);
      const third = (await call('createCategory', '/categories', { name }, [201])).body as Category;
      remember('category', third.id);
      const named = await call('listCategories', `/categories?name=${encodeURIComponent(name)}`, undefined, [200]);
      requireEqual(
        named,
        'the categories holding the freed name, once taken again',
        (named.body as Category[]).map((category) => category.id),
        [third.id],
      );
    },
  );

  check(
    ['deleteCategory', 'updatePet', 'createPet'],
    'deleteCategory: in use until its last pet moves out, then it goes, and a new pet in it is 422 UNKNOWN_CATEGORY',
    async () => {
      const category = (await call('createCategory', '/categories', { name: uniqueText('contract-moving') }, [201]))
        .body as Category;
      const pet = await newPet(category.id);
      await refused(
        'deleteCategory',
        `/categories/${category.id}`,
        undefined,
        409,
        'CATEGORY_IN_USE',
        'pets keep their category',
      );
      await call('updatePet', `/pets/${pet.id}`, { name: pet.name, categoryId: other, status: pet.status }, [200]);
      await call('deleteCategory', `/categories/${category.id}`, undefined, [204]);
      await refused(
        'createPet',
        '/pets',
        { name: uniqueText('contract-stray'), categoryId: category.id },
        422,
        'UNKNOWN_CATEGORY',
        'a pet needs a category that exists',
      );
      const moved = await call('getPet', `/pets/by-id/${pet.id}`, undefined, [200]);
      requireEqual(moved, 'the category of the pet that moved out', (moved.body as Pet).categoryId, other);
    },
  );

  check(
    ['deletePet', 'cancelOrder'],
    'deletePet: a pet kept by an open order can be deleted once the order is cancelled',
    async () => {
      const pet = await newPet(home);
      await stock(pet.id, 1);
      const order = (await call('placeOrder', '/store/orders', { petId: pet.id, quantity: 1 }, [201])).body as Order;
      await refused(
        'deletePet',
        `/pets/${pet.id}`,
        undefined,
        409,
        'PET_HAS_OPEN_ORDERS',
        'an open order keeps its pet',
      );
      await call('cancelOrder', `/store/orders/${order.id}`, undefined, [204]);
      await call('deletePet', `/pets/${pet.id}`, undefined, [204]);
      await call('getInventoryItem', `/store/inventory/${pet.id}`, undefined, [404]);
    },
  );
});

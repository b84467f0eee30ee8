// The business rules of orders and stock (spec/README.md, "Business rules"), each as a
// sequence of calls that would fail if the rule were not kept, reading back after every step
// what the step changed (the pet, its stock, the order).
import { beforeChecks, check, kindOfChecks } from '../support/checks.js';
import {
  newPet,
  type Order,
  ordersOf,
  placeOrder,
  readPet,
  requireStock,
  ruleCategories,
} from '../support/rule-steps.js';
import { call, refused, requireEqual } from '../support/steps.js';
import { targetNow } from '../support/target-clock.js';
import { goneId, remember, stock } from '../support/test-data.js';
import { ContractViolation } from '../support/violation.js';

const DAY_MS = 86_400_000;

kindOfChecks('rules', "the contract's business rules: orders and stock", () => {
  let home: number;
  beforeChecks(async () => {
    ({ home } = await ruleCategories());
  }, 2);

  check(
    ['deletePet'],
    'deletePet: a pet with an open order is 409 PET_HAS_OPEN_ORDERS; once it is complete the pet goes',
    async () => {
      const pet = await newPet(home);
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
      const pet = await newPet(home);
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
        const pet = await newPet(home, status);
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
    // A pet made and deleted; where the contract deletes no pet, an id no pet has been given.
    const petId = await goneId('pet', async () => (await newPet(home)).id);
    await refused('placeOrder', '/store/orders', { petId, quantity: 1 }, 422, 'UNKNOWN_PET', 'an order needs a pet');
  });

  check(
    ['placeOrder'],
    "placeOrder: shipDate left out is three days after placing (by the answer's Date)",
    async () => {
      const pet = await newPet(home);
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
      const pet = await newPet(home);
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
    const pet = await newPet(home);
    await stock(pet.id, 10);
    const order = await placeOrder(pet.id, 4);
    await requireStock(pet.id, 6, 'an order of 4 from 10');
    await call('cancelOrder', `/store/orders/${order.id}`, undefined, [204]);
    await requireStock(pet.id, 10, 'cancelling that order');
    await call('getOrder', `/store/orders/${order.id}`, undefined, [404]);
  });
});

// Requests sent at once, and what must hold whatever order they are served in: an id handed out
// once, stock taken once, one delete that deletes, each answer of a key told its own Remaining.
// Real implementations break here (a read and a write with a wait between them) while every
// request sent one at a time passes. Bounded: a few dozen requests, each with the suite's timeout.

import { atOnce, withStatus } from '../support/at-once.js';
import { check, kindOfChecks } from '../support/checks.js';
import type { Exchange } from '../support/exchange.js';
import { COUNTS_REQUESTS, LIMIT_NAME, limitSaid, NO_COUNT_REASON, windowOf } from '../support/limit-window.js';
import { raceHome } from '../support/race-home.js';
import { uniqueText } from '../support/requests.js';
import { newPet, type Order, ordersOf, type Pet, requireStock } from '../support/rule-steps.js';
import { CheckSkipped } from '../support/scheduler.js';
import { call, requireEqual } from '../support/steps.js';
import { create, remember, stock } from '../support/test-data.js';
import { ContractViolation } from '../support/violation.js';
import { sentBody } from '../support/written-fields.js';

/** How many requests each check sends at once. */
const AT_ONCE = 10;

kindOfChecks('concurrency', 'requests sent at once: what must hold whatever their order', () => {
  const races = raceHome('requests sent at once');
  if (!races) return;

  check(
    ['createPet'],
    `createPet: ${AT_ONCE} creates sent at once each get an id of their own, and all are listed`,
    async () => {
      const category = await create('category', '/categories', { name: uniqueText('contract-at-once') }, 'a category');
      const names = Array.from({ length: AT_ONCE }, () => uniqueText('contract-at-once'));
      const created = await atOnce(
        AT_ONCE,
        'createPet',
        () => '/pets',
        (index) => ({ name: names[index], categoryId: category }),
        [201],
      );
      const pets = created.map((exchange) => exchange.body as Pet);
      for (const pet of pets) remember('pet', pet.id);
      const firstRepeat = pets.findIndex((pet, index) => pets.findIndex((other) => other.id === pet.id) !== index);
      if (firstRepeat >= 0) {
        throw new ContractViolation(
          created[firstRepeat] as Exchange,
          `${AT_ONCE} creates sent at once: ${AT_ONCE} distinct ids`,
          [`id ${pets[firstRepeat]?.id} was handed out to two pets (${pets.map((pet) => pet.id).join(', ')})`],
        );
      }
      for (const [index, pet] of pets.entries()) {
        const read = await call('getPet', `/pets/by-id/${pet.id}`, undefined, [200]);
        requireEqual(
          read,
          `the name of pet ${pet.id}, created at once with ${AT_ONCE - 1} others`,
          (read.body as Pet).name,
          // As sent: a draft's pattern or maxLength may have made the name fit it.
          (sentBody(created[index] as Exchange) as Pet).name,
        );
      }
      const list = await call('listPets', `/pets?categoryId=${category}&limit=100`, undefined, [200]);
      requireEqual(
        list,
        `the pets of a category that ${AT_ONCE} creates sent at once filled`,
        (list.body as Pet[]).length,
        AT_ONCE,
      );
      if (list.headers['x-total-count'] !== undefined)
        requireEqual(list, 'X-Total-Count of that category', Number(list.headers['x-total-count']), AT_ONCE);
    },
  );

  check(
    ['placeOrder'],
    `placeOrder: ${AT_ONCE} orders of one unit sent at once for 3 in stock: exactly 3 placed, the rest 409 INSUFFICIENT_STOCK`,
    async () => {
      const pet = await newPet(races.home());
      await stock(pet.id, 3);
      const answers = await atOnce(
        AT_ONCE,
        'placeOrder',
        () => '/store/orders',
        () => ({ petId: pet.id, quantity: 1 }),
        [201, 409],
      );
      const placed = withStatus(answers, 201);
      for (const exchange of placed) remember('order', (exchange.body as Order).id);
      const refusals = withStatus(answers, 409);
      const wrongCode = refusals.find(
        (exchange) => (exchange.body as { code?: unknown }).code !== 'INSUFFICIENT_STOCK',
      );
      if (wrongCode)
        throw new ContractViolation(wrongCode, '409 INSUFFICIENT_STOCK: an order needs the stock', [
          `Error.code is ${String((wrongCode.body as { code?: unknown }).code)}`,
        ]);
      const example = (placed[3] ?? answers[0]) as Exchange;
      requireEqual(
        example,
        `orders placed of ${AT_ONCE} sent at once for 3 units in stock (stock taken once)`,
        placed.length,
        3,
      );
      await requireStock(pet.id, 0, `${AT_ONCE} orders of one unit sent at once for 3`);
      const orders = await ordersOf(pet.id);
      requireEqual(orders, 'orders of the pet after them', (orders.body as Order[]).length, 3);
    },
  );

  check(['deletePet'], 'deletePet: 5 deletes of one pet sent at once: exactly one 204, the others 404', async () => {
    const pet = await newPet(races.home());
    const answers = await atOnce(
      5,
      'deletePet',
      () => `/pets/${pet.id}`,
      () => undefined,
      [204, 404],
    );
    requireEqual(
      answers[0] as Exchange,
      '204 answers to 5 deletes of one pet sent at once',
      withStatus(answers, 204).length,
      1,
    );
    await call('getPet', `/pets/by-id/${pet.id}`, undefined, [404]);
  });

  check(
    ['listCategories'],
    `listCategories: ${LIMIT_NAME.remaining}: ${AT_ONCE} requests of one key sent at once are each told their own`,
    async () => {
      if (!COUNTS_REQUESTS) throw new CheckSkipped(NO_COUNT_REASON);
      const answers = await atOnce(
        AT_ONCE,
        'listCategories',
        () => '/categories?limit=1',
        () => undefined,
        [200],
      );
      // Requests of one window (same Limit and Reset) each take one unit: no two are told the same Remaining.
      const byWindow = new Map<string, Exchange[]>();
      for (const exchange of answers) {
        const window = windowOf(exchange);
        byWindow.set(window, [...(byWindow.get(window) ?? []), exchange]);
      }
      for (const exchanges of byWindow.values()) {
        const told = exchanges.map((exchange) => limitSaid(exchange, 'remaining'));
        const repeated = exchanges.find((_, index) => told.indexOf(told[index]) !== index);
        if (repeated)
          throw new ContractViolation(repeated, 'each request of a window counted once: a Remaining of its own', [
            `${LIMIT_NAME.remaining} ${limitSaid(repeated, 'remaining')} was told to two of ${AT_ONCE} requests sent at once (${told.join(', ')})`,
          ]);
      }
    },
  );
});

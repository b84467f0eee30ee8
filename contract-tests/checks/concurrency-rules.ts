// The uniqueness and stock rules of the contract, raced: a category name taken once however many
// ask for it at once (without regard to case), and an order cancelled once, its units back once.
import { atOnce, withStatus } from '../support/at-once.js';
import { check, kindOfChecks } from '../support/checks.js';
import { requireTextsKept } from '../support/draft-bodies.js';
import type { Exchange } from '../support/exchange.js';
import { raceHome } from '../support/race-home.js';
import { uniqueText } from '../support/requests.js';
import { newPet, placeOrder, requireStock } from '../support/rule-steps.js';
import { call, requireEqual } from '../support/steps.js';
import { remember, stock } from '../support/test-data.js';
import { ContractViolation } from '../support/violation.js';

const RACERS = 5;

kindOfChecks('concurrency', 'the uniqueness and stock rules, raced', () => {
  const races = raceHome('the uniqueness and stock rules, raced');
  if (!races) return;

  check(
    ['createCategory'],
    `createCategory: ${RACERS} creates of one name (in differing case) sent at once: exactly one 201, the others 409 CATEGORY_NAME_TAKEN`,
    async () => {
      const name = uniqueText('contract-one-name');
      const spelled = (index: number) => (index % 2 === 0 ? name : name.toUpperCase());
      requireTextsKept('createCategory', [{ name }, { name: name.toUpperCase() }]);
      const answers = await atOnce(
        RACERS,
        'createCategory',
        () => '/categories',
        (index) => ({ name: spelled(index) }),
        [201, 409],
      );
      const created = withStatus(answers, 201);
      for (const exchange of created) remember('category', (exchange.body as { id: number }).id);
      const wrongCode = withStatus(answers, 409).find(
        (exchange) => (exchange.body as { code?: unknown }).code !== 'CATEGORY_NAME_TAKEN',
      );
      if (wrongCode)
        throw new ContractViolation(wrongCode, '409 CATEGORY_NAME_TAKEN: the name is taken', [
          `Error.code is ${String((wrongCode.body as { code?: unknown }).code)}`,
        ]);
      requireEqual(
        (created[1] ?? answers[0]) as Exchange,
        `categories created of ${RACERS} creates of one name sent at once (names unique without regard to case)`,
        created.length,
        1,
      );
      const list = await call(
        'listCategories',
        `/categories?limit=100&name=${encodeURIComponent(name)}`,
        undefined,
        [200],
      );
      const listed = (list.body as Array<{ name: string }>).filter(
        (category) => category.name.toLowerCase() === name.toLowerCase(),
      );
      requireEqual(list, `categories named ${name} in any case, listed`, listed.length, 1);
    },
  );

  check(
    ['cancelOrder'],
    `cancelOrder: ${RACERS} cancels of one order sent at once: exactly one 204, the others 404, its units back once`,
    async () => {
      const pet = await newPet(races.home());
      await stock(pet.id, 5);
      const order = await placeOrder(pet.id, 2);
      const answers = await atOnce(
        RACERS,
        'cancelOrder',
        () => `/store/orders/${order.id}`,
        () => undefined,
        [204, 404],
      );
      const cancelled = withStatus(answers, 204);
      requireEqual(
        (cancelled[1] ?? answers[0]) as Exchange,
        `orders cancelled of ${RACERS} cancels of one order sent at once`,
        cancelled.length,
        1,
      );
      await requireStock(pet.id, 5, `${RACERS} cancels at once of an order of 2 from 5`);
    },
  );
});

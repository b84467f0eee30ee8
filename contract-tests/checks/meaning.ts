// What well-formed headers and fields say, checked where they lead: Link relations open the
// pages they name, X-Total-Count is the number of items paging reaches, ids in bodies name what
// exists, and X-RateLimit-Remaining counts exactly the answers the contract says count
// (spec/README.md: every request with a valid key, whatever its answer, except 429 and 403).

import { beforeChecks, check, eachCheck, kindOfChecks } from '../support/checks.js';
import { refusedText } from '../support/draft-bodies.js';
import type { Exchange } from '../support/exchange.js';
import { send } from '../support/exchange.js';
import { keyId, targetKey } from '../support/keys.js';
import { COUNTS_REQUESTS, LIMIT_NAME, limitSaid, NO_COUNT_REASON } from '../support/limit-window.js';
import { type ListCase, readWhole, requireLinksMean, requireSharedLinksMean } from '../support/link-meaning.js';
import { isSelected } from '../support/operations.js';
import { requireCounted } from '../support/request-count.js';
import { uniqueText } from '../support/requests.js';
import { type Category, newPet, type Order, type Pet, placeOrder, ruleCategories } from '../support/rule-steps.js';
import { CheckSkipped } from '../support/scheduler.js';
import { call, requireEqual } from '../support/steps.js';
import { create, stock } from '../support/test-data.js';
import { ContractViolation } from '../support/violation.js';

type InventoryItem = { petId: number; status: string };

/** A pet of the list, read again, that still names the category; undefined when none does (moved or gone meanwhile). */
async function stillNaming(categoryId: number): Promise<Pet | undefined> {
  const pets = (await call('listPets', '/pets?limit=100', undefined, [200])).body as Pet[];
  return pets.find((pet) => pet.categoryId === categoryId);
}

/**
 * An inventory item's status is its pet's: read item, pet, item; a pet changed by another client
 * between the reads shows as an item that changed too, and is read again.
 */
async function requireStatusOfItsPet(petId: number): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const item = await call('getInventoryItem', `/store/inventory/${petId}`, undefined, [200, 404]);
    const pet = await call('getPet', `/pets/by-id/${petId}`, undefined, [200, 404]);
    const again = await call('getInventoryItem', `/store/inventory/${petId}`, undefined, [200, 404]);
    if (item.status === 404 || pet.status === 404) return;
    const [before, after] = [item.body as InventoryItem, again.body as InventoryItem];
    if (before.status !== after.status) continue;
    if ((pet.body as Pet).status === after.status) return;
    throw new ContractViolation(again, "an inventory item's status: its pet's", [
      `inventory item of pet ${petId} says ${after.status}, the pet is ${(pet.body as Pet).status}`,
    ]);
  }
}

kindOfChecks('meaning', 'what headers and fields say: links, counts, references and what counts toward a limit', () => {
  let home: number;
  let orderedPet: Pet;
  const namePrefix = uniqueText('contract-meaning');
  // Names the contract refuses are drawn afresh (a draft's narrow pattern): no filter by the
  // prefix keeps them apart, and the whole list is read as one others share.
  const namesKept = refusedText('createCategory', { name: `${namePrefix}-0` }) === undefined;
  const lists: ListCase[] = [
    { operationId: 'listPets', path: () => `/pets?categoryId=${home}`, identity: 'id' },
    namesKept
      ? { operationId: 'listCategories', path: () => `/categories?name=${namePrefix}`, identity: 'id' }
      : { operationId: 'listCategories', path: () => '/categories', identity: 'id', shared: true },
    { operationId: 'listOrders', path: () => `/store/orders?petId=${orderedPet.id}`, identity: 'id' },
    { operationId: 'listInventory', path: () => '/store/inventory', identity: 'petId', shared: true },
  ];
  beforeChecks(async () => {
    ({ home } = await ruleCategories());
    for (let index = 0; index < 5; index += 1) {
      await newPet(home);
      await create('category', '/categories', { name: `${namePrefix}-${index}` }, 'a category');
    }
    orderedPet = await newPet(home);
    await stock(orderedPet.id, 5);
    for (let index = 0; index < 5; index += 1) await placeOrder(orderedPet.id, 1);
  }, 18);

  eachCheck(
    lists.filter((list) => isSelected(list.operationId)).map((list) => [list.operationId, list] as const),
    '%s: Link first, prev, next and last open the pages they name, and X-Total-Count is what paging reaches',
    async (_operationId, list) => {
      // A list others may write to meanwhile: what is read is read again before it is a fault.
      if (list.shared) await requireSharedLinksMean(list);
      else await requireLinksMean(list, await readWhole(list));
    },
    (_operationId, list) => ({ estimate: () => (list.shared ? 15 : 7) }),
  );

  check(['listPets'], "listPets: each pet's categoryId names a category that exists", async () => {
    const pets = (await call('listPets', '/pets?limit=100', undefined, [200])).body as Pet[];
    for (const categoryId of new Set(pets.map((pet) => pet.categoryId))) {
      const read = await call('getCategory', `/categories/${categoryId}`, undefined, [200, 404]);
      if (read.status !== 200) {
        // Another client may have moved or removed the pets and then the category: the list read again.
        const still = await stillNaming(categoryId);
        if (still === undefined) continue;
        throw new ContractViolation(read, 'the category a listed pet names', [
          `category ${categoryId}, named by pet ${still.id}, is 404`,
        ]);
      }
      requireEqual(read, `the id of the category pets name as ${categoryId}`, (read.body as Category).id, categoryId);
    }
  });

  check(
    ['listOrders', 'listInventory'],
    "listOrders: each open order's petId, and each inventory item's, names that pet",
    async () => {
      const orders = (await call('listOrders', '/store/orders?complete=false&limit=100', undefined, [200]))
        .body as Order[];
      const items = (await call('listInventory', '/store/inventory?limit=100', undefined, [200]))
        .body as InventoryItem[];
      const named = [
        ...orders.map((order) => ({
          petId: order.petId,
          by: `open order ${order.id}`,
          path: `/store/orders/${order.id}`,
        })),
        ...items.slice(0, 20).map((item) => ({
          petId: item.petId,
          by: `its inventory item (status ${item.status})`,
          path: `/store/inventory/${item.petId}`,
        })),
      ];
      for (const { petId, by, path } of named) {
        const read = await call('getPet', `/pets/by-id/${petId}`, undefined, [200, 404]);
        if (read.status === 200) continue;
        // Gone since the list was read (cancelled, then its pet deleted, by another client): no fault.
        const namer = await send({ method: 'GET', path });
        if (namer.status === 404 || (namer.body as { complete?: unknown } | undefined)?.complete === true) continue;
        throw new ContractViolation(read, `the pet ${by} names`, [`pet ${petId}, named by ${by}, is 404`]);
      }
      for (const item of items.slice(0, 20)) await requireStatusOfItsPet(item.petId);
    },
    { estimate: () => 60 },
  );

  check(
    ['getPet', 'listPets', 'createPet', 'deleteCategory'],
    'getPet: every answer to a valid key counts one toward its limit (200, 404, 400, 422, 409); a request without a key counts none',
    async () => {
      if (!COUNTS_REQUESTS) throw new CheckSkipped(NO_COUNT_REASON);
      const answers: Array<{ what: string; counts: boolean; send: () => Promise<Exchange> }> = [
        { what: 'a 200', counts: true, send: () => send({ method: 'GET', path: `/pets/by-id/${orderedPet.id}` }) },
        { what: 'a 404', counts: true, send: () => send({ method: 'GET', path: '/pets/by-id/2147483000' }) },
        { what: 'a 400', counts: true, send: () => send({ method: 'GET', path: '/pets?limit=0' }) },
        {
          what: 'a 422',
          counts: true,
          send: () =>
            send({
              method: 'POST',
              path: '/pets',
              json: { name: uniqueText('contract-none'), categoryId: 2147483000 },
            }),
        },
        { what: 'a 409', counts: true, send: () => send({ method: 'DELETE', path: `/categories/${home}` }) },
        { what: 'a 401 without a key', counts: false, send: () => send({ method: 'GET', path: '/pets', key: null }) },
      ];
      const main = targetKey();
      for (const answer of answers) {
        // Only the check's own requests of the key are counted (held alone); another client's are told apart.
        await requireCounted({
          key: keyId(main),
          shownAs: main.shownAs,
          read: () => send({ method: 'GET', path: '/categories?limit=1' }),
          step: answer.send,
          expected: answer.counts ? 2 : 1,
          fault: ({ before, after, sent }) => {
            const was = Number(limitSaid(before, 'remaining'));
            const expected = was - (answer.counts ? 2 : 1);
            return new ContractViolation(
              sent ?? after,
              `${answer.what} ${answer.counts ? 'counted once' : 'not counted'}: ${LIMIT_NAME.remaining} ${expected} on the next request (it was ${was} before them)`,
              [
                `${LIMIT_NAME.remaining} went from ${was} to ${limitSaid(after, 'remaining')} across ${answer.what} (HTTP ${sent?.status}) and one more request`,
              ],
            );
          },
        });
      }
    },
    { estimate: () => 6 * 7 },
  );
});

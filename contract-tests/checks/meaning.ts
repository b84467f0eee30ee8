// What well-formed headers and fields say, checked where they lead: Link relations open the
// pages they name, X-Total-Count is the number of items paging reaches, ids in bodies name what
// exists, and X-RateLimit-Remaining counts exactly the answers the contract says count
// (spec/README.md: every request with a valid key, whatever its answer, except 429 and 403).

import { beforeChecks, check, eachCheck, kindOfChecks } from '../support/checks.js';
import type { Exchange } from '../support/exchange.js';
import { send } from '../support/exchange.js';
import { keyId, targetKey } from '../support/keys.js';
import { isSelected } from '../support/operations.js';
import { pathUnderBase } from '../support/read-back.js';
import { requireCounted } from '../support/request-count.js';
import { uniqueText } from '../support/requests.js';
import { type Category, newPet, type Order, type Pet, placeOrder, ruleCategories } from '../support/rule-steps.js';
import { alone, WRITES } from '../support/run-locks.js';
import { listKeptChanging } from '../support/shared-list.js';
import { call, requireEqual } from '../support/steps.js';
import { create, stock } from '../support/test-data.js';
import { ContractViolation } from '../support/violation.js';

type Item = Record<string, unknown>;
/** A list, how to read it, and whether it is shared (no filter keeps it to the suite's items). */
type ListCase = { operationId: string; path: () => string; identity: string; shared?: boolean };

const PAGE = 2;
const RELATION = /<([^>]*)>\s*;\s*rel="?([a-z-]+)"?/g;
const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

/** Every item of a list, read in pages of 100 (bounded), with the first page's answer. */
async function readWhole(list: ListCase): Promise<{ ids: unknown[]; first: Exchange }> {
  const ids: unknown[] = [];
  let first: Exchange | undefined;
  for (let offset = 0; offset < 5_000; offset += 100) {
    const page = await call(list.operationId, withQuery(list.path(), `limit=100&offset=${offset}`), undefined, [200]);
    first ??= page;
    const items = page.body as Item[];
    ids.push(...items.map((item) => item[list.identity]));
    if (items.length < 100) break;
  }
  return { ids, first: first as Exchange };
}

/** The page of the list a Link relation leads to: where it must start, given the page it was on. */
function startOf(relation: string, offset: number, total: number): number | undefined {
  if (relation === 'first') return 0;
  if (relation === 'next') return offset + PAGE;
  if (relation === 'prev') return Math.max(0, offset - PAGE);
  // The last page: the one that holds the last item (however many before it share the page).
  if (relation === 'last') return total === 0 ? 0 : Math.max(0, total - PAGE);
  return undefined;
}

/** X-Total-Count is what paging reaches, and each Link relation of the page at offset 2 opens the page it names. */
async function requireLinksMean(list: ListCase, whole: { ids: unknown[]; first: Exchange }): Promise<void> {
  const total = Number(whole.first.headers['x-total-count']);
  requireEqual(whole.first, `X-Total-Count: the number of items read page by page`, total, whole.ids.length);
  const offset = PAGE;
  const page = await call(list.operationId, withQuery(list.path(), `limit=${PAGE}&offset=${offset}`), undefined, [200]);
  const relations = [...(page.headers.link ?? '').matchAll(RELATION)];
  for (const [, target = '', relation = ''] of relations) {
    const start = startOf(relation, offset, total);
    if (start === undefined) continue;
    const path = pathUnderBase(target);
    if (path === undefined)
      throw new ContractViolation(page, `Link rel="${relation}" to a page of this list under the base URL`, [
        `Link rel="${relation}" points at ${target}`,
      ]);
    const opened = await call(list.operationId, path, undefined, [200]);
    const ids = (opened.body as Item[]).map((item) => item[list.identity]);
    if (relation === 'last') {
      requireEqual(
        opened,
        `the page Link rel="last" names, of ${total} items at ${PAGE} a page: the last ${Math.min(ids.length, PAGE) || 1} item(s) of the same list`,
        ids.length > 0 && ids.length <= PAGE ? ids : ['(a page of 1 to 2 items)'],
        whole.ids.slice(total - ids.length),
      );
      continue;
    }
    requireEqual(
      opened,
      `the page Link rel="${relation}" names, from offset ${offset} and limit ${PAGE} of ${total}: items ${start} to ${start + PAGE - 1} of the same list`,
      ids,
      whole.ids.slice(start, start + PAGE),
    );
  }
}

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
  let namePrefix: string;
  let orderedPet: Pet;
  const lists: ListCase[] = [
    { operationId: 'listPets', path: () => `/pets?categoryId=${home}`, identity: 'id' },
    { operationId: 'listCategories', path: () => `/categories?name=${namePrefix}`, identity: 'id' },
    { operationId: 'listOrders', path: () => `/store/orders?petId=${orderedPet.id}`, identity: 'id' },
    { operationId: 'listInventory', path: () => '/store/inventory', identity: 'petId', shared: true },
  ];
  beforeChecks(async () => {
    ({ home } = await ruleCategories());
    namePrefix = uniqueText('contract-meaning');
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
      if (!list.shared) {
        await requireLinksMean(list, await readWhole(list));
        return;
      }
      // Read with the run's writes held still, and a difference read again before it is a fault.
      await alone(WRITES, async () => {
        for (let attempt = 0; attempt < 3; attempt += 1) {
          const whole = await readWhole(list);
          const judged = await requireLinksMean(list, whole).then(
            () => undefined,
            (error: unknown) => error,
          );
          const still = JSON.stringify((await readWhole(list)).ids) === JSON.stringify(whole.ids);
          if (judged === undefined) return;
          if (still) throw judged;
        }
        throw listKeptChanging(list.operationId, 3);
      });
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
            const was = Number(before.headers['x-ratelimit-remaining']);
            const expected = was - (answer.counts ? 2 : 1);
            return new ContractViolation(
              sent ?? after,
              `${answer.what} ${answer.counts ? 'counted once' : 'not counted'}: X-RateLimit-Remaining ${expected} on the next request (it was ${was} before them)`,
              [
                `X-RateLimit-Remaining went from ${was} to ${after.headers['x-ratelimit-remaining']} across ${answer.what} (HTTP ${sent?.status}) and one more request`,
              ],
            );
          },
        });
      }
    },
    { estimate: () => 6 * 5 },
  );
});

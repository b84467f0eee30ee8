// The items the list checks work on, made through the API: pets of a category of their own with
// every status and names around a random token (in both cases, in the middle, at the longest a
// name may be), categories named around the token, orders of a pet of their own on four ship
// dates with one complete, the pets' inventory entries, and records of each resource a draft adds
// (record-lists.ts). Each list gets the filter that keeps the suite's items apart (its scope),
// and the filter values to probe at their edges and middle.
import { CHECKING_PET_STORE_DRAFT } from './contract-spec.js';
import { longestText, refusedText } from './draft-bodies.js';
import { send } from './exchange.js';
import type { Item } from './list-semantics.js';
import { recordListScopes } from './record-lists.js';
import { create, goneId, remember, sendCompleted, stock } from './test-data.js';
import { describeExchange } from './violation.js';

export type Probe = { value: string; why: string };

export type ListScope = {
  /** Why the suite has no items of this list: its checks are skipped, saying so. */
  skipped?: string;
  /** The filter that keeps the suite's items apart; empty when they are read at the end of the list. */
  query: Record<string, string | number>;
  /** The list's path with its parent's id, for a sub-collection of a record of the suite's own (which keeps them apart). */
  path?: string;
  /** The suite's items, as the list shows them. */
  items: Item[];
  /** Values of a filter to try, each with why. */
  probes(parameter: string): Probe[];
};

export type ListData = { scopes: Record<string, ListScope> };

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const DAY_MS = 86_400_000;
const FIRST_SHIP_DATE = Date.parse('2035-03-01T10:00:00.000Z');

function randomToken(): string {
  let token = 'Zq';
  for (let index = 0; index < 6; index += 1) token += LETTERS[Math.floor(Math.random() * LETTERS.length)];
  return token;
}

async function write(method: string, path: string, json: unknown, what: string): Promise<Item> {
  const { exchange } = await sendCompleted(method, path, json);
  if (exchange.status < 200 || exchange.status > 299)
    throw new Error(
      `Could not set up the list checks: ${what} failed.\n  Expected:  a success\n${describeExchange(exchange)}`,
    );
  return exchange.body as Item;
}

async function read(path: string, what: string): Promise<Item> {
  const exchange = await send({ method: 'GET', path });
  if (exchange.status !== 200)
    throw new Error(
      `Could not set up the list checks: ${what} failed.\n  Expected:  a success\n${describeExchange(exchange)}`,
    );
  return exchange.body as Item;
}

/** An id that names nothing: made and removed again. */
function removedId(kind: 'pet' | 'category', categoryId: number, token: string): Promise<number> {
  return goneId(kind, () =>
    kind === 'category'
      ? create('category', '/categories', { name: `${token}-removed` }, 'a category to remove')
      : create('pet', '/pets', { name: `${token}-removed`, categoryId }, 'a pet to remove'),
  );
}

/**
 * The categories' scope: the token's filter keeps them apart where their names hold it. Where the
 * contract refuses the names written (a draft's narrow pattern: names drawn in their place), no
 * filter can, and they are judged where the list's order puts them, probed by the names drawn.
 */
function categoryScope(categories: Item[], token: string, written: string): ListScope {
  const names = categories.map((category) => String(category.name));
  const longest = names.reduce((one, other) => (other.length > one.length ? other : one), '');
  if (refusedText('createCategory', { name: written }) !== undefined) {
    const probes = [
      { value: longest.toUpperCase(), why: 'the longest name drawn, in another case' },
      { value: longest.slice(1, -1), why: 'a part from the middle of a name drawn' },
      { value: token, why: 'a text the names drawn do not hold' },
    ];
    return { query: {}, items: categories, probes: (parameter) => (parameter === 'name' ? probes : []) };
  }
  const probes = [
    { value: token, why: 'the token as written' },
    { value: token.toUpperCase(), why: 'the token in upper case' },
    { value: token.toLowerCase(), why: 'the token in lower case' },
    { value: token.slice(1, -1), why: 'a part from the middle of the token' },
    { value: longest.toUpperCase(), why: `a whole name of ${longest.length} characters, the longest, in another case` },
  ];
  return { query: { name: token }, items: categories, probes: (parameter) => (parameter === 'name' ? probes : []) };
}

const iso = (ms: number) => new Date(ms).toISOString();

export async function createListData(): Promise<ListData> {
  // Another API's lists: only the records of its own resources.
  if (!CHECKING_PET_STORE_DRAFT) return { scopes: await recordListScopes({}) };
  const token = randomToken();
  const upper = token.toUpperCase();
  const lower = token.toLowerCase();

  const categoryNames = [`${token}-home`, `${token}-empty`, `${lower}-two`, `x${upper}y`];
  categoryNames.push(
    `${token}-${'n'.repeat(Math.max(0, longestText('POST', '/categories', 'name', 50) - token.length - 1))}`,
  );
  const categories: Item[] = [];
  for (const name of categoryNames) {
    const category = await write('POST', '/categories', { name }, 'creating a category');
    remember('category', Number(category.id));
    categories.push(category);
  }
  const home = Number(categories[0]?.id);
  const empty = Number(categories[1]?.id);

  // Orders first, of a pet in another category: the pets made next are the newest, and so
  // the last entries of the inventory.
  const orderedPet = await create(
    'pet',
    '/pets',
    { name: `${token}-ordered`, categoryId: Number(categories[2]?.id), status: 'available' },
    'a pet to order',
  );
  await stock(orderedPet, 100);
  const orders: Item[] = [];
  for (let day = 0; day < 4; day += 1) {
    const order = await write(
      'POST',
      '/store/orders',
      { petId: orderedPet, quantity: 1 + day, shipDate: iso(FIRST_SHIP_DATE + day * DAY_MS) },
      'placing an order',
    );
    remember('order', Number(order.id));
    orders.push(order);
  }
  // The last one complete: it stays (a complete order cannot be cancelled), its pet may go.
  const completed = await write('PATCH', `/store/orders/${orders[3]?.id}`, { complete: true }, 'completing an order');
  orders[3] = completed;
  const petSpecs: Array<[string, string]> = [
    [`${token}-alpha`, 'available'],
    [`${lower}-bravo`, 'pending'],
    [`pre-${upper}-charlie`, 'sold'],
    ['delta-plain', 'available'],
    ['foxtrot', 'pending'],
    ['golf', 'sold'],
    [`${token}-${'x'.repeat(Math.max(0, longestText('POST', '/pets', 'name', 100) - token.length - 1))}`, 'available'],
  ];
  const pets: Item[] = [];
  for (const [name, status] of petSpecs) {
    const pet = await write('POST', '/pets', { name, categoryId: home, status }, 'creating a pet');
    remember('pet', Number(pet.id));
    pets.push(pet);
  }
  const longPet = String(pets[6]?.name);
  const inventory: Item[] = [];
  for (const pet of pets) inventory.push(await read(`/store/inventory/${pet.id}`, 'reading a pet’s stock'));

  const noPet = await removedId('pet', home, token);
  const noCategory = await removedId('category', home, token);
  const shipDates = orders.map((order) => Date.parse(String(order.shipDate)));
  const [t0 = 0, t1 = 0, t2 = 0, t3 = 0] = shipDates;

  const petProbes = (parameter: string): Probe[] => {
    switch (parameter) {
      case 'status':
        return ['available', 'pending', 'sold'].map((value) => ({ value, why: 'an enum value' }));
      case 'categoryId':
        return [
          { value: String(home), why: "the suite's category" },
          { value: String(empty), why: 'a category without pets' },
          { value: String(noCategory), why: 'an id that names no category' },
        ];
      case 'name':
        return [
          { value: token, why: 'the token as written' },
          { value: upper, why: 'the token in upper case' },
          { value: lower, why: 'the token in lower case' },
          { value: 'A', why: 'one character, the shortest a filter may be' },
          { value: 'harl', why: 'a part from the middle of a name' },
          { value: longPet.toLowerCase(), why: 'a whole name of 100 characters, the longest, in another case' },
          { value: `${token}-zzz`, why: 'a text no name contains' },
        ];
      default:
        return [];
    }
  };

  // A draft's resources: a sub-collection of a pet under the ordered pet, whose list no other check reads.
  const records = await recordListScopes({ petId: orderedPet, categoryId: home, orderId: Number(orders[0]?.id) });
  return {
    scopes: {
      ...records,
      listPets: { query: { categoryId: home }, items: pets, probes: petProbes },
      listCategories: categoryScope(categories, token, categoryNames[0] ?? token),
      listOrders: {
        query: { petId: orderedPet },
        items: orders,
        probes: (parameter) => {
          switch (parameter) {
            case 'petId':
              return [
                { value: String(orderedPet), why: "the suite's pet" },
                { value: String(noPet), why: 'an id that names no pet' },
              ];
            case 'complete':
              return [
                { value: 'true', why: 'complete orders' },
                { value: 'false', why: 'open orders' },
              ];
            case 'shipDateFrom':
              return [
                { value: iso(t1), why: 'exactly a ship date: inclusive' },
                { value: iso(t1 + 1), why: 'a millisecond after a ship date' },
                { value: iso(t0 - 1), why: 'a millisecond before the first' },
                { value: iso((t1 + t2) / 2), why: 'between two ship dates' },
                { value: iso(t3 + 1), why: 'after the last' },
              ];
            case 'shipDateTo':
              return [
                { value: iso(t2), why: 'exactly a ship date: exclusive' },
                { value: iso(t2 + 1), why: 'a millisecond after a ship date' },
                { value: iso(t0), why: 'exactly the first' },
                { value: iso((t1 + t2) / 2), why: 'between two ship dates' },
                { value: iso(t3 + 1), why: 'after the last' },
              ];
            default:
              return [];
          }
        },
      },
      listInventory: {
        query: {},
        items: inventory,
        probes: (parameter) =>
          parameter === 'status'
            ? ['available', 'pending', 'sold'].map((value) => ({ value, why: 'an enum value' }))
            : [],
      },
    },
  };
}

// Broken only when requests overlap, as real implementations are (a read, a wait, a write): each
// passes every check sent one request at a time and must be caught by the checks sent at once.
import type { DepthBreakage } from './breakage-helpers.js';
import { bodyOf, setHeader } from './breakage-helpers.js';
import type { Breakage, ProxiedRequest } from './broken-proxy.js';

/** How long each matching request is held, so that ten sent at once are under way together. */
const HOLD_MS = 300;
const hold = () => new Promise((resolve) => setTimeout(resolve, HOLD_MS));

/** Marks each request that arrives while another of `matches` is under way. */
function overlapTracker(matches: (request: ProxiedRequest) => boolean) {
  let underWay = 0;
  const overlapping = new WeakSet<ProxiedRequest>();
  return {
    arrive(request: ProxiedRequest): ProxiedRequest {
      if (!matches(request)) return request;
      if (underWay > 0) overlapping.add(request);
      underWay += 1;
      return request;
    },
    leave(request: ProxiedRequest): boolean {
      if (!matches(request)) return false;
      underWay -= 1;
      return overlapping.has(request);
    },
  };
}

const isCreatePet = (request: ProxiedRequest) => request.method === 'POST' && request.path === '/v1/pets';
const isPlaceOrder = (request: ProxiedRequest) => request.method === 'POST' && request.path === '/v1/store/orders';
const isListCategories = (request: ProxiedRequest) =>
  request.method === 'GET' && request.path.startsWith('/v1/categories');

export const CONCURRENCY_BREAKAGES: DepthBreakage[] = [
  {
    depth: 'concurrency',
    name: 'an id handed out twice to creates that overlap',
    operation: 'createPet',
    caughtAs: /createPet: [\s\S]*id \d+ was handed out to two pets/,
    checks: ['concurrency'],
    operations: ['createPet'],
    breakage: (): Breakage => {
      const creates = overlapTracker(isCreatePet);
      let lastId: unknown;
      return {
        request: (request) => creates.arrive(request),
        response: async (response, request) => {
          if (isCreatePet(request)) await hold();
          if (!creates.leave(request) || response.status !== 201) {
            if (response.status === 201) lastId = (JSON.parse(response.body) as { id: unknown }).id;
            return response;
          }
          const pet = JSON.parse(response.body) as Record<string, unknown>;
          return { ...response, body: JSON.stringify({ ...pet, id: lastId ?? pet.id }) };
        },
      };
    },
  },
  {
    depth: 'concurrency',
    name: 'stock read, then written from that stale read once the order is placed (a lost update)',
    operation: 'placeOrder',
    caughtAs:
      /placeOrder: [\s\S]*(orders placed of 10 sent at once for 3 units in stock|the stock of pet \d+ after 10 orders of one unit sent at once for 3)/,
    checks: ['concurrency'],
    operations: ['placeOrder'],
    breakage: (origin): Breakage => {
      // Each order reads the stock, pauses, and once placed writes "what it read less its units":
      // alone that is right; at once, every order writes from the same stale read.
      const readBefore = new WeakMap<ProxiedRequest, number>();
      const inventoryOf = (request: ProxiedRequest) =>
        `${origin}/v1/store/inventory/${(bodyOf(request) as { petId?: number }).petId}`;
      const headersOf = (request: ProxiedRequest) => ({ ...request.headers, 'content-type': 'application/json' });
      return {
        request: async (request) => {
          if (!isPlaceOrder(request)) return request;
          const read = (await (await fetch(inventoryOf(request), { headers: headersOf(request) })).json()) as {
            quantity?: number;
          };
          readBefore.set(request, read.quantity ?? 0);
          await hold();
          return request;
        },
        response: async (response, request) => {
          const read = readBefore.get(request);
          if (response.status === 201 && read !== undefined) {
            const quantity = Number((bodyOf(request) as { quantity?: number }).quantity ?? 1);
            await fetch(inventoryOf(request), {
              method: 'PUT',
              headers: headersOf(request),
              body: JSON.stringify({ quantity: Math.max(0, read - quantity) }),
            });
          }
          return response;
        },
      };
    },
  },
  {
    depth: 'concurrency',
    name: 'X-RateLimit-Remaining told twice to requests that overlap',
    operation: 'listCategories',
    caughtAs: /listCategories: [\s\S]*X-RateLimit-Remaining \d+ was told to two of 10 requests sent at once/,
    checks: ['concurrency'],
    operations: ['listCategories'],
    breakage: (): Breakage => {
      const reads = overlapTracker(isListCategories);
      let lastRemaining: string | undefined;
      return {
        request: (request) => reads.arrive(request),
        response: async (response, request) => {
          if (isListCategories(request)) await hold();
          const overlapping = reads.leave(request);
          if (overlapping && lastRemaining !== undefined)
            return setHeader(response, 'x-ratelimit-remaining', lastRemaining);
          lastRemaining = response.headers['x-ratelimit-remaining'];
          return response;
        },
      };
    },
  },
];

// Broken only when requests overlap, as real implementations are (a read, a wait, a write): each
// passes every check sent one request at a time and must be caught by the checks sent at once.
import type { DepthBreakage } from './breakage-helpers.js';
import { bodyOf, setHeader } from './breakage-helpers.js';
import type { Breakage, ProxiedRequest } from './broken-proxy.js';

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
        response: (response, request) => {
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
    name: 'stock read before any overlapping order took it, so it is taken twice',
    operation: 'placeOrder',
    caughtAs:
      /placeOrder: [\s\S]*orders placed of 10 sent at once for 3 units in stock \(stock taken once\) is (?!3\b)\d+/,
    checks: ['concurrency'],
    operations: ['placeOrder'],
    breakage: (origin): Breakage => {
      const orders = overlapTracker(isPlaceOrder);
      return {
        request: async (request) => {
          if (!orders.arrive(request) || !isPlaceOrder(request)) return request;
          // Every order that overlaps another finds the stock it needs, as if read before the others wrote.
          const { petId, quantity } = bodyOf(request) as { petId?: number; quantity?: number };
          const inventory = `${origin}/v1/store/inventory/${petId}`;
          const headers = { ...request.headers, 'content-type': 'application/json' };
          const read = (await (await fetch(inventory, { headers })).json()) as { quantity?: number };
          if ((read.quantity ?? 0) < (quantity ?? 1))
            await fetch(inventory, { method: 'PUT', headers, body: JSON.stringify({ quantity }) });
          return request;
        },
        response: (response, request) => {
          orders.leave(request);
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
        response: (response, request) => {
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

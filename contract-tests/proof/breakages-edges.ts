// Broken at the service's edges: keys matched loosely, a 405 without Allow, a header of the 200
// on an error, a successor Link that leads nowhere, a create that stores what its input lacks.
import { bodyOf, type DepthBreakage, setHeader, upstream } from './breakage-helpers.js';
import type { ProxiedRequest } from './broken-proxy.js';

const withKey = (request: ProxiedRequest, change: (key: string) => string): ProxiedRequest => {
  const key = request.headers['x-api-key'];
  return key === undefined ? request : { ...request, headers: { ...request.headers, 'x-api-key': change(key) } };
};

function decoded(key: string): string {
  try {
    return decodeURIComponent(key);
  } catch {
    return key;
  }
}

export const EDGE_BREAKAGES: DepthBreakage[] = [
  {
    depth: 'edges',
    name: 'keys matched whatever their case',
    operation: 'listCategories',
    caughtAs: /listCategories: the API key with its letters in the other case gets 401/,
    checks: ['negative'],
    operations: ['listCategories'],
    breakage: () => ({ request: (request) => withKey(request, (key) => key.toLowerCase()) }),
  },
  {
    depth: 'edges',
    name: 'keys trimmed of the space around them',
    operation: 'listCategories',
    caughtAs: /listCategories: the API key with a no-break space around it gets 401/,
    checks: ['negative'],
    operations: ['listCategories'],
    breakage: () => ({ request: (request) => withKey(request, (key) => key.trim()) }),
  },
  {
    depth: 'edges',
    name: 'keys percent-decoded before they are matched',
    operation: 'listCategories',
    caughtAs: /listCategories: the API key with its first character percent-encoded gets 401/,
    checks: ['negative'],
    operations: ['listCategories'],
    breakage: () => ({ request: (request) => withKey(request, decoded) }),
  },
  {
    depth: 'edges',
    name: 'a 405 without Allow',
    operation: 'listCategories',
    caughtAs: /listCategories: a method \/categories does not take gets 405[\s\S]*Allow is missing/,
    checks: ['negative'],
    operations: ['listCategories'],
    breakage: () => ({
      response: (response) => {
        if (response.status !== 405) return response;
        const { allow: _dropped, ...headers } = response.headers;
        return { ...response, headers };
      },
    }),
  },
  {
    depth: 'edges',
    name: 'X-API-Stability on the 404 of reading one inventory entry (declared on the 200 only)',
    operation: 'getInventoryItem',
    caughtAs: /getInventoryItem: an unknown id gets 404[\s\S]*header X-API-Stability is answered with 404/,
    checks: ['negative'],
    operations: ['getInventoryItem'],
    breakage: () => ({
      response: (response, request) =>
        response.status === 404 && /^\/v1\/store\/inventory\/\d+$/.test(request.path)
          ? setHeader(response, 'x-api-stability', 'beta')
          : response,
    }),
  },
  {
    depth: 'edges',
    name: 'a successor Link without the base path, which answers 404',
    operation: 'getPetLegacy',
    caughtAs: /getPetLegacy: well-formed Deprecation[\s\S]*the successor answered 404/,
    checks: ['deprecation'],
    operations: ['getPetLegacy'],
    breakage: () => ({
      response: (response) =>
        response.headers.link
          ? setHeader(response, 'link', response.headers.link.replace('</v1/pets/by-id/', '</pets/by-id/'))
          : response,
    }),
  },
];

/** Mass assignment: `complete: true` in a new order's body creates a complete order. */
export const MASS_ASSIGNMENT_BREAKAGE: DepthBreakage = {
  depth: 'edges',
  name: "an order created complete when the new order's body says complete: true",
  operation: 'placeOrder',
  caughtAs: /placeOrder: properties of the answer its input lacks[\s\S]*complete is true, as sent/,
  checks: ['values'],
  operations: ['placeOrder'],
  breakage: (origin) => ({
    response: async (response, request) => {
      if (request.method !== 'POST' || request.path !== '/v1/store/orders' || response.status !== 201) return response;
      if (bodyOf(request).complete !== true) return response;
      const order = JSON.parse(response.body) as { id: number };
      const completed = await upstream(origin, request, 'PATCH', `/v1/store/orders/${order.id}`, { complete: true });
      return { ...response, body: JSON.stringify(completed.body) };
    },
  }),
};

/** Mass assignment on an update: the entry's petId taken from the body when it has one, over the path's. */
export const UPDATE_MASS_ASSIGNMENT_BREAKAGE: DepthBreakage = {
  depth: 'edges',
  name: "an inventory update that takes the entry's petId from its body",
  operation: 'updateInventory',
  caughtAs: /updateInventory: properties of the answer its input lacks[\s\S]*petId is \d+, as sent/,
  checks: ['values'],
  operations: ['updateInventory'],
  breakage: () => ({
    response: (response, request) => {
      if (request.method !== 'PUT' || !/^\/v1\/store\/inventory\/\d+$/.test(request.path) || response.status !== 200)
        return response;
      const { petId } = bodyOf(request);
      if (petId === undefined) return response;
      return { ...response, body: JSON.stringify({ ...JSON.parse(response.body), petId }) };
    },
  }),
};

// Broken where filters, pages and business rules look: an offset off by one, a filter with
// case, an inclusive upper bound, stock not returned or not taken, a category in use "deleted".
import { type DepthBreakage, setHeader, upstream } from './breakage-helpers.js';
import { rewriteJson } from './broken-proxy.js';

export const LIST_AND_RULE_BREAKAGES: DepthBreakage[] = [
  {
    depth: 'lists',
    name: 'offset off by one',
    operation: 'listPets',
    caughtAs: /listPets: ids [\d, ]+ came back[\s\S]*Expected: +the page limit=\d+, offset=[1-9]/,
    checks: ['lists'],
    operations: ['listPets'],
    breakage: () => ({
      request: (request) => {
        const url = new URL(request.path, 'http://proxy');
        const offset = Number(url.searchParams.get('offset') ?? 0);
        if (request.method !== 'GET' || url.pathname !== '/v1/pets' || offset === 0) return request;
        url.searchParams.set('offset', String(offset + 1));
        return { ...request, path: url.pathname + url.search };
      },
    }),
  },
  {
    depth: 'lists',
    name: 'the name filter compared with case',
    operation: 'listCategories',
    caughtAs:
      /^listCategories: name keeps exactly the items with name contains it, compared without case\n[\s\S]*ids [\d, ]+ came back[\s\S]*\(the token (as written|in upper case|in lower case)\)/,
    checks: ['lists'],
    operations: ['listCategories'],
    breakage: () => ({
      response: (response, request) => {
        const url = new URL(request.path, 'http://proxy');
        const name = url.searchParams.get('name');
        if (request.method !== 'GET' || url.pathname !== '/v1/categories' || name === null) return response;
        const changed = rewriteJson(response, (body) =>
          (body as Array<{ name: string }>).filter((category) => category.name.includes(name)),
        );
        return setHeader(changed, 'x-total-count', String((JSON.parse(changed.body) as unknown[]).length));
      },
    }),
  },
  {
    depth: 'lists',
    name: 'shipDateTo taken as inclusive',
    operation: 'listOrders',
    caughtAs:
      /^listOrders: shipDateTo keeps exactly the items with shipDate before it \(exclusive\)\n[\s\S]*(\d+ item\(s\) do not match shipDateTo=|came back)/,
    checks: ['lists'],
    operations: ['listOrders'],
    breakage: () => ({
      request: (request) => {
        const url = new URL(request.path, 'http://proxy');
        const to = url.searchParams.get('shipDateTo');
        if (request.method !== 'GET' || url.pathname !== '/v1/store/orders' || to === null) return request;
        url.searchParams.set('shipDateTo', new Date(Date.parse(to) + 1).toISOString());
        return { ...request, path: url.pathname + url.search };
      },
    }),
  },
  // Business rules.
  {
    depth: 'rules',
    name: 'a cancelled order whose units do not go back',
    operation: 'cancelOrder',
    caughtAs:
      /^cancelOrder: cancelling an open order puts its units back\n[\s\S]*the stock of pet \d+ after cancelling that order is 6/,
    checks: ['rules'],
    operations: ['cancelOrder'],
    breakage: (origin) => ({
      request: async (request) => {
        const match = /^\/v1\/store\/orders\/(\d+)$/.exec(request.path);
        if (request.method !== 'DELETE' || !match) return request;
        const order = await upstream(origin, request, 'GET', request.path);
        const cancelled = await upstream(origin, request, 'DELETE', request.path);
        if (cancelled.status === 204 && typeof order.body?.petId === 'number') {
          const stock = await upstream(origin, request, 'GET', `/v1/store/inventory/${order.body.petId}`);
          await upstream(origin, request, 'PUT', `/v1/store/inventory/${order.body.petId}`, {
            quantity: Number(stock.body?.quantity) - Number(order.body.quantity),
          });
        }
        // The order is gone: the client's own DELETE now reads as the mock's 404, so answer it here.
        return cancelled.status === 204
          ? {
              status: 204,
              headers: {
                'x-ratelimit-limit': '10000',
                'x-ratelimit-remaining': '9000',
                'x-ratelimit-reset': String(Math.ceil(Date.now() / 60_000) * 60),
              },
              body: '',
            }
          : request;
      },
    }),
  },
  {
    depth: 'rules',
    name: 'an order that takes no units from the inventory',
    operation: 'placeOrder',
    caughtAs:
      /^placeOrder: the units leave the inventory[^\n]*\n[\s\S]*the stock of pet \d+ after an order of 3 from 5 is 5/,
    checks: ['rules'],
    operations: ['placeOrder'],
    breakage: (origin) => ({
      response: async (response, request) => {
        if (request.method !== 'POST' || request.path !== '/v1/store/orders' || response.status !== 201)
          return response;
        const order = JSON.parse(response.body) as { petId: number; quantity: number };
        const stock = await upstream(origin, request, 'GET', `/v1/store/inventory/${order.petId}`);
        await upstream(origin, request, 'PUT', `/v1/store/inventory/${order.petId}`, {
          quantity: Number(stock.body?.quantity) + order.quantity,
        });
        return response;
      },
    }),
  },
  {
    depth: 'rules',
    name: 'a category in use answered as deleted',
    operation: 'deleteCategory',
    caughtAs:
      /^deleteCategory: a category that pets belong to is 409 CATEGORY_IN_USE[^\n]*\n[\s\S]*status 204, expected 409/,
    checks: ['rules'],
    operations: ['deleteCategory'],
    breakage: () => ({
      response: (response, request) =>
        request.method === 'DELETE' && response.status === 409 && /^\/v1\/categories\//.test(request.path)
          ? { ...response, status: 204, body: '' }
          : response,
    }),
  },
];

// Implementations broken where one fixed request does not look: at a bound, in a default, in a
// filter's semantics, in a business rule, in the rate-limit headers. Each is a proxy in front of
// a correct mock, with the run that must catch it and what the failure must say.
import type { CheckKind } from '../check-kinds.js';
import type { Breakage, ProxiedRequest, ProxiedResponse } from './broken-proxy.js';
import { rewriteJson } from './broken-proxy.js';

export type DepthBreakage = {
  /** Which Depth point of the issue it shows. */
  depth: 'generated' | 'values' | 'lists' | 'rules' | 'rate limits';
  name: string;
  /** The operation the failure must name, and the rule, as the report words it. */
  operation: string;
  caughtAs: RegExp;
  /** The narrowest run that must catch it. */
  checks: CheckKind[];
  operations: string[];
  /** Needs a key the suite may drive into its limit and ban. */
  rateLimitKey?: boolean;
  breakage: (origin: string) => Breakage;
};

const codePoints = (text: unknown) => (typeof text === 'string' ? [...text].length : 0);
const bodyOf = (request: ProxiedRequest): Record<string, unknown> => {
  try {
    return JSON.parse(request.body || '{}') as Record<string, unknown>;
  } catch {
    return {};
  }
};
const withBody = (request: ProxiedRequest, body: unknown): ProxiedRequest => ({
  ...request,
  body: JSON.stringify(body),
});
const isPetWrite = (request: ProxiedRequest) =>
  (request.method === 'POST' && request.path === '/v1/pets') ||
  (request.method === 'PUT' && /^\/v1\/pets\/\d+$/.test(request.path));

function refuse(request: ProxiedRequest, message: string): ProxiedResponse {
  return {
    status: 400,
    headers: {
      'content-type': 'application/json',
      'x-ratelimit-limit': '10000',
      'x-ratelimit-remaining': '9000',
      'x-ratelimit-reset': String(Math.ceil(Date.now() / 60_000) * 60),
    },
    body: JSON.stringify({
      code: 'INVALID_BODY',
      message: `${message} (${request.method} ${request.path})`,
      status: 400,
    }),
  };
}

/** A call to the mock behind the proxy, with the client's own key. */
async function upstream(origin: string, request: ProxiedRequest, method: string, path: string, body?: unknown) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { 'x-api-key': request.headers['x-api-key'] ?? '', 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json().catch(() => undefined)) as Record<string, unknown> };
}

const setHeader = (response: ProxiedResponse, name: string, value: string): ProxiedResponse => ({
  ...response,
  headers: { ...response.headers, [name]: value },
});

export const DEPTH_BREAKAGES: DepthBreakage[] = [
  // Requests generated from the schemas.
  {
    depth: 'generated',
    name: "a pet's name limited to 99 characters (maxLength off by one)",
    operation: 'createPet',
    caughtAs: /createPet: status 400, expected 201[\s\S]*Smallest failing input[^\n]*"name":"(z{100}|(?:🐾){100})"/,
    checks: ['generated'],
    operations: ['createPet'],
    breakage: () => ({
      request: (request) =>
        isPetWrite(request) && codePoints(bodyOf(request).name) >= 100 ? refuse(request, 'name: at most 99') : request,
    }),
  },
  {
    depth: 'generated',
    name: 'a name one past maxLength cut to 100 and stored',
    operation: 'createPet',
    caughtAs: /createPet: status 201, expected 400[\s\S]*body name longer than maxLength 100/,
    checks: ['generated'],
    operations: ['createPet'],
    breakage: () => ({
      request: (request) => {
        const body = bodyOf(request);
        return isPetWrite(request) && codePoints(body.name) > 100
          ? withBody(request, { ...body, name: [...String(body.name)].slice(0, 100).join('') })
          : request;
      },
    }),
  },
  {
    depth: 'generated',
    name: 'lengths counted in UTF-16 units instead of characters',
    operation: 'updatePet',
    caughtAs: /updatePet: status 400, expected 200[\s\S]*Smallest failing input[^\n]*"name":"(?:🐾){100}"/,
    checks: ['generated'],
    operations: ['updatePet'],
    breakage: () => ({
      request: (request) => {
        const name = bodyOf(request).name;
        return isPetWrite(request) && typeof name === 'string' && name.length > 100
          ? refuse(request, 'name: more than 100 characters')
          : request;
      },
    }),
  },
  {
    depth: 'generated',
    name: 'an order of 0 units taken as 1 (minimum not checked)',
    operation: 'placeOrder',
    caughtAs: /placeOrder: status 201, expected 400[\s\S]*body quantity below minimum 1/,
    checks: ['generated'],
    operations: ['placeOrder'],
    breakage: () => ({
      request: (request) => {
        const body = bodyOf(request);
        return request.method === 'POST' && request.path === '/v1/store/orders' && body.quantity === 0
          ? withBody(request, { ...body, quantity: 1 })
          : request;
      },
    }),
  },
  // Values as declared: defaults, formats, read-back.
  {
    depth: 'values',
    name: "a new pet's status not defaulted to available",
    operation: 'createPet',
    caughtAs: /^createPet: status left out takes its default "available"\n[\s\S]*status is "pending"/,
    checks: ['values'],
    operations: ['createPet'],
    breakage: () => ({
      request: (request) => {
        const body = bodyOf(request);
        return request.method === 'POST' && request.path === '/v1/pets' && body.status === undefined
          ? withBody(request, { ...body, status: 'pending' })
          : request;
      },
    }),
  },
  {
    depth: 'values',
    name: "a ship date's offset dropped (stored as if UTC)",
    operation: 'placeOrder',
    caughtAs:
      /^placeOrder: shipDate written with an offset[^\n]*\n[\s\S]*shipDate is "2031-05-17T13:45:30.125Z", another instant/,
    checks: ['values'],
    operations: ['placeOrder'],
    breakage: () => ({
      request: (request) =>
        request.method === 'POST' && request.path === '/v1/store/orders'
          ? { ...request, body: request.body.replace(/([+-]\d{2}:\d{2})"/g, 'Z"') }
          : request,
    }),
  },
  {
    depth: 'values',
    name: 'a replacement (PUT) that keeps a description it was not sent',
    operation: 'updateCategory',
    caughtAs: /^updateCategory: description left out of a replacement is removed\n[\s\S]*description is still "[^"]*"/,
    checks: ['values'],
    operations: ['updateCategory'],
    breakage: (origin) => ({
      request: async (request) => {
        const body = bodyOf(request);
        if (request.method !== 'PUT' || !/^\/v1\/categories\/\d+$/.test(request.path) || 'description' in body)
          return request;
        const current = await upstream(origin, request, 'GET', request.path);
        const kept = current.body?.description;
        return kept === undefined ? request : withBody(request, { ...body, description: kept });
      },
    }),
  },
  // Filters and pages on the suite's own data.
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
  // Rate limits.
  {
    depth: 'rate limits',
    name: 'X-RateLimit-Remaining falling by two per request',
    operation: 'listPets',
    caughtAs: /listPets: X-RateLimit-Remaining is \d+ after one more request[\s\S]*one less than the answer before/,
    checks: ['rate-limits'],
    operations: ['listPets'],
    rateLimitKey: true,
    breakage: () => ({
      response: (response) => {
        const limit = Number(response.headers['x-ratelimit-limit']);
        const remaining = Number(response.headers['x-ratelimit-remaining']);
        return setHeader(response, 'x-ratelimit-remaining', String(Math.max(0, remaining - (limit - remaining))));
      },
    }),
  },
  {
    depth: 'rate limits',
    name: 'a Retry-After 30 s longer than the window it refers to',
    operation: 'listPets',
    caughtAs: /listPets: Retry-After "\d+" \(\d+ s\) does not agree with X-RateLimit-Reset/,
    checks: ['rate-limits'],
    operations: ['listPets'],
    rateLimitKey: true,
    breakage: () => ({
      response: (response) =>
        response.status === 429
          ? setHeader(response, 'retry-after', String(Number(response.headers['retry-after']) + 30))
          : response,
    }),
  },
  {
    depth: 'rate limits',
    name: 'an HTTP-date Retry-After a minute early',
    operation: 'listPets',
    caughtAs: /listPets: Retry-After "[A-Z][a-z]{2}, [^"]+ GMT" \(\d+ s\) does not agree with X-RateLimit-Reset/,
    checks: ['rate-limits'],
    operations: ['listPets'],
    rateLimitKey: true,
    breakage: () => ({
      response: (response) =>
        response.status === 429
          ? setHeader(
              response,
              'retry-after',
              new Date(
                Date.parse(response.headers.date ?? '') + (Number(response.headers['retry-after']) - 60) * 1000,
              ).toUTCString(),
            )
          : response,
    }),
  },
  {
    depth: 'rate limits',
    name: 'a ban whose Retry-After is not its length',
    operation: 'listPets',
    caughtAs: /listPets: Retry-After is 60 s on the answer that started the ban, expected its length of 600 s/,
    checks: ['rate-limits'],
    operations: ['listPets'],
    rateLimitKey: true,
    breakage: () => ({
      response: (response) => (response.status === 403 ? setHeader(response, 'retry-after', '60') : response),
    }),
  },
];

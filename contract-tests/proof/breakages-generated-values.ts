// Broken where generated requests and declared values look: a bound off by one, a length
// counted in the wrong unit, a default not applied, an offset dropped, a PUT that keeps a field.
import { bodyOf, codePoints, type DepthBreakage, isPetWrite, refuse, upstream, withBody } from './breakage-helpers.js';

export const GENERATED_AND_VALUE_BREAKAGES: DepthBreakage[] = [
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
];

// Broken in a part of the range the contract allows that data close to ASCII and one filter at a
// time never reach: text normalised on the way in, a date-time form refused, and filters that
// stop combining once there are three.
import { bodyOf, type DepthBreakage, isPetWrite, refuse, withBody } from './breakage-helpers.js';

const PAGING = new Set(['limit', 'offset']);

export const RANGE_BREAKAGES: DepthBreakage[] = [
  {
    depth: 'range',
    name: 'names normalised to NFC (a letter and its combining accent stored as one)',
    operation: 'createPet',
    caughtAs:
      /createPet: (requests generated valid[\s\S]*name is|a request with body name longer than maxLength 100 in combining sequences gets 400)/,
    checks: ['generated'],
    operations: ['createPet'],
    breakage: () => ({
      request: (request) => {
        if (!isPetWrite(request)) return request;
        const body = bodyOf(request);
        return typeof body.name === 'string'
          ? withBody(request, { ...body, name: body.name.normalize('NFC') })
          : request;
      },
    }),
  },
  {
    depth: 'range',
    name: 'a date-time with a lower-case t or z refused (RFC 3339 allows both)',
    operation: 'placeOrder',
    caughtAs: /placeOrder: [\s\S]*status 400/,
    checks: ['generated'],
    operations: ['placeOrder'],
    breakage: () => ({
      request: (request) => {
        const shipDate = bodyOf(request).shipDate;
        return request.method === 'POST' &&
          request.path === '/v1/store/orders' &&
          typeof shipDate === 'string' &&
          /[tz]/.test(shipDate)
          ? refuse(request, 'shipDate: not a date-time')
          : request;
      },
    }),
  },
  {
    depth: 'range',
    name: 'the third of three filters ignored',
    operation: 'listPets',
    caughtAs: /listPets: filters given together keep exactly the items that match them all/,
    checks: ['lists'],
    operations: ['listPets'],
    breakage: () => ({
      request: (request) => {
        const url = new URL(request.path, 'http://proxy');
        if (request.method !== 'GET' || url.pathname !== '/v1/pets') return request;
        const filters = [...url.searchParams.keys()].filter((name) => !PAGING.has(name));
        if (filters.length < 3) return request;
        url.searchParams.delete(filters[2] as string);
        return { ...request, path: `${url.pathname}${url.search}` };
      },
    }),
  },
];

// Broken in what well-formed headers and fields say (a header on the wrong operation, a link to
// the wrong page, a count of the wrong set, an id that names nothing, a limit that counts the
// wrong answers), and in a business rule's other direction (a refusal that outlives its cause).
import { type DepthBreakage, setHeader, upstream } from './breakage-helpers.js';
import type { Breakage, ProxiedResponse } from './broken-proxy.js';
import { rewriteJson } from './broken-proxy.js';

/** The mock's answer turned into a refusal with the Error object, its headers kept. */
function asRefusal(response: ProxiedResponse, status: number, code: string, message: string): ProxiedResponse {
  return { ...response, status, body: JSON.stringify({ code, message, status }) };
}

const isList = (path: string, list: string) => path === `/v1/${list}` || path.startsWith(`/v1/${list}?`);

/** A Remaining off by `shift` from the answer it is on, for every answer after the first shift. */
function remainingShifter(shiftAfter: (status: number, hadKey: boolean) => number): Breakage {
  let shift = 0;
  return {
    response: (response, request) => {
      shift += shiftAfter(response.status, request.headers['x-api-key'] !== undefined);
      const remaining = response.headers['x-ratelimit-remaining'];
      if (shift === 0 || remaining === undefined || request.headers['x-api-key'] === undefined) return response;
      return setHeader(response, 'x-ratelimit-remaining', String(Math.max(0, Number(remaining) + shift)));
    },
  };
}

export const MEANING_BREAKAGES: DepthBreakage[] = [
  {
    depth: 'meaning',
    name: 'a Location header on a read',
    operation: 'getPet',
    caughtAs:
      /getPet: [\s\S]*header Location is answered, but the contract declares it for createPet, createCategory, placeOrder only/,
    checks: ['conformance'],
    operations: ['getPet'],
    breakage: () => ({
      response: (response, request) =>
        request.method === 'GET' && request.path.startsWith('/v1/pets/by-id/')
          ? setHeader(response, 'location', request.path)
          : response,
    }),
  },
  {
    depth: 'meaning',
    name: 'Link rel="next" one item past the next page',
    operation: 'listPets',
    caughtAs: /listPets: Link first, prev, next and last[\s\S]*the page Link rel="next" names/,
    checks: ['meaning'],
    operations: ['listPets'],
    breakage: () => ({
      response: (response, request) => {
        const link = response.headers.link;
        if (!isList(request.path, 'pets') || link === undefined) return response;
        const shifted = link.replace(
          /offset=(\d+)>; rel="next"/,
          (_match, offset: string) => `offset=${Number(offset) + 1}>; rel="next"`,
        );
        return setHeader(response, 'link', shifted);
      },
    }),
  },
  {
    depth: 'meaning',
    name: 'X-Total-Count of every pet, not of those the filter keeps',
    operation: 'listPets',
    caughtAs: /listPets: [\s\S]*X-Total-Count: the number of items read page by page/,
    checks: ['meaning'],
    operations: ['listPets'],
    breakage: (origin) => ({
      response: async (response, request) => {
        if (!isList(request.path, 'pets') || !request.path.includes('categoryId=')) return response;
        const all = await fetch(`${origin}/v1/pets?limit=1`, {
          headers: { 'x-api-key': request.headers['x-api-key'] ?? '' },
        });
        return setHeader(response, 'x-total-count', all.headers.get('x-total-count') ?? '0');
      },
    }),
  },
  {
    depth: 'meaning',
    name: "a pet's categoryId that names no category",
    operation: 'listPets',
    caughtAs: /listPets: each pet's categoryId names a category that exists[\s\S]*is 404/,
    checks: ['meaning'],
    operations: ['listPets'],
    breakage: () => ({
      response: (response, request) =>
        isList(request.path, 'pets')
          ? rewriteJson(response, (body) =>
              Array.isArray(body)
                ? body.map((pet) => ({ ...pet, categoryId: Number(pet.categoryId) + 1_000_000 }))
                : body,
            )
          : response,
    }),
  },
  {
    depth: 'meaning',
    name: 'a 404 that is not counted toward the limit',
    operation: 'getPet',
    caughtAs: /getPet: every answer to a valid key counts one[\s\S]*a 404 counted once/,
    checks: ['meaning'],
    operations: ['getPet'],
    breakage: () => remainingShifter((status, hadKey) => (status === 404 && hadKey ? 1 : 0)),
  },
  {
    depth: 'meaning',
    name: "a request without a key counted against the key's limit",
    operation: 'getPet',
    caughtAs: /getPet: every answer to a valid key counts one[\s\S]*a 401 without a key not counted/,
    checks: ['meaning'],
    operations: ['getPet'],
    breakage: () => remainingShifter((status, hadKey) => (status === 401 && !hadKey ? -1 : 0)),
  },
  {
    depth: 'rules',
    name: 'a category name that stays taken after its category is deleted',
    operation: 'createCategory',
    caughtAs: /createCategory: a name freed by a delete[\s\S]*status 409, expected 201/,
    checks: ['rules'],
    operations: ['createCategory'],
    breakage: (origin) => {
      const freed = new Set<string>();
      return {
        request: async (request) => {
          const deleted = /^\/v1\/categories\/(\d+)$/.exec(request.path);
          if (request.method === 'DELETE' && deleted) {
            const read = await upstream(origin, request, 'GET', request.path);
            if (typeof read.body?.name === 'string') freed.add(read.body.name.toLowerCase());
          }
          return request;
        },
        response: (response, request) => {
          const name = (JSON.parse(request.body || '{}') as { name?: string }).name?.toLowerCase();
          return request.method === 'POST' && request.path === '/v1/categories' && name && freed.has(name)
            ? asRefusal(response, 409, 'CATEGORY_NAME_TAKEN', `The name "${name}" is taken.`)
            : response;
        },
      };
    },
  },
  {
    depth: 'rules',
    name: 'a pet refused as not available that stays refused once available',
    operation: 'placeOrder',
    caughtAs:
      /placeOrder: a pet refused as not available is ordered once it is available again[\s\S]*status 409, expected 201/,
    checks: ['rules'],
    operations: ['placeOrder'],
    breakage: () => {
      const refused = new Set<number>();
      return {
        response: (response, request) => {
          if (request.method !== 'POST' || request.path !== '/v1/store/orders') return response;
          const petId = Number((JSON.parse(request.body || '{}') as { petId?: number }).petId);
          if (response.status === 409 && response.body.includes('PET_NOT_AVAILABLE')) refused.add(petId);
          return refused.has(petId) && response.status === 201
            ? asRefusal(response, 409, 'PET_NOT_AVAILABLE', `Pet ${petId} is not available.`)
            : response;
        },
      };
    },
  },
];

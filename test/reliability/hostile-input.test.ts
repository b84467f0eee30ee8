// Bad input never yields a 5xx or a crash: thousands of hostile requests, generated per
// operation of the contract by fast-check (seeded, with shrinking). Every answer is a status the
// operation declares, with the Error object whose status matches; nothing is polluted or lost.
// The same run again inside a scope (X-Mock-Scope), with now and then a hostile scope name.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { oneOfValues } from '../../contract-tests/generation/valid-values.js';
import type { OperationInfo } from '../../src/openapi/load-contract.js';
import { createMockServer, type MockServer } from '../../src/server/server.js';
import { type RawRequest, type RawResponse, sendRaw } from '../support/raw-http.js';

const SEED = 20261121;
const RUNS_PER_OPERATION = 150;

const ODD_SEGMENTS = [
  '..',
  '.',
  '%',
  '%zz',
  '%00',
  '%2F',
  '%2e%2e',
  '__proto__',
  'constructor',
  '-1',
  '0',
  '1e3',
  '0x10',
  '%201',
  '99999999999999999999999',
  '9007199254740992',
  encodeURIComponent('💥'),
  'null',
];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  '',
];
const HOSTILE_BODIES = [
  '{"__proto__": {"polluted": "yes"}, "name": "Proto", "categoryId": 1}',
  '{"constructor": {"prototype": {"polluted": "yes"}}, "name": "Ctor", "categoryId": 1}',
  '{"name": "x", "categoryId": 1, "status": "available", "__proto__": null}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  '{"name": "unterminated',
  '',
  'null',
  '[]',
  `{"name": "${'x'.repeat(40_000)}", "categoryId": 1}`,
  '{"name": "\\ud800", "categoryId": 1}',
  '{"quantity": 1e309}',
  '{"petId": 123456789012345678901234567890, "quantity": 1}',
];

const jsonText = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc
    .record(
      {
        name: fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 300 }), fc.integer(), fc.constant(null)),
        categoryId: fc.oneof(fc.integer(), fc.bigInt().map(String), fc.double(), fc.string()),
        petId: fc.oneof(fc.integer({ min: -5, max: 200 }), fc.double(), fc.string()),
        quantity: fc.oneof(fc.integer(), fc.double(), fc.string()),
        status: fc.oneof(fc.constantFrom('available', 'pending', 'sold', 'lost'), fc.anything()),
        description: fc.string({ maxLength: 600 }),
        shipDate: fc.oneof(
          fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
          fc.string(),
        ),
        complete: fc.oneof(fc.boolean(), fc.string()),
      },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
  oneOfValues(HOSTILE_BODIES),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

/** Scope names that are not ones: each gets 400 INVALID_SCOPE, declared by every operation. */
const HOSTILE_SCOPES = ['', ' ', 'a b', 'x'.repeat(65), '../..', '__proto__/x', 'ä', 'fuzz, fuzz'];

/** The X-Mock-Scope to send: none, or mostly `scope` with now and then a hostile name. */
function scopeHeader(scope: string | undefined): fc.Arbitrary<string | undefined> {
  if (scope === undefined) return fc.constant(undefined);
  return fc.oneof({ arbitrary: fc.constant(scope), weight: 9 }, { arbitrary: oneOfValues(HOSTILE_SCOPES), weight: 1 });
}

function hostileRequest(
  operation: OperationInfo,
  basePath: string,
  scope: string | undefined,
): fc.Arbitrary<RawRequest> {
  const segment = fc.oneof(
    fc.integer({ min: 1, max: 80 }).map(String),
    oneOfValues(ODD_SEGMENTS),
    fc.string({ unit: 'binary', maxLength: 40 }).map(encodeURIComponent),
  );
  const queryValue = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.integer().map(String),
    fc.constantFrom('', 'true', '-1', '101', '1e2', 'available', '2026-13-45T99:00:00Z'),
  );
  const queryName = fc.oneof(
    fc.constantFrom(
      'limit',
      'offset',
      'status',
      'name',
      'categoryId',
      'petId',
      'complete',
      'shipDateFrom',
      'shipDateTo',
      '__proto__',
      'constructor',
      'limit[]',
    ),
    fc.string({ maxLength: 10 }),
  );
  return fc
    .record({
      segments: fc.array(segment, { minLength: 3, maxLength: 3 }),
      query: fc.array(fc.tuple(queryName, queryValue), { maxLength: 4 }),
      contentType: oneOfValues(CONTENT_TYPES),
      body: fc.option(jsonText, { freq: 5 }),
      key: fc.constantFrom(
        'demo-enterprise',
        'demo-enterprise',
        'demo-enterprise',
        '',
        'nope',
        'demo-enterprise\u0000',
      ),
      scopeName: scopeHeader(scope),
    })
    .map(({ segments, query, contentType, body, key, scopeName }) => {
      let index = 0;
      const path = operation.path.replace(/\{[^}]+\}/g, () => segments[index++] ?? '1');
      const search = query.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
      const headers: Record<string, string> = {};
      if (key) headers['X-API-Key'] = key.replace('\u0000', '');
      if (contentType) headers['Content-Type'] = contentType;
      if (scopeName !== undefined) headers['X-Mock-Scope'] = scopeName;
      return {
        method: operation.method.toUpperCase(),
        path: `${basePath}${path}${search ? `?${search}` : ''}`,
        headers,
        ...(body === null ? {} : { body }),
      };
    });
}

function problemsWith(operation: OperationInfo, response: RawResponse): string[] {
  const problems: string[] = [];
  const status = String(response.status);
  let body: { code?: unknown; status?: unknown; message?: unknown } | undefined;
  try {
    body = JSON.parse(response.text);
  } catch {
    body = undefined;
  }
  if (response.status >= 500) problems.push(`a ${status}`);
  // An empty or odd segment can make the path name no operation, or another path's: then
  // ROUTE_NOT_FOUND or METHOD_NOT_ALLOWED, both in the catalogue, are the right answers.
  const routeGone =
    (response.status === 404 && body?.code === 'ROUTE_NOT_FOUND') ||
    (response.status === 405 && body?.code === 'METHOD_NOT_ALLOWED');
  if (!operation.responses.has(status) && !routeGone)
    problems.push(`status ${status} is not declared for ${operation.operationId}`);
  if (
    response.status >= 400 &&
    (body?.status !== response.status || typeof body?.code !== 'string' || typeof body?.message !== 'string')
  ) {
    problems.push(`the body is not the Error object with status ${status}: ${response.text.slice(0, 200)}`);
  }
  if (response.headers['x-ratelimit-remaining'] === undefined) problems.push('no X-RateLimit-Remaining');
  return problems;
}

type Pet = MockServer['store']['data']['pets'][number];

/** The pets of the world the run went to: the data file's, or the scope's (read over the API). */
async function storedPets(mock: MockServer, scope: string | undefined): Promise<Pet[]> {
  if (scope === undefined) return mock.store.data.pets;
  const pets: Pet[] = [];
  for (let offset = 0; offset === pets.length; offset += 100) {
    const page = await sendRaw(mock.origin, {
      method: 'GET',
      path: `/v1/pets?limit=100&offset=${offset}`,
      headers: { 'X-API-Key': 'demo-enterprise', 'X-Mock-Scope': scope },
    });
    const items = JSON.parse(page.text) as Pet[];
    if (items.length === 0) break;
    for (const item of items) pets.push(item);
  }
  return pets;
}

describe.each([
  { world: 'the default scope', scope: undefined },
  { world: 'a scope', scope: 'fuzz' },
])('hostile requests in $world', ({ scope }) => {
  let mock: MockServer;
  const logged: string[] = [];
  beforeAll(async () => {
    mock = await createMockServer({ log: (line) => logged.push(line) });
  });
  afterAll(() => mock.close());

  it('never get a 5xx or an undeclared status, on any operation; the server stays up and unpolluted', async () => {
    const petsBefore = (await storedPets(mock, scope)).length;
    const defaultDataBefore = JSON.stringify(mock.store.data);
    const heapBefore = process.memoryUsage().heapUsed;
    let sent = 0;
    for (const operation of mock.contract.operations) {
      await fc.assert(
        fc.asyncProperty(hostileRequest(operation, mock.contract.basePath, scope), async (raw) => {
          sent += 1;
          const response = await sendRaw(mock.origin, raw);
          const problems = problemsWith(operation, response);
          if (problems.length > 0) throw new Error(`${raw.method} ${raw.path} -> ${problems.join('; ')}`);
        }),
        { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: false },
      );
    }
    expect(sent).toBeGreaterThanOrEqual(mock.contract.operations.length * RUNS_PER_OPERATION);
    expect(logged.filter((line) => /CONTRACT BUG|INTERNAL ERROR/.test(line))).toEqual([]);
    // No prototype pollution, anywhere.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
    // Still up, and everything stored is still well-formed (valid deletes may have removed some).
    const health = await sendRaw(mock.origin, {
      method: 'GET',
      path: '/v1/categories',
      headers: { 'X-API-Key': 'demo-enterprise', ...(scope === undefined ? {} : { 'X-Mock-Scope': scope }) },
    });
    expect(health.status).toBe(200);
    const statuses = new Set(['available', 'pending', 'sold']);
    const pets = await storedPets(mock, scope);
    const malformed = pets.filter(
      (pet) =>
        typeof pet.name !== 'string' ||
        pet.name.length === 0 ||
        pet.name.length > 100 ||
        !Number.isSafeInteger(pet.categoryId) ||
        !statuses.has(pet.status ?? '') ||
        Object.keys(pet).some((field) => !['id', 'name', 'categoryId', 'status'].includes(field)),
    );
    expect(malformed).toEqual([]);
    expect(pets.length).toBeGreaterThan(petsBefore / 2);
    // A scope's run leaves the default scope's data as it was.
    if (scope !== undefined) expect(JSON.stringify(mock.store.data)).toBe(defaultDataBefore);
    // Memory stays bounded: thousands of requests, bodies up to 40 KB, well under 200 MB more heap.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(200 * 1024 * 1024);
  }, 180_000);
});

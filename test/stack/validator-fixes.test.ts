// src/openapi/validator-fixes.ts, at work in the mock over HTTP: express-openapi-validator 5.6.2
// compiles a route's validators once whatever Content-Type parameters the requests carry, each
// route's matcher once, and the OpenAPI meta-schema only when asked to check a contract; Ajv's
// scan for ids no longer walks the whole document for each schema; while it
// still picks the body schema, refuses a media type and finds the routes as before. Counted by
// wrapping the validator's own entry points, which still do their work.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { applyValidatorFixes } from '../../src/openapi/validator-fixes.js';
import { DEMO_KEY, errorShape, startTestMock, type TestMock } from '../support/mock.js';

type Method = (this: unknown, ...args: unknown[]) => unknown;
type Exports = Record<string, unknown>;

const load = createRequire(import.meta.url);
const fromValidator = createRequire(load.resolve('express-openapi-validator'));
const requestValidator = fromValidator('./middlewares/openapi.request.validator.js') as {
  RequestValidator: { prototype: Record<string, Method> };
};
const responseValidator = fromValidator('./middlewares/openapi.response.validator.js') as {
  ResponseValidator: { prototype: Record<string, Method> };
};
const pathToRegexp = createRequire(fromValidator.resolve('./middlewares/openapi.metadata.js'))(
  'path-to-regexp',
) as Exports;

/** Counts the calls of `target[name]` (which still does its work) until restored. */
function count(target: Record<string, unknown>, name: string): { calls: () => number; restore(): void } {
  const original = target[name] as Method;
  let calls = 0;
  target[name] = function counted(this: unknown, ...args: unknown[]) {
    calls += 1;
    return original.apply(this, args);
  };
  return {
    calls: () => calls,
    restore: () => {
      target[name] = original;
    },
  };
}

// Ajv's scan for ids, as the validator's Ajv runs it: wrapped before the fixes wrap it, so it
// sees what the fix gives the scan.
const ajvResolve = fromValidator('ajv/dist/compile/resolve.js') as Exports;
const wholeScan = ajvResolve.getSchemaRefs as Method;
const scansOfDocumentParts = { all: 0, withParts: 0 };
ajvResolve.getSchemaRefs = function (this: unknown, schema: unknown, baseId: unknown) {
  scansOfDocumentParts.all += 1;
  if (typeof schema === 'object' && schema !== null && ('paths' in schema || 'components' in schema)) {
    scansOfDocumentParts.withParts += 1;
  }
  return wholeScan.call(this, schema, baseId);
};

const KEY = { 'X-API-Key': DEMO_KEY };
const SENDS = 20;
let mock: TestMock;
const counters = {
  requestValidators: count(requestValidator.RequestValidator.prototype, 'buildMiddleware'),
  responseValidators: count(responseValidator.ResponseValidator.prototype, 'buildValidators'),
  // Counted from before the first request: the route lookup takes the compiler when it is made.
  matchers: count(pathToRegexp, 'pathToRegexp'),
};

beforeAll(async () => {
  mock = await startTestMock({ data: ':memory:' });
});
afterAll(async () => {
  for (const counter of Object.values(counters)) counter.restore();
  ajvResolve.getSchemaRefs = wholeScan;
  expect(mock.contractBugs()).toEqual([]);
  await mock.server.close();
});

describe('express-openapi-validator with its fixes', () => {
  it('compiles the validators of a route once, whatever parameters the requests’ Content-Type carries', async () => {
    for (let index = 0; index < SENDS; index += 1) {
      const created = await mock.http
        .post('/v1/pets')
        .set(KEY)
        .set('Content-Type', `application/json; charset=utf-8; x=${index}`)
        .send(JSON.stringify({ name: `Pet ${index}`, categoryId: 1 }));
      expect(created.status).toBe(201);
      const listed = await mock.http.get('/v1/pets?limit=1').set(KEY).set('Content-Type', `text/plain; x=${index}`);
      expect(listed.status).toBe(200);
    }
    // One for POST /pets and one for GET /pets (plus none for what other tests sent before).
    expect(counters.requestValidators.calls()).toBeLessThanOrEqual(2 + 2);
    expect(counters.responseValidators.calls()).toBeLessThanOrEqual(2 + 2);
  });

  it('still checks the body under the schema its Content-Type selects, and refuses a media type it does not declare', async () => {
    const invalid = await mock.http
      .post('/v1/pets')
      .set(KEY)
      .set('Content-Type', 'application/json; x=invalid')
      .send(JSON.stringify({ name: 7, categoryId: 1 }));
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toMatch(/name/);
    const plain = await mock.http.post('/v1/pets').set(KEY).set('Content-Type', 'text/plain; x=1').send('name=Rex');
    expect(plain.body).toEqual(errorShape(415, 'UNSUPPORTED_MEDIA_TYPE'));
    expect(plain.body.message).toContain('text/plain');
  });

  it('compiles each route’s matcher once (upstream PR #1217), and still finds each route with its parameters', async () => {
    const round = async () => {
      for (let index = 0; index < SENDS; index += 1) {
        expect((await mock.http.get(`/v1/pets/by-id/${(index % 3) + 1}`).set(KEY)).status).toBe(200);
        expect((await mock.http.get('/v1/pets/by-id/nope').set(KEY)).status).toBe(400);
      }
      expect((await mock.http.delete('/v1/store/inventory').set(KEY)).status).toBe(405);
    };
    await round();
    const compiled = counters.matchers.calls();
    // A route is compiled when a lookup first reaches it; without the cache, every request
    // compiled every route it scanned again.
    expect(compiled).toBeGreaterThan(0);
    expect(compiled).toBeLessThanOrEqual(2 * mock.server.operations.length);
    await round();
    expect(counters.matchers.calls()).toBe(compiled);
  });

  it('scans each route’s schemas for ids without walking the whole document again', async () => {
    expect((await mock.http.get('/v1/categories/1').set(KEY)).status).toBe(200);
    expect((await mock.http.get('/v1/categories/99999').set(KEY)).status).toBe(404);
    // The validator puts the document's paths and components beside each schema it compiles; the
    // Pet Store's hold no id or anchor, so the scan is given neither (it walked both each time).
    expect(scansOfDocumentParts.all).toBeGreaterThan(0);
    expect(scansOfDocumentParts.withParts).toBe(0);
  });

  it('builds the OpenAPI meta-schema validator only when validateApiSpec is on (upstream #541, #544)', async () => {
    applyValidatorFixes(load);
    const schemas = count(fromValidator('./framework/openapi/factory.schema.js') as Exports, 'factorySchema');
    const { OpenAPIFramework } = fromValidator('./framework/index.js') as {
      OpenAPIFramework: new (args: object) => { initialize(visitor: object): Promise<unknown> };
    };
    const apiDoc = () => ({ openapi: '3.1.0', info: { title: 'probe', version: '1' }, paths: {} });
    try {
      await new OpenAPIFramework({ apiDoc: apiDoc(), validateApiSpec: false }).initialize({});
      expect(schemas.calls()).toBe(0);
      await new OpenAPIFramework({ apiDoc: apiDoc(), validateApiSpec: true }).initialize({});
      expect(schemas.calls()).toBe(1);
    } finally {
      schemas.restore();
    }
  });
});

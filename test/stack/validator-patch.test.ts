// The installed express-openapi-validator must carry patches/express-openapi-validator+5.6.2.patch
// (`prepare` applies it): an install that skipped or lost the patch fails here, not in a profile.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from '@jest/globals';

const fromValidator = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator/package.json'));
const validatorFile = (path: string) => readFileSync(fromValidator.resolve(path), 'utf8');

type RouteMatcher = { regexp: RegExp; paramKeys: string[] };
type Context = { routeMatcherCache: Map<string, RouteMatcher> };
type RouteMetadata = { basePath: string; expressRoute: string; openApiRoute: string; method: string };
type FakeRequest = {
  path: string;
  baseUrl: string;
  url: string;
  originalUrl: string;
  method: string;
  app: { enabled(setting: string): boolean };
  params?: Record<string, string>;
  openapi?: { expressRoute: string; pathParams: Record<string, string> };
};
type Middleware = (req: FakeRequest, res: object, next: (error?: unknown) => void) => void;

const { OpenApiContext } = fromValidator('./dist/framework/openapi.context.js') as {
  OpenApiContext: new (
    spec: { apiDoc: object; basePaths: string[]; routes: RouteMetadata[]; serial: number },
    ignorePaths: undefined,
  ) => Context;
};
const { applyOpenApiMetadata } = fromValidator('./dist/middlewares/openapi.metadata.js') as {
  applyOpenApiMetadata: (context: Context, responseApiDoc?: object) => Middleware;
};

function requestFor(path: string): FakeRequest {
  return { path, baseUrl: '', url: path, originalUrl: path, method: 'GET', app: { enabled: () => false } };
}

describe('express-openapi-validator, patched', () => {
  it('carries the route-matcher cache of upstream PR #1217 ("perf: cache route matchers")', () => {
    const metadata = validatorFile('./dist/middlewares/openapi.metadata.js');
    expect(metadata).toContain('openApiContext.routeMatcherCache.get(cacheKey)');
    expect(validatorFile('./dist/framework/openapi.context.js')).toContain('this.routeMatcherCache = new Map()');
  });

  it('compiles each route once (PR #1217) and still matches routes in order, with their parameters', () => {
    const routes: RouteMetadata[] = [
      { basePath: '/v1', expressRoute: '/v1/pets/find', openApiRoute: '/v1/pets/find', method: 'GET' },
      { basePath: '/v1', expressRoute: '/v1/pets/:id', openApiRoute: '/v1/pets/{id}', method: 'GET' },
    ];
    const apiDoc = { paths: { '/pets/find': { get: { operationId: 'find' } }, '/pets/{id}': { get: {} } } };
    const context = new OpenApiContext({ apiDoc, basePaths: ['/v1'], routes, serial: 0 }, undefined);
    const lookUp = applyOpenApiMetadata(context);
    const seen: Array<FakeRequest['openapi']> = [];
    for (const path of ['/v1/pets/7', '/v1/pets/find', '/v1/pets/8']) {
      const req = requestFor(path);
      lookUp(req, {}, (error) => expect(error).toBeUndefined());
      seen.push(req.openapi);
    }
    expect(seen.map((match) => [match?.expressRoute, match?.pathParams])).toEqual([
      ['/v1/pets/:id', { id: '7' }],
      ['/v1/pets/find', {}],
      ['/v1/pets/:id', { id: '8' }],
    ]);
    expect(context.routeMatcherCache.size).toBe(2);
  });

  it('builds the response validators of a route once, whatever Content-Type the requests carry', () => {
    const { ResponseValidator } = fromValidator('./dist/middlewares/openapi.response.validator.js') as {
      ResponseValidator: new (
        spec: object,
        options: object,
      ) => {
        validatorsCache: Record<string, unknown>;
        _getOrBuildValidator(req: object, responses: object): unknown;
      };
    };
    const responses = {
      '200': {
        description: 'ok',
        content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'integer' } } } } },
      },
    };
    const validator = new ResponseValidator(
      { openapi: '3.1.0', info: { title: 'probe', version: '1' }, paths: {} },
      { formats: {}, strict: false },
    );
    const requestWith = (contentType: string) => ({
      method: 'POST',
      headers: { 'content-type': contentType },
      openapi: { expressRoute: '/v1/pets' },
    });
    const built = new Set(
      ['application/json', 'application/json; x=1', 'application/json; x=2', 'text/plain; charset=latin1'].map(
        (contentType) => validator._getOrBuildValidator(requestWith(contentType), responses),
      ),
    );
    // One for the route: a client sending a new Content-Type parameter on each request (as a
    // hostile one may) compiled the route's schemas again each time, and kept every copy.
    expect(built.size).toBe(1);
    expect(Object.keys(validator.validatorsCache)).toEqual(['POST-/v1/pets']);
  });

  it('builds the OpenAPI meta-schema validator only when validateApiSpec is on (upstream #541, #544)', async () => {
    const schemaValidatorModule = fromValidator('./dist/framework/openapi.schema.validator.js') as {
      OpenAPISchemaValidator: new (options: object) => { validate(document: object): { errors: unknown[] } };
    };
    const Original = schemaValidatorModule.OpenAPISchemaValidator;
    let built = 0;
    schemaValidatorModule.OpenAPISchemaValidator = class extends Original {
      constructor(options: object) {
        super(options);
        built += 1;
      }
    };
    const { OpenAPIFramework } = fromValidator('./dist/framework/index.js') as {
      OpenAPIFramework: new (args: object) => { initialize(visitor: object): Promise<unknown> };
    };
    const apiDoc = () => ({ openapi: '3.1.0', info: { title: 'probe', version: '1' }, paths: {} });
    try {
      await new OpenAPIFramework({ apiDoc: apiDoc(), validateApiSpec: false }).initialize({});
      expect(built).toBe(0);
      await new OpenAPIFramework({ apiDoc: apiDoc(), validateApiSpec: true }).initialize({});
      expect(built).toBe(1);
    } finally {
      schemaValidatorModule.OpenAPISchemaValidator = Original;
    }
  });
});

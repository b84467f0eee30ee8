import { createRequire } from 'node:module';
import { describe, expect, it } from '@jest/globals';
import { cacheValidatorRouteMatchers, deferSpecValidator } from './validator-shims.js';

type Matcher = { regexp: RegExp; keys: Array<{ name: string }> };

describe('the validator shims', () => {
  it("compiles each route once for express-openapi-validator's path-to-regexp, matching as before", () => {
    const fromValidator = createRequire(
      createRequire(import.meta.url).resolve('express-openapi-validator/package.json'),
    );
    const module = fromValidator('path-to-regexp') as { pathToRegexp: (path: string, options?: object) => Matcher };
    const uncached = module.pathToRegexp('/v1/pets/:petId', { strict: false });
    cacheValidatorRouteMatchers();
    cacheValidatorRouteMatchers(); // twice is once
    const first = module.pathToRegexp('/v1/pets/:petId', { strict: false });
    expect(module.pathToRegexp('/v1/pets/:petId', { strict: false })).toBe(first);
    expect(module.pathToRegexp('/v1/pets/:petId', { strict: true })).not.toBe(first);
    expect(first.regexp.source).toBe(uncached.regexp.source);
    expect(first.keys.map((key) => key.name)).toEqual(['petId']);
    expect(first.regexp.exec('/v1/pets/42')?.[1]).toBe('42');
  });

  it("defers the validator's meta-schema compile to the first validation, which still works", () => {
    const fromValidator = createRequire(
      createRequire(import.meta.url).resolve('express-openapi-validator/package.json'),
    );
    deferSpecValidator();
    const { OpenAPISchemaValidator } = fromValidator('./dist/framework/openapi.schema.validator.js') as {
      OpenAPISchemaValidator: (new (
        options: object,
      ) => { validate(document: unknown): { errors: unknown[] } }) & {
        deferredByPetstoreMock?: true;
      };
    };
    expect(OpenAPISchemaValidator.deferredByPetstoreMock).toBe(true);
    const validator = new OpenAPISchemaValidator({ version: '3.1.0', validateApiSpec: true });
    expect(validator.validate({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} }).errors).toEqual([]);
    expect(validator.validate({ openapi: '3.1.0', paths: {} }).errors.length).toBeGreaterThan(0);
  });
});

import { createRequire } from 'node:module';
import { describe, expect, it } from '@jest/globals';
import { deferSpecValidator } from './validator-shims.js';

describe('the validator shim', () => {
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

// A cost of express-openapi-validator 5.6 (the control API's validator), removed from outside
// until a release removes it, and only for the 5.6 line whose internals were read: it compiles
// the whole OpenAPI meta-schema whenever a validator is made, even with validateApiSpec: false,
// when it never uses it (framework/openapi.schema.validator.js). deferSpecValidator defers that
// compile to the first validation, which then never comes, so the control API's first request
// does not pay for it.
import { createRequire } from 'node:module';

const SHIMMED_VERSION = /^5\.6\./;

const fromValidator = () =>
  createRequire(createRequire(import.meta.url).resolve('express-openapi-validator/package.json'));

/** Applies the shim, once; a no-op on another version of the validator. */
export function applyValidatorShims(): void {
  const { version } = fromValidator()('./package.json') as { version: string };
  if (SHIMMED_VERSION.test(version)) deferSpecValidator();
}

type SpecValidator = { validate(document: unknown): { errors: unknown[] } };
type SpecValidatorClass = (new (options: unknown) => SpecValidator) & { deferredByPetstoreMock?: true };

export function deferSpecValidator(): void {
  const module = fromValidator()('./dist/framework/openapi.schema.validator.js') as {
    OpenAPISchemaValidator: SpecValidatorClass;
  };
  const Original = module.OpenAPISchemaValidator;
  if (Original.deferredByPetstoreMock) return;
  const Deferred = class implements SpecValidator {
    readonly #options: unknown;
    #validator: SpecValidator | undefined;
    constructor(options: unknown) {
      this.#options = options;
    }
    validate(document: unknown) {
      this.#validator ??= new Original(this.#options);
      return this.#validator.validate(document);
    }
  } as SpecValidatorClass;
  Deferred.deferredByPetstoreMock = true;
  module.OpenAPISchemaValidator = Deferred;
}

// Two costs of express-openapi-validator 5.6 that profiles showed, removed from outside until
// releases remove them, and only for the 5.6 line whose internals were read:
// - it compiles a path-to-regexp matcher for every route on every request, until one matches
//   (lookupRoute, middlewares/openapi.metadata.js); upstream's open pull request
//   cdimascio/express-openapi-validator#1217 caches them, and so does cacheValidatorRouteMatchers;
// - it compiles the whole OpenAPI meta-schema at every start even with validateApiSpec: false,
//   when it never uses it (framework/openapi.schema.validator.js); deferSpecValidator defers that
//   compile to the first validation, which then never comes.
import { createRequire } from 'node:module';

const fromValidator = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator/package.json'));
const SHIMMED_VERSION = /^5\.6\./;
const validatorVersion = (fromValidator('./package.json') as { version: string }).version;

/** Applies both, once; a no-op on another version of the validator. */
export function applyValidatorShims(): void {
  if (!SHIMMED_VERSION.test(validatorVersion)) return;
  cacheValidatorRouteMatchers();
  deferSpecValidator();
}

type Matcher = { regexp: RegExp; keys: Array<{ name: string }> };
type PathToRegexp = ((path: unknown, options?: unknown) => Matcher) & { cachedByPetstoreMock?: true };

const MAX_CACHED_ROUTES = 10_000;

/** The validator passes a string and at most these two flags; anything else is not cached. */
function hasOnlyRouteFlags(options: unknown): boolean {
  if (options === undefined || options === null) return true;
  for (const name in options as object) if (name !== 'sensitive' && name !== 'strict') return false;
  return true;
}

export function cacheValidatorRouteMatchers(): void {
  const pathToRegexpModule = fromValidator('path-to-regexp') as { pathToRegexp: PathToRegexp };
  const original = pathToRegexpModule.pathToRegexp;
  if (original.cachedByPetstoreMock) return;
  // One map per combination of the two flags the validator passes: no key string per lookup.
  const caches = [
    new Map<string, Matcher>(),
    new Map<string, Matcher>(),
    new Map<string, Matcher>(),
    new Map<string, Matcher>(),
  ];
  const cached: PathToRegexp = (path, options) => {
    if (typeof path !== 'string' || !hasOnlyRouteFlags(options)) return original(path, options);
    const flags = (options ?? {}) as { sensitive?: boolean; strict?: boolean };
    const cache = caches[(flags.sensitive ? 2 : 0) + (flags.strict ? 1 : 0)] as Map<string, Matcher>;
    let matcher = cache.get(path);
    if (!matcher) {
      matcher = original(path, options);
      if (cache.size < MAX_CACHED_ROUTES) cache.set(path, matcher);
    }
    return matcher;
  };
  cached.cachedByPetstoreMock = true;
  pathToRegexpModule.pathToRegexp = cached;
}

type SpecValidator = { validate(document: unknown): { errors: unknown[] } };
type SpecValidatorClass = (new (options: unknown) => SpecValidator) & { deferredByPetstoreMock?: true };

export function deferSpecValidator(): void {
  const module = fromValidator('./dist/framework/openapi.schema.validator.js') as {
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

// express-openapi-validator 5.6 compiles a path-to-regexp matcher for every route of the spec on
// every request, until one matches (lookupRoute, middlewares/openapi.metadata.js): with this
// spec, that was most of its cost per request. Upstream has the fix as an open pull request
// (cdimascio/express-openapi-validator#1217, "perf: cache route matchers"); until a release has
// it, the same cache goes on the path-to-regexp that the validator loads. Matchers depend only on
// the route and its options, and their callers only read them, so sharing one is safe.
import { createRequire } from 'node:module';

type Matcher = { regexp: RegExp; keys: Array<{ name: string }> };
type PathToRegexp = ((path: unknown, options?: unknown) => Matcher) & { cachedByPetstoreMock?: true };

const MAX_CACHED_ROUTES = 10_000;

export function cacheValidatorRouteMatchers(): void {
  const fromValidator = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator/package.json'));
  const pathToRegexpModule = fromValidator('path-to-regexp') as { pathToRegexp: PathToRegexp };
  const original = pathToRegexpModule.pathToRegexp;
  if (original.cachedByPetstoreMock) return;
  const cache = new Map<string, Matcher>();
  const cached: PathToRegexp = (path, options) => {
    if (typeof path !== 'string') return original(path, options);
    const key = `${path}\u0000${JSON.stringify(options ?? null)}`;
    let matcher = cache.get(key);
    if (!matcher) {
      matcher = original(path, options);
      if (cache.size < MAX_CACHED_ROUTES) cache.set(key, matcher);
    }
    return matcher;
  };
  cached.cachedByPetstoreMock = true;
  pathToRegexpModule.pathToRegexp = cached;
}

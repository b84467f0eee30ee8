import { describe, expect, it } from '@jest/globals';
import { type LimitHeaderDialect, limitHeaderValues, PETSTORE_DIALECT } from './limit-header-dialect.js';
import { dialectSays, remainingOf, resetOf } from './read-limit-headers.js';

const window = { limit: 10, remaining: 0, resetSeconds: 1_800_000_005, windowSeconds: 60 };
const at = 1_800_000_000_000;

/** The answer a dialect's writer makes, read back by name in any case, as Node's getHeader does. */
function written(dialect: LimitHeaderDialect) {
  const headers = new Map(limitHeaderValues(dialect, window, at).map(([name, value]) => [name.toLowerCase(), value]));
  return (name: string) => headers.get(name.toLowerCase());
}

const GITHUB: LimitHeaderDialect = {
  kind: 'fields',
  headers: [
    { name: 'x-ratelimit-limit', fact: 'limit' },
    { name: 'x-ratelimit-used', fact: 'used' },
    { name: 'x-ratelimit-reset', fact: 'reset' },
    { name: 'x-ratelimit-resource', fact: 'resource' },
  ],
};
const IETF_FIELDS: LimitHeaderDialect = {
  kind: 'fields',
  headers: [
    { name: 'RateLimit-Remaining', fact: 'remaining' },
    { name: 'RateLimit-Reset', fact: 'reset-after' },
  ],
};

describe('reading back the limit headers a dialect writes', () => {
  it('reads the requests left and the reset of every dialect as its writer wrote them', () => {
    const instant = { atUnixSeconds: 1_800_000_005 };
    const fromNow = { afterSeconds: 5 };
    const cases: Array<[LimitHeaderDialect, ReturnType<typeof resetOf>]> = [
      [PETSTORE_DIALECT, instant],
      [GITHUB, instant],
      [IETF_FIELDS, fromNow],
      [{ kind: 'ietf-07', policy: true }, fromNow],
      [{ kind: 'ietf-structured', policy: true }, fromNow],
    ];
    for (const [dialect, reset] of cases) {
      expect({ dialect, remaining: remainingOf(dialect, written(dialect)) }).toEqual({ dialect, remaining: 0 });
      expect({ dialect, reset: resetOf(dialect, written(dialect)) }).toEqual({ dialect, reset });
      expect(dialectSays(dialect)).toEqual({ remaining: true, reset: true });
    }
  });

  it('says nothing where the dialect names neither, or the answer lacks them', () => {
    const none: LimitHeaderDialect = { kind: 'none' };
    expect([remainingOf(none, written(none)), resetOf(none, written(none))]).toEqual([undefined, undefined]);
    expect(dialectSays(none)).toEqual({ remaining: false, reset: false });
    const limitOnly: LimitHeaderDialect = { kind: 'fields', headers: [{ name: 'X-Rate-Limit', fact: 'limit' }] };
    expect(dialectSays(limitOnly)).toEqual({ remaining: false, reset: false });
    expect(remainingOf(PETSTORE_DIALECT, () => undefined)).toBeUndefined();
    expect(resetOf({ kind: 'ietf-07', policy: false }, () => 'limit=10, remaining=oops')).toBeUndefined();
  });
});

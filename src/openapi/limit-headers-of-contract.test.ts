import { describe, expect, it } from '@jest/globals';
import { limitHeaderValues } from '../limits/limit-header-dialect.js';
import { resetOf } from '../limits/read-limit-headers.js';
import { limitHeaderDialectOf } from './limit-headers-of-contract.js';
import { describeContract } from './load-contract.js';

/** A contract of one operation whose 200 declares `headers`. */
function dialectOf(headers: Record<string, object>) {
  const document = {
    openapi: '3.1.0',
    info: { title: 'Limits', version: '1' },
    paths: { '/things': { get: { responses: { '200': { description: 'Things.', headers } } } } },
  };
  return limitHeaderDialectOf(describeContract(document, '', 'limits.yaml'));
}

const window = { limit: 100, remaining: 40, resetSeconds: 1_800_000_030, windowSeconds: 60 };
const at = 1_800_000_000_000;
const values = (headers: Record<string, object>) => limitHeaderValues(dialectOf(headers), window, at);

describe('the rate-limit headers a contract declares', () => {
  it('writes the X-RateLimit-* names as declared, Reset in Unix seconds unless it says it counts from now', () => {
    expect(
      values({
        'x-ratelimit-limit': {},
        'x-ratelimit-remaining': {},
        'x-ratelimit-used': {},
        'x-ratelimit-reset': { description: 'The time at which the window resets, in UTC epoch seconds.' },
      }),
    ).toEqual([
      ['x-ratelimit-limit', '100'],
      ['x-ratelimit-remaining', '40'],
      ['x-ratelimit-used', '60'],
      ['x-ratelimit-reset', '1800000030'],
    ]);
    expect(values({ 'X-Rate-Limit-Reset': { description: 'Seconds until the window resets.' } })).toEqual([
      ['X-Rate-Limit-Reset', '30'],
    ]);
  });

  it("writes a Reset declared as a date-time as that instant in ISO 8601 (Mastodon's), and reads it back", () => {
    const headers = {
      'X-RateLimit-Limit': { schema: { type: 'integer' } },
      'X-RateLimit-Reset': {
        description: 'Timestamp when your rate limit will reset',
        schema: { type: 'string', format: 'date-time' },
      },
    };
    expect(values(headers)).toEqual([
      ['X-RateLimit-Limit', '100'],
      ['X-RateLimit-Reset', new Date(1_800_000_030_000).toISOString()],
    ]);
    const written = new Map(values(headers).map(([name, value]) => [name.toLowerCase(), value]));
    expect(resetOf(dialectOf(headers), (name) => written.get(name.toLowerCase()))).toEqual({
      atUnixSeconds: 1_800_000_030,
    });
  });

  it('writes the IETF fields: separate ones, draft 07, or the structured RateLimit with its policy', () => {
    expect(values({ 'RateLimit-Limit': {}, 'RateLimit-Remaining': {}, 'RateLimit-Reset': {} })).toEqual([
      ['RateLimit-Limit', '100'],
      ['RateLimit-Remaining', '40'],
      ['RateLimit-Reset', '30'],
    ]);
    // Lob's and DigitalOcean's ratelimit-reset: the IETF name, described as an instant.
    expect(
      values({
        'ratelimit-reset': {
          description: 'The time at which the rate limit window resets in UTC epoch seconds',
          schema: { type: 'integer', example: 1528749846 },
        },
      }),
    ).toEqual([['ratelimit-reset', '1800000030']]);
    expect(values({ RateLimit: { schema: { type: 'string', example: 'limit=10, remaining=9, reset=3' } } })).toEqual([
      ['RateLimit', 'limit=100, remaining=40, reset=30'],
    ]);
    expect(
      values({ RateLimit: { schema: { type: 'string' } }, 'RateLimit-Policy': { schema: { type: 'string' } } }),
    ).toEqual([
      ['RateLimit', '"default";r=40;t=30'],
      ['RateLimit-Policy', '"default";q=100;w=60'],
    ]);
  });

  it('writes none for a contract that declares only Retry-After, and the Pet Store’s for one that declares nothing', () => {
    expect(values({ 'Retry-After': { schema: { type: 'integer' } } })).toEqual([]);
    expect(values({ 'X-Total-Count': {} }).map(([name]) => name)).toEqual([
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
    ]);
  });
});

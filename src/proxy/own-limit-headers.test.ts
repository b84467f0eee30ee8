import { describe, expect, it } from '@jest/globals';
import { clockSkewSeconds, readRateLimitHeaders } from './own-limit-headers.js';

const headers = (values: Record<string, string | string[]>) => (name: string) => values[name];

describe("the upstream's X-RateLimit-* values", () => {
  it('are read when all three are whole numbers and Remaining is at most Limit', () => {
    const read = headers({
      'x-ratelimit-limit': '300',
      'x-ratelimit-remaining': '299',
      'x-ratelimit-reset': '1900000020',
    });
    expect(readRateLimitHeaders(read)).toEqual({ limit: 300, remaining: 299, resetSeconds: 1_900_000_020 });
  });

  it('are not taken when one is missing, not a whole number, repeated, or Remaining is above Limit', () => {
    const sound = { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59', 'x-ratelimit-reset': '1900000020' };
    expect(readRateLimitHeaders(headers({ ...sound, 'x-ratelimit-limit': '' }))).toBeUndefined();
    expect(readRateLimitHeaders(headers({ ...sound, 'x-ratelimit-reset': '1.9e9' }))).toBeUndefined();
    expect(readRateLimitHeaders(headers({ ...sound, 'x-ratelimit-remaining': ['1', '2'] }))).toBeUndefined();
    expect(readRateLimitHeaders(headers({ ...sound, 'x-ratelimit-remaining': '61' }))).toBeUndefined();
    const { 'x-ratelimit-reset': _, ...withoutReset } = sound;
    expect(readRateLimitHeaders(headers(withoutReset))).toBeUndefined();
  });
});

describe('the skew between the upstream clock and the proxy clock', () => {
  const upstreamDate = 'Wed, 01 Jan 2031 00:00:00 GMT';
  const upstreamMs = Date.parse(upstreamDate);

  it('is none when they agree to within the whole second of an HTTP Date, or the upstream sends no Date', () => {
    expect(clockSkewSeconds(upstreamMs + 1_999, upstreamDate)).toBe(0);
    expect(clockSkewSeconds(upstreamMs - 1_500, upstreamDate)).toBe(0);
    expect(clockSkewSeconds(upstreamMs + 3_600_000, undefined)).toBe(0);
    expect(clockSkewSeconds(upstreamMs + 3_600_000, 'not a date')).toBe(0);
  });

  it('is the whole seconds the proxy clock was moved by, forward or back', () => {
    expect(clockSkewSeconds(upstreamMs + 3_600_000, upstreamDate)).toBe(3_600);
    expect(clockSkewSeconds(upstreamMs - 86_400_000, upstreamDate)).toBe(-86_400);
  });
});

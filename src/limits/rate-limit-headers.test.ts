import { describe, expect, it } from '@jest/globals';
import { formatRetryAfter } from './rate-limit-headers.js';

describe('formatRetryAfter', () => {
  it('says delta-seconds as they are', () => {
    expect(formatRetryAfter(3, 'seconds', Date.parse('2026-11-21T10:00:05.700Z'))).toBe('3');
  });

  it('names the first whole second at or after the wait as an HTTP-date, never one before it', () => {
    // 10:00:05.7 + 3 s ends at 10:00:08.7: a date of 10:00:08 would let a client come back 0.7 s early.
    expect(formatRetryAfter(3, 'http-date', Date.parse('2026-11-21T10:00:05.700Z'))).toBe(
      'Sat, 21 Nov 2026 10:00:09 GMT',
    );
    expect(formatRetryAfter(3, 'http-date', Date.parse('2026-11-21T10:00:05.000Z'))).toBe(
      'Sat, 21 Nov 2026 10:00:08 GMT',
    );
  });
});

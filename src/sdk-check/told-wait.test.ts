// The instant a refusal told its client to wait for: delta-seconds from when its head went out,
// an HTTP-date at its own instant on the mock's clock (however far that stands from this
// machine's), X-RateLimit-Reset for a 429 without Retry-After; nothing for an answer that refuses nothing.
import { describe, expect, it } from '@jest/globals';
import { toldWaitUntil } from './told-wait.js';

const SENT = Date.parse('2026-11-21T10:00:00.400Z');
const headers =
  (values: Record<string, string>) =>
  (name: string): string | undefined =>
    values[name];

describe('toldWaitUntil', () => {
  it('counts delta-seconds from when the answer went out', () => {
    expect(toldWaitUntil(429, headers({ 'Retry-After': '3' }), SENT, 0)).toBe(SENT + 3_000);
    expect(toldWaitUntil(503, headers({ 'Retry-After': '2' }), SENT, 0)).toBe(SENT + 2_000);
    expect(toldWaitUntil(403, headers({ 'Retry-After': '600' }), SENT, 0)).toBe(SENT + 600_000);
  });

  it("reads an HTTP-date at its own instant, moved onto this machine's clock", () => {
    const date = 'Sat, 21 Nov 2026 10:00:03 GMT';
    expect(toldWaitUntil(429, headers({ 'Retry-After': date }), SENT, 0)).toBe(Date.parse(date));
    // The clock case: the mock's clock 5 minutes behind, so its date names an instant 5 minutes on.
    expect(toldWaitUntil(429, headers({ 'Retry-After': date }), SENT, -300_000)).toBe(Date.parse(date) + 300_000);
  });

  it('takes X-RateLimit-Reset where a 429 says no Retry-After, and nothing from an answer that refuses nothing', () => {
    const reset = String(Date.parse('2026-11-21T10:00:05Z') / 1000);
    expect(toldWaitUntil(429, headers({ 'X-RateLimit-Reset': reset }), SENT, 0)).toBe(
      Date.parse('2026-11-21T10:00:05Z'),
    );
    expect(toldWaitUntil(503, headers({ 'X-RateLimit-Reset': reset }), SENT, 0)).toBeUndefined();
    expect(toldWaitUntil(200, headers({ 'Retry-After': '3' }), SENT, 0)).toBeUndefined();
    expect(toldWaitUntil(429, headers({ 'Retry-After': 'soon' }), SENT, 0)).toBeUndefined();
  });
});

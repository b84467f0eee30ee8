import { describe, expect, it } from '@jest/globals';
import { backOffDelayMs, COMMIT_BACK_OFF } from './back-off.js';

describe('the back-off between attempts that lost to another process', () => {
  it('retries at once after the first loss, then waits a random time under a ceiling that doubles up to its cap', () => {
    const highest = () => 0.999_999;
    expect(backOffDelayMs(1, COMMIT_BACK_OFF, highest)).toBe(0);
    const ceilings = [2, 3, 4, 5, 6, 7, 8, 9, 20].map((failures) => backOffDelayMs(failures, COMMIT_BACK_OFF, highest));
    expect(ceilings.map(Math.ceil)).toEqual([1, 2, 4, 8, 16, 32, 50, 50, 50]);
  });

  it('spreads the waits of writers that collided together over the whole range (full jitter)', () => {
    expect(backOffDelayMs(5, COMMIT_BACK_OFF, () => 0)).toBe(0);
    expect(backOffDelayMs(5, COMMIT_BACK_OFF, () => 0.5)).toBe(4);
    expect(backOffDelayMs(5, { firstMs: 0.5, capMs: 8 }, () => 0.5)).toBe(2);
  });
});

// The integer formats the suite judges answers by, at their bounds.
import { describe, expect, it } from '@jest/globals';
import { isInt32, isInt64 } from './number-formats.js';

describe('the integer formats answers are judged by', () => {
  it('take int32 from -2^31 to 2^31 - 1, both bounds included (Radarr echoes page=-2147483648)', () => {
    expect(isInt32(-(2 ** 31))).toBe(true);
    expect(isInt32(2 ** 31 - 1)).toBe(true);
    expect(isInt32(0)).toBe(true);
  });

  it('refuse int32 values one past either bound, and a fraction', () => {
    expect(isInt32(-(2 ** 31) - 1)).toBe(false);
    expect(isInt32(2 ** 31)).toBe(false);
    expect(isInt32(1.5)).toBe(false);
  });

  it('take any integer as int64, and no fraction', () => {
    expect(isInt64(2 ** 53)).toBe(true);
    expect(isInt64(0.5)).toBe(false);
  });
});

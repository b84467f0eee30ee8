import { describe, expect, it } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import AjvDraft04Module from 'ajv-draft-04';
import { decimalsOf, isMultipleOf, multipleAt, multipleCounts, withTolerantMultipleOf } from './multiple-of.js';

describe('multipleOf as people write decimals', () => {
  it('takes multiples whose quotient doubles miss, and refuses what is off by more than rounding', () => {
    // Ajv's own division refuses each of these: 999999.9999999999, 2.9999999999999996, 1233.9999999999998.
    expect([isMultipleOf(0.1, 1e-7), isMultipleOf(0.3, 0.1), isMultipleOf(12.34, 0.01)]).toEqual([true, true, true]);
    expect(isMultipleOf(12.340000000000002, 0.01)).toBe(true);
    expect([isMultipleOf(12.345, 0.01), isMultipleOf(10, 3), isMultipleOf(0.1000001, 1e-3)]).toEqual([
      false,
      false,
      false,
    ]);
    expect([isMultipleOf(0, 0.3), isMultipleOf(-0.7, 0.1), isMultipleOf(1e300, 1e-10)]).toEqual([true, true, true]);
    expect([isMultipleOf(1, 0), isMultipleOf(Number.NaN, 1)]).toEqual([false, false]);
  });

  it('writes multiples with the decimals of the step, and counts those within bounds', () => {
    expect([decimalsOf(0.01), decimalsOf(1e-7), decimalsOf(2.5e-3), decimalsOf(8)]).toEqual([2, 7, 4, 0]);
    expect([multipleAt(1234, 0.01), multipleAt(3, 0.1), multipleAt(123456789, 1e-7)]).toEqual([12.34, 0.3, 12.3456789]);
    expect(multipleCounts(0.1, 1e12, 1e-7)).toEqual({ low: 1_000_000, high: Number.MAX_SAFE_INTEGER });
    expect(multipleCounts(0.3, 0.7, 0.1)).toEqual({ low: 3, high: 7 });
    expect(multipleCounts(0.31, 0.39, 0.1)).toBeUndefined();
  });

  it("replaces Ajv's keyword in 2020-12's Ajv and draft 4's alike, with Ajv's wording", () => {
    for (const ajv of [new Ajv2020({ allErrors: true }), new AjvDraft04Module.default({ allErrors: true })]) {
      const plain = ajv.compile({ type: 'number', multipleOf: 1e-7 });
      expect(plain(0.1)).toBe(false);
      const tolerant = withTolerantMultipleOf(ajv).compile({
        type: 'object',
        properties: { weight: { type: 'number', multipleOf: 1e-7 } },
      });
      expect(tolerant({ weight: 0.1 })).toBe(true);
      expect(tolerant({ weight: 0.1000001 })).toBe(true);
      expect(tolerant({ weight: 0.10000001 })).toBe(false);
      expect(tolerant.errors).toEqual([
        expect.objectContaining({
          keyword: 'multipleOf',
          instancePath: '/weight',
          message: 'must be multiple of 1e-7',
          params: { multipleOf: 1e-7 },
        }),
      ]);
    }
  });
});

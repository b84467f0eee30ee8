import { describe, expect, it } from '@jest/globals';
import { adjacentDouble, numberBounds } from './number-bounds.js';

describe('the bounds of a number schema', () => {
  it('read an exclusive bound of its own (OpenAPI 3.1) as the first value past it', () => {
    expect(numberBounds({ exclusiveMinimum: 0 }, true)).toEqual({ min: 1, max: undefined });
    expect(numberBounds({ exclusiveMinimum: 0, exclusiveMaximum: 10 }, false)).toEqual({
      min: Number.MIN_VALUE,
      max: adjacentDouble(10, false),
    });
    expect(numberBounds({ exclusiveMaximum: 2.5 }, true).max).toBe(2);
  });

  it('read true beside minimum or maximum (OpenAPI 3.0) the same way', () => {
    expect(numberBounds({ minimum: 3, exclusiveMinimum: true, maximum: 9, exclusiveMaximum: true }, true)).toEqual({
      min: 4,
      max: 8,
    });
    expect(numberBounds({ minimum: 3, exclusiveMinimum: false }, true).min).toBe(3);
  });

  it('take the tighter of an inclusive and an exclusive bound', () => {
    expect(numberBounds({ minimum: 5, exclusiveMinimum: 0 }, true).min).toBe(5);
    expect(numberBounds({ minimum: 0, exclusiveMinimum: 5 }, true).min).toBe(6);
  });

  it('step to the next double either way', () => {
    expect(adjacentDouble(1, true)).toBe(1 + Number.EPSILON);
    expect(adjacentDouble(-1, false)).toBe(-1 - Number.EPSILON);
    expect(adjacentDouble(1, false)).toBeLessThan(1);
  });
});

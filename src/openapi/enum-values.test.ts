import { describe, expect, it } from '@jest/globals';
import { enumValuesOf } from './enum-values.js';

describe('the enum values a value of the schema can take', () => {
  it('leaves out those not of its declared type (ReadMe’s "" in a number enum)', () => {
    expect(enumValuesOf({ type: 'number', enum: ['', 0, 1.5, 2] })).toEqual([0, 1.5, 2]);
    expect(enumValuesOf({ type: 'integer', enum: ['', '', 0, 1.5, 2] })).toEqual([0, 2]);
    expect(enumValuesOf({ type: ['string', 'null'], enum: ['a', null, 3] })).toEqual(['a', null]);
    expect(enumValuesOf({ type: 'string', nullable: true, enum: ['a', null, 3] })).toEqual(['a', null]);
    expect(enumValuesOf({ type: 'object', enum: [{ a: 1 }, [1], null] })).toEqual([{ a: 1 }]);
  });

  it('keeps the whole enum where it declares no type, or where none of its values is of it', () => {
    const untyped = { enum: ['', 0] };
    expect(enumValuesOf(untyped)).toBe(untyped.enum);
    const none = { type: 'number', enum: ['a', 'b'] };
    expect(enumValuesOf(none)).toBe(none.enum);
    expect(enumValuesOf({ type: 'string' })).toEqual([]);
    // One array under schemas of two types: each reads its own.
    const shared = ['', 0, 1];
    expect(enumValuesOf({ type: 'string', enum: shared })).toEqual(['']);
    expect(enumValuesOf({ type: 'number', enum: shared })).toEqual([0, 1]);
  });
});

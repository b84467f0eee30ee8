import { describe, expect, it } from '@jest/globals';
import { loadPetstoreSpec } from '../../test/support/spec.js';
import { hasRefCycle } from './ref-cycles.js';

describe('a contract whose schemas refer to themselves', () => {
  it('is told apart from one without (the built-in contract has none)', () => {
    const document = loadPetstoreSpec();
    expect(hasRefCycle(document)).toBe(false);
    document.components.schemas.NewPet.properties.friends = {
      type: 'array',
      items: { $ref: '#/components/schemas/Pet' },
    };
    // Pet is NewPet and an id: the cycle goes through allOf and two schemas.
    expect(hasRefCycle(document)).toBe(true);
  });
});

describe('a contract of very many values', () => {
  it('is walked without a step that depends on the stack: 1,000,000 values in one list', () => {
    const document = loadPetstoreSpec();
    document['x-values'] = Array.from({ length: 1_000_000 }, () => 0);
    expect(hasRefCycle(document)).toBe(false);
  });
});

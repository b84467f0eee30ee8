import { describe, expect, it } from '@jest/globals';
import { loadPetstoreSpec } from '../../test/support/spec.js';
import { dereferencedSize, hasRefCycle } from './ref-cycles.js';

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

describe('the size of a contract as the validator walks it dereferenced', () => {
  /** A oneOf of four objects at each of `levels` levels, each branch's one property the next level. */
  const oneOfTree = (levels: number) => {
    const document = loadPetstoreSpec();
    document.components.schemas[`L${levels}`] = { type: 'string' };
    for (let at = 0; at < levels; at += 1) {
      document.components.schemas[`L${at}`] = {
        oneOf: ['a', 'b', 'c', 'd'].map((branch) => ({
          type: 'object',
          properties: { [`k${branch}`]: { $ref: `#/components/schemas/L${at + 1}` } },
        })),
      };
    }
    return document;
  };

  it('counts each shared target on every path to it, without walking them', () => {
    const plain = dereferencedSize(loadPetstoreSpec());
    expect(plain).toBeLessThan(10_000);
    // Each level: its oneOf list and four branches of properties (9 objects) plus four of the next.
    expect(dereferencedSize(oneOfTree(12)) - plain).toBeGreaterThan(4 ** 12);
  });

  it('is infinite for a document whose $refs lead back to themselves', () => {
    const document = loadPetstoreSpec();
    document.components.schemas.NewPet.properties.friends = {
      type: 'array',
      items: { $ref: '#/components/schemas/Pet' },
    };
    expect(dereferencedSize(document)).toBe(Number.POSITIVE_INFINITY);
  });

  it('follows a chain of 100,000 $refs without a step that depends on the stack', () => {
    const document = loadPetstoreSpec();
    const chain: Record<string, unknown> = { end: {} };
    for (let at = 0; at < 100_000; at += 1)
      chain[`c${at}`] = { $ref: at === 99_999 ? '#/x-chain/end' : `#/x-chain/c${at + 1}` };
    document['x-chain'] = chain;
    expect(dereferencedSize(document)).toBeGreaterThan(100_000);
  });
});

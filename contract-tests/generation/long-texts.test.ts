// A text past a large maxLength (Adyen's terminal logo: 350,000 characters) is drawn, and a case of
// it that fails shrinks without overflowing the stack, as fast-check's shrinking of a string that
// long, item by item, did.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { textOfLength } from './valid-values.js';

describe('a text longer than a large maxLength', () => {
  it('is drawn at its length, and a failing case of it shrinks within the stack', () => {
    const result = fc.check(
      fc.property(textOfLength(350_001, 350_001), (text) => text.length < 350_000),
      { numRuns: 2 },
    );
    expect(result.failed).toBe(true);
    expect(result.counterexample?.[0]).toHaveLength(350_001);
  });

  it('keeps short texts drawn from every character', () => {
    const texts = fc.sample(textOfLength(5, 8), 20);
    for (const text of texts) expect([...text].length).toBeGreaterThanOrEqual(5);
    expect(new Set(texts).size).toBeGreaterThan(1);
  });
});

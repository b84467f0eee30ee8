// A field of a record read back is one of its own: one named constructor or hasOwnProperty that
// the record lacks is absent, whatever Object.prototype holds.
import { describe, expect, it } from '@jest/globals';
import type { Exchange } from './exchange.js';
import { recordFieldOf } from './value-writes.js';

describe('a field of a record read back', () => {
  it('is absent when the record lacks it, though Object.prototype has that name', () => {
    const exchange = {
      operationId: 'getPet',
      status: 200,
      headers: {},
      body: { id: 1, name: 'Rex' },
    } as unknown as Exchange;
    expect(recordFieldOf(exchange, 'constructor')).toBeUndefined();
    expect(recordFieldOf(exchange, 'hasOwnProperty')).toBeUndefined();
    expect(recordFieldOf(exchange, 'name')).toBe('Rex');
  });
});

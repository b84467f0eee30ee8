import { describe, expect, it } from '@jest/globals';
import { writeOnlyStripper } from './write-only.js';

const document = {
  components: {
    schemas: {
      Card: { type: 'object', properties: { number: { type: 'string' }, cvc: { type: 'string', writeOnly: true } } },
      Payment: {
        type: 'object',
        properties: { amount: { type: 'number' }, source: { $ref: '#/components/schemas/Card' } },
      },
      Node: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          secret: { type: 'string', writeOnly: true },
          children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
        },
      },
    },
  },
};

describe('writeOnly properties in answers', () => {
  it('leaves them out however deep, and keeps everything else', () => {
    const strip = writeOnlyStripper(document, { $ref: '#/components/schemas/Payment' });
    expect(strip?.({ amount: 5, source: { number: '4242', cvc: '123' } })).toEqual({
      amount: 5,
      source: { number: '4242' },
    });
  });

  it('reads a recursive schema once, and strips at the first level of it', () => {
    const strip = writeOnlyStripper(document, { type: 'array', items: { $ref: '#/components/schemas/Node' } });
    expect(strip?.([{ name: 'a', secret: 's', children: [] }])).toEqual([{ name: 'a', children: [] }]);
  });

  it('is none at all for a schema that marks none', () => {
    expect(writeOnlyStripper(document, { type: 'object', properties: { id: { type: 'integer' } } })).toBeUndefined();
  });
});

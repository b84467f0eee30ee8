import { describe, expect, it } from '@jest/globals';
import { answerView } from './answer-view.js';

describe('the document answers are judged by', () => {
  const card = {
    type: 'object',
    required: ['number', 'cvc'],
    properties: { number: { type: 'string' }, cvc: { $ref: '#/components/schemas/Cvc' } },
  };
  const document = {
    openapi: '3.1.0',
    components: {
      schemas: {
        Cvc: { type: 'string', writeOnly: true },
        Payment: {
          type: 'object',
          properties: {
            source: {
              oneOf: [
                card,
                { type: 'object', required: ['cvc'], properties: { cvc: { type: 'string', writeOnly: true } } },
              ],
            },
          },
        },
        Plain: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string' } },
          example: { required: ['x'] },
        },
      },
    },
  };

  it('requires no writeOnly property, a $ref followed, within a oneOf too', () => {
    const view = answerView(document) as typeof document;
    const [first, second] = view.components.schemas.Payment.properties.source.oneOf as Array<Record<string, unknown>>;
    expect(first?.required).toEqual(['number']);
    expect(second && 'required' in second).toBe(false);
    expect(view.components.schemas.Plain.required).toEqual(['id']);
    // The document itself is left as it is: requests are still judged by it.
    expect(document.components.schemas.Payment.properties.source.oneOf[0]?.required).toEqual(['number', 'cvc']);
  });

  it('is the document itself where no writeOnly property is required', () => {
    const plain = { openapi: '3.1.0', components: { schemas: { Plain: document.components.schemas.Plain } } };
    expect(answerView(plain)).toBe(plain);
  });
});

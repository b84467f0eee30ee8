// A readOnly field with a default (ReadMe's petstore: `id: {readOnly: true, default: 40}`): the
// default is the server's, never written into a client's request, which is taken as sent. A
// refusal the contract declares without a body says why in the server's log.
import { describe, expect, it } from '@jest/globals';
import { servingDocument, useTestMock } from '../support/mock.js';

const pet = {
  type: 'object',
  required: ['name'],
  properties: { id: { type: 'integer', readOnly: true, default: 40 }, name: { type: 'string' } },
};
const document = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  paths: {
    '/pets': {
      post: {
        operationId: 'addPet',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
        },
        responses: {
          '400': { description: 'Bad input' },
          '201': {
            description: 'Made',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
          },
        },
      },
    },
  },
  components: { schemas: { Pet: pet } },
};

const mock = useTestMock(() => servingDocument(document));

describe('a readOnly field with a default', () => {
  it('takes a create that leaves it out, and still refuses one that sends it', async () => {
    const made = await mock.http.post('/pets').send({ name: 'Rex' });
    expect(made.status).toBe(201);
    expect(made.body.name).toBe('Rex');
    const refused = await mock.http.post('/pets').send({ id: 7, name: 'Rex' });
    expect(refused.status).toBe(400);
    expect(refused.text).toBe('');
    expect(mock.logLines.find((line) => line.startsWith('POST /pets 400'))).toMatch(
      /^POST \/pets 400 INVALID_BODY .*\(its answer has no body: Invalid body: .*id.*\)$/,
    );
  });
});

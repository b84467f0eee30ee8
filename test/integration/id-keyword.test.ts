// A 3.1 draft whose schemas hold `id` (no keyword of JSON Schema 2020-12: an annotation), written
// as a keyword or met in an example a $ref makes a schema of, is served: the start stopped with
// Ajv's "NOT SUPPORTED: keyword id" and a stack trace, and the example was left out of the
// validator's document, which then could not follow the $ref.
import { describe, expect, it } from '@jest/globals';
import { servingDocument, useTestMock } from '../support/mock.js';

const thing = {
  type: 'object',
  required: ['name'],
  properties: {
    id: { type: 'integer', readOnly: true },
    name: { type: 'string', maxLength: 60 },
    note: { type: 'string', id: 'foo' },
    shape: { $ref: '#/paths/~1things/get/responses/200/content/application~1json/examples/page/value/0' },
  },
};
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const document = {
  openapi: '3.1.0',
  info: { title: 'Schemas holding id', version: '1' },
  paths: {
    '/things': {
      get: {
        operationId: 'listThings',
        responses: {
          '200': {
            description: 'OK',
            content: {
              'application/json': {
                schema: { type: 'array', items: { $ref: '#/components/schemas/Thing' } },
                examples: { page: { value: [{ id: 7, name: 'Lamp' }] } },
              },
            },
          },
        },
      },
      post: {
        operationId: 'createThing',
        requestBody: { required: true, ...json({ $ref: '#/components/schemas/Thing' }) },
        responses: { '201': { description: 'Made', ...json({ $ref: '#/components/schemas/Thing' }) } },
      },
    },
    '/things/{thingId}': {
      get: {
        operationId: 'getThing',
        parameters: [{ name: 'thingId', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: { '200': { description: 'OK', ...json({ $ref: '#/components/schemas/Thing' }) } },
      },
    },
  },
  components: { schemas: { Thing: thing } },
};

const mock = useTestMock(() => servingDocument(document));

describe('a 3.1 draft whose schemas hold id', () => {
  it('is served: its records listed, one created with the field, then read back', async () => {
    expect((await mock.http.get('/things')).status).toBe(200);
    const created = await mock.http.post('/things').send({ name: 'Desk', note: 'oak', shape: { any: 1 } });
    expect(created.status).toBe(201);
    const read = await mock.http.get(`/things/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ name: 'Desk', note: 'oak' });
    expect((await mock.http.post('/things').send({ name: 7 })).status).toBe(400);
  });
});

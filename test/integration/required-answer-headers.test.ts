// Headers a document marks required on its answers are on every such answer, valid for their
// schemas (the mock's own answers lacked them, and each became a 500): a request id a fresh UUID,
// ETag the body's hash, Last-Modified the answer's Date, the others from their example or schema.
import { describe, expect, it } from '@jest/globals';
import { servingDocument, useTestMock } from '../support/mock.js';

const item = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } },
};
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const headers = {
  'X-Request-Id': { required: true, schema: { type: 'string' } },
  ETag: { required: true, schema: { type: 'string' } },
  'Last-Modified': { required: true, schema: { type: 'string' } },
  'X-Region': { required: true, example: 'eu-west-1', schema: { type: 'string' } },
  'X-Shard': { required: true, schema: { type: 'integer', minimum: 1, maximum: 8 } },
  'X-Tier': { required: true, schema: { type: 'string', enum: ['gold', 'silver'] } },
  'X-Optional': { schema: { type: 'string' } },
};
const byId = [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }];
const document = {
  openapi: '3.0.3',
  info: { title: 'Answers with required headers', version: '1' },
  paths: {
    '/items': {
      get: {
        operationId: 'listItems',
        responses: { '200': { description: 'OK', headers, ...json({ type: 'array', items: item }) } },
      },
      post: {
        operationId: 'createItem',
        requestBody: { required: true, ...json(item) },
        responses: { '201': { description: 'Made', headers, ...json(item) } },
      },
    },
    '/items/{id}': {
      get: {
        operationId: 'getItem',
        parameters: byId,
        responses: {
          '200': { description: 'OK', headers, ...json(item) },
          '404': { description: 'Not there', headers },
        },
      },
      delete: { operationId: 'deleteItem', parameters: byId, responses: { '204': { description: 'Gone', headers } } },
    },
  },
};

const mock = useTestMock(() => servingDocument(document));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('headers a document requires on its answers', () => {
  it('are on a list, a create, a read, a 404 and a 204, valid for their schemas', async () => {
    const created = await mock.http.post('/items').send({ name: 'Lamp' });
    const answers = [
      await mock.http.get('/items'),
      created,
      await mock.http.get(`/items/${created.body.id}`),
      await mock.http.get('/items/999999'),
      await mock.http.delete(`/items/${created.body.id}`),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 201, 200, 404, 204]);
    for (const answer of answers) {
      expect(answer.headers['x-request-id']).toMatch(UUID);
      expect(answer.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(answer.headers['last-modified']).toBe(answer.headers.date);
      expect(answer.headers['x-region']).toBe('eu-west-1');
      expect(Number(answer.headers['x-shard'])).toBeGreaterThanOrEqual(1);
      expect(Number(answer.headers['x-shard'])).toBeLessThanOrEqual(8);
      expect(answer.headers['x-tier']).toBe('gold');
      expect(answer.headers['x-optional']).toBeUndefined();
    }
    expect(new Set(answers.map((answer) => answer.headers['x-request-id'])).size).toBe(answers.length);
  });

  it('give one record the same ETag on every read, and another record another', async () => {
    const [one, other] = [
      await mock.http.post('/items').send({ name: 'Desk' }),
      await mock.http.post('/items').send({ name: 'Chair' }),
    ];
    const first = await mock.http.get(`/items/${one.body.id}`);
    const again = await mock.http.get(`/items/${one.body.id}`);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect((await mock.http.get(`/items/${other.body.id}`)).headers.etag).not.toBe(first.headers.etag);
  });
});

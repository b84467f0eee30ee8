// A path parameter declared a string for records the mock numbers (Discourse's /t/{id}.json): a
// number in it reads its record, and any other text is a 404 that names the text as it was sent.
import { describe, expect, it } from '@jest/globals';
import { servingDocument, useTestMock } from '../support/mock.js';

const topic = {
  type: 'object',
  required: ['id', 'title'],
  properties: { id: { type: 'integer', readOnly: true }, title: { type: 'string' } },
};
const problem = { type: 'object', required: ['message'], properties: { message: { type: 'string' } } };
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const document = {
  openapi: '3.1.0',
  info: { title: 'Topics', version: '1' },
  paths: {
    '/topics': {
      get: {
        operationId: 'listTopics',
        responses: { '200': { description: 'OK', ...json({ type: 'array', items: topic }) } },
      },
      post: {
        operationId: 'createTopic',
        requestBody: { required: true, ...json(topic) },
        responses: { '201': { description: 'Made', ...json(topic) } },
      },
    },
    '/topics/{id}': {
      get: {
        operationId: 'getTopic',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'OK', ...json(topic) },
          '404': { description: 'Not there', ...json(problem) },
        },
      },
    },
  },
};

const mock = useTestMock(() => servingDocument(document));

describe('a string parameter naming numbered records', () => {
  it('reads a record by its number written as text', async () => {
    const created = await mock.http.post('/topics').send({ title: 'Welcome' });
    expect(created.status).toBe(201);
    const read = await mock.http.get(`/topics/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ id: created.body.id, title: 'Welcome' });
  });

  it('answers any other text 404, naming the text sent', async () => {
    const missing = await mock.http.get('/topics/welcome-topic');
    expect(missing.status).toBe(404);
    expect(missing.headers['x-mock-contract-gap']).toBeUndefined();
    expect(missing.body.message).toContain('has id "welcome-topic"');
  });
});

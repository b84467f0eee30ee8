// A path parameter whose schema names readOnly properties of the record (DigitalOcean's
// {ssh_key_identifier}: `anyOf: [the key's id, its fingerprint]`, both readOnly): readOnly speaks
// of a body's properties, so the id is taken, where every one was a 400 "is read-only".
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const keyPath = '#/components/schemas/Key/properties';
const answer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Key' } } },
});
const notFound = {
  description: 'No such key.',
  content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } } } } },
};

const document = {
  openapi: '3.0.3',
  info: { title: 'Keys', version: '1' },
  paths: {
    '/keys': {
      post: {
        operationId: 'createKey',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Key' } } },
        },
        responses: { '201': answer('Made.') },
      },
    },
    '/keys/{key_identifier}': {
      parameters: [{ $ref: '#/components/parameters/key_identifier' }],
      get: { operationId: 'getKey', responses: { '200': answer('The key.'), '404': notFound } },
      delete: { operationId: 'deleteKey', responses: { '204': { description: 'Gone.' }, '404': notFound } },
    },
  },
  components: {
    parameters: {
      key_identifier: {
        name: 'key_identifier',
        in: 'path',
        required: true,
        schema: { anyOf: [{ $ref: `${keyPath}/id` }, { $ref: `${keyPath}/fingerprint` }] },
      },
    },
    schemas: {
      Key: {
        type: 'object',
        required: ['name'],
        properties: {
          id: { type: 'integer', readOnly: true },
          fingerprint: { type: 'string', readOnly: true },
          name: { type: 'string' },
        },
      },
    },
  },
};

const served = serveJudged(document);
const { judged } = served;
const http = () => served.mock().http;

describe('a path parameter whose schema is a readOnly property of the record', () => {
  it('takes the id of a record made, and answers 404 for one that is not there', async () => {
    const made = judged('POST', '/keys', await http().post('/keys').send({ name: 'laptop' }));
    expect(made.status).toBe(201);
    const read = judged('GET', `/keys/${made.body.id}`, await http().get(`/keys/${made.body.id}`));
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: made.body.id, name: 'laptop' });
    expect((await http().get('/keys/987654')).status).toBe(404);
    expect((await http().delete(`/keys/${made.body.id}`)).status).toBe(204);
  });

  it('still refuses a readOnly property sent in a body', async () => {
    const res = await http().post('/keys').send({ name: 'desk', id: 5 });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('read-only');
  });
});

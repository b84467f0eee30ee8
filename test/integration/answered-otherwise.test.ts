// Fields an API's answers hold otherwise than its requests send them, as Discourse, Asana and the
// Swagger Petstore write them: a field only the replacement's answer requires, the answer beside
// an envelope field of its own (`{"success", "category"}`); a field sent as the key of what it
// names and answered as that object, not readOnly (Asana's project owner); an object sent by
// one schema and answered by another (OpenAI's chunking_strategy); a query parameter of
// any text that sets a field of a few values (`POST /pet/{petId}?status=`); an operation the Pet
// Store names at its own path whose success this API declares otherwise. Served with no 5xx,
// every exchange judged by a validator other than the mock's.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const json = (schema: object, status = 'ok') => ({
  description: status,
  content: { 'application/json': { schema } },
});
const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
const strategy = (type: string) => ({
  type: 'object',
  required: ['type'],
  additionalProperties: false,
  properties: { type: { type: 'string', enum: [type] } },
});
const category = (required: string[]) => ({
  type: 'object',
  required: ['id', 'name', ...required],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    template_ids: { type: 'array', items: { type: 'integer' } },
    owner: {
      type: 'object',
      required: ['gid', 'name'],
      properties: { gid: { type: 'string' }, name: { type: 'string' } },
    },
    status: { type: 'string', enum: ['open', 'closed'] },
    strategy: { oneOf: [strategy('static'), strategy('other')] },
  },
});
const answered = (required: string[]) =>
  json({
    type: 'object',
    required: ['success', 'category'],
    properties: { success: { type: 'string' }, category: category(required) },
  });
const label = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' }, hue: { type: 'string' } },
};
const body = {
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string' },
          template_ids: { type: 'array', items: { type: 'integer' } },
          owner: { type: 'string' },
          // Sent as auto or static, answered as static or other (OpenAI's chunking_strategy).
          strategy: { oneOf: [strategy('auto'), strategy('static')] },
        },
      },
    },
  },
};

const document = {
  openapi: '3.0.3',
  info: { title: 'Groups otherwise', version: '1' },
  paths: {
    '/groups': {
      get: { operationId: 'listGroups', responses: { 200: json({ type: 'array', items: category([]) }) } },
      post: { operationId: 'createGroup', requestBody: body, responses: { 200: answered([]) } },
    },
    // The Pet Store's createCategory at its very path, declaring 200 where the Pet Store's answers 201.
    '/categories': {
      get: { operationId: 'listCategories', responses: { 200: json({ type: 'array', items: label }) } },
      post: {
        operationId: 'createCategory',
        requestBody: { content: { 'application/json': { schema: { ...label, required: ['name'] } } } },
        responses: { 200: json(label) },
      },
    },
    '/groups/{id}': {
      parameters: [idParameter],
      get: { operationId: 'getGroup', responses: { 200: json(category([])), 404: { description: 'none' } } },
      // Only the replacement's answer requires template_ids, which its body may leave out.
      put: { operationId: 'updateGroup', requestBody: body, responses: { 200: answered(['template_ids']) } },
      post: {
        operationId: 'updateGroupWithQuery',
        parameters: [{ name: 'status', in: 'query', schema: { type: 'string' } }],
        responses: { 200: json(category([])), 400: { description: 'Invalid input' } },
      },
    },
  },
};

describe('fields answered otherwise than sent', () => {
  const served = serveJudged(document);
  const api = () => served.mock().http;
  const create = async () => {
    const res = served.judged('post', '/groups', await api().post('/groups').send({ name: 'Tools', owner: '1234' }));
    expect(res.status).toBe(200);
    return res.body.category as { id: number; owner: { gid: string } };
  };

  it('a replacement answers the fields only its answer requires, made where the body leaves them out', async () => {
    const { id } = await create();
    const res = served.judged('put', '/groups/{id}', await api().put(`/groups/${id}`).send({ name: 'Bolts' }));
    expect(res.status).toBe(200);
    expect(res.body.category).toMatchObject({ id, name: 'Bolts', template_ids: expect.any(Array) });
  });

  it('a field sent as a key is answered as the object it names, on create and on change', async () => {
    const made = await create();
    expect(made.owner.gid).toBe('1234');
    const read = served.judged('get', '/groups/{id}', await api().get(`/groups/${made.id}`));
    expect(read.body.owner).toEqual(made.owner);
    const changed = served.judged(
      'put',
      '/groups/{id}',
      await api().put(`/groups/${made.id}`).send({ name: 'Nuts', owner: '99' }),
    );
    expect(changed.body.category.owner).toEqual({ ...made.owner, gid: '99' });
  });

  it("an operation at the Pet Store's place whose success the Pet Store answers otherwise is this API's own", async () => {
    for (let twice = 0; twice < 2; twice += 1)
      expect(served.judged('post', '/categories', await api().post('/categories').send({ name: 'Twice' })).status).toBe(
        200,
      );
  });

  it('a value sent that no answer holds as sent is made by the server; one they hold is kept', async () => {
    const made = served.judged(
      'post',
      '/groups',
      await api()
        .post('/groups')
        .send({ name: 'A', strategy: { type: 'auto' } }),
    );
    expect(made.status).toBe(200);
    expect(['static', 'other']).toContain(made.body.category.strategy.type);
    const kept = served.judged(
      'post',
      '/groups',
      await api()
        .post('/groups')
        .send({ name: 'S', strategy: { type: 'static' } }),
    );
    expect(kept.body.category.strategy).toEqual({ type: 'static' });
    const changed = served.judged(
      'put',
      '/groups/{id}',
      await api()
        .put(`/groups/${kept.body.category.id}`)
        .send({ name: 'S', strategy: { type: 'auto' } }),
    );
    expect(changed.status).toBe(200);
    expect(changed.body.category.strategy).toEqual({ type: 'static' });
  });

  it('a query value its record cannot hold is 400; one it can is stored', async () => {
    const { id } = await create();
    const refused = await api().post(`/groups/${id}?status=ajar`);
    expect(refused.status).toBe(400);
    const res = served.judged('post', '/groups/{id}', await api().post(`/groups/${id}?status=closed`));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('closed');
  });
});

// Paths as Rails-style APIs write them (Discourse, Twilio): a format suffix on the last segment
// (/categories.json, /categories/{id}.json), a key parameter spelled unlike its field ({Sid} of
// `sid`), an update answered in an envelope with a field of its own ({"success": ..., "category":
// {...}}), and operationIds the Pet Store also has (createCategory), which are this API's own.
// Served statefully, every exchange judged by a validator other than the mock's.
import { describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import { serveJudged } from '../support/judged-document.js';

const json = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
const category = { $ref: '#/components/schemas/Category' };
const call = { $ref: '#/components/schemas/Call' };
const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
const sidParameter = {
  name: 'Sid',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: '^CA[0-9a-f]{8}$' },
};

const document = {
  openapi: '3.0.3',
  info: { title: 'Forum and calls', version: '1' },
  paths: {
    '/categories.json': {
      get: {
        operationId: 'listCategories',
        responses: {
          200: json({
            type: 'object',
            required: ['categories'],
            properties: { categories: { type: 'array', items: category } },
          }),
        },
      },
      post: {
        operationId: 'createCategory',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/NewCategory' } } } },
        responses: { 200: json({ type: 'object', required: ['category'], properties: { category } }) },
      },
    },
    '/categories/{id}.json': {
      parameters: [idParameter],
      get: {
        operationId: 'getCategory',
        responses: { 200: json({ type: 'object', required: ['category'], properties: { category } }) },
      },
      put: {
        operationId: 'updateCategory',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/NewCategory' } } } },
        responses: {
          200: json({
            type: 'object',
            additionalProperties: false,
            required: ['success', 'category'],
            properties: { success: { type: 'string', example: 'OK' }, category },
          }),
        },
      },
      delete: { operationId: 'deleteCategory', responses: { 200: { description: 'gone' } } },
    },
    '/Calls.json': {
      post: {
        operationId: 'createCall',
        requestBody: {
          content: {
            'application/json': {
              schema: { type: 'object', required: ['to'], properties: { to: { type: 'string' } } },
            },
          },
        },
        responses: { 201: { ...json(call), headers: { Location: { schema: { type: 'string' } } } } },
      },
    },
    '/Calls/{Sid}.json': {
      parameters: [sidParameter],
      get: { operationId: 'fetchCall', responses: { 200: json(call) } },
      delete: { operationId: 'deleteCall', responses: { 204: { description: 'gone' } } },
    },
  },
  components: {
    schemas: {
      NewCategory: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string', maxLength: 40 }, color: { type: 'string' } },
      },
      Category: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: { type: 'integer' }, name: { type: 'string' }, color: { type: 'string' } },
      },
      Call: {
        type: 'object',
        required: ['sid', 'to'],
        properties: { sid: { type: 'string', pattern: '^CA[0-9a-f]{8}$' }, to: { type: 'string' } },
      },
    },
  },
};

const served = serveJudged(document);
const { judged } = served;
const http = () => served.mock().http;

/** A truthful 404 the document does not declare: given all the same, and said to be a gap. */
const expectGap = (res: Response) => {
  expect(res.status).toBe(404);
  expect(res.headers['x-mock-contract-gap']).toMatch(/declares no 404 answer/);
};

describe('paths with a format suffix', () => {
  it('keep a category made at /categories.json, read, updated and deleted at /categories/{id}.json', async () => {
    const made = judged(
      'POST',
      '/categories.json',
      await http().post('/categories.json').send({ name: 'Announcements', color: 'red' }),
    );
    expect(made.status).toBe(200);
    const { id } = made.body.category;
    const path = `/categories/${id}.json`;
    expect(judged('GET', path, await http().get(path)).body).toEqual({
      category: { id, name: 'Announcements', color: 'red' },
    });
    const listed = judged('GET', '/categories.json', await http().get('/categories.json'));
    expect(listed.body.categories).toContainEqual({ id, name: 'Announcements', color: 'red' });

    const updated = judged('PUT', path, await http().put(path).send({ name: 'News' }));
    expect(updated.body).toEqual({ success: 'OK', category: { id, name: 'News' } });
    expect(judged('GET', path, await http().get(path)).body.category.name).toBe('News');

    expect(judged('DELETE', path, await http().delete(path)).status).toBe(200);
    expectGap(await http().get(path));
  });

  it('answer an operation the Pet Store also names (createCategory) by this API’s shape, not the Pet Store’s rules', async () => {
    const operations = await http().get('/__mock/operations');
    const create = operations.body.operations.find(
      (operation: { operationId: string }) => operation.operationId === 'createCategory',
    );
    expect(create).toMatchObject({ answeredBy: 'convention' });
    // The Pet Store's rule refuses a second category of one name; this API declares no such rule.
    for (let twice = 0; twice < 2; twice += 1)
      expect((await http().post('/categories.json').send({ name: 'Twice' })).status).toBe(200);
  });

  it('take a create whose body the document leaves optional without one (no 415), its required fields made', async () => {
    const made = judged('POST', '/Calls.json', await http().post('/Calls.json'));
    expect(made.status).toBe(201);
    expect(made.body).toEqual({ sid: expect.stringMatching(/^CA[0-9a-f]{8}$/), to: expect.any(String) });
  });

  it('key a call by its sid, named {Sid} in the path, and give its Location with the suffix', async () => {
    const made = judged('POST', '/Calls.json', await http().post('/Calls.json').send({ to: '+15550001' }));
    expect(made.status).toBe(201);
    expect(made.body.sid).toMatch(/^CA[0-9a-f]{8}$/);
    const path = `/Calls/${made.body.sid}.json`;
    expect(made.headers.location).toBe(path);
    expect(judged('GET', path, await http().get(path)).body).toEqual({ sid: made.body.sid, to: '+15550001' });
    expect(judged('DELETE', path, await http().delete(path)).status).toBe(204);
    expectGap(await http().get(path));
  });
});

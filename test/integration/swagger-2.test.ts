// A Swagger 2.0 document, as Docker Engine, Harbor and many generated APIs still publish them:
// served as its OpenAPI 3.0 reading, in its own words (its base path, its API key, its error
// shape, `x-nullable`, a body parameter, a form, a comma-separated query array), statefully.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const error = { $ref: '#/definitions/Error' };
const bookId = { name: 'bookId', in: 'path', required: true, type: 'integer', format: 'int64' };

const BOOKSHOP_SWAGGER_2 = {
  swagger: '2.0',
  info: { title: 'Bookshop', version: '2.1.0' },
  host: 'api.bookshop.example',
  basePath: '/v2',
  schemes: ['https'],
  consumes: ['application/json'],
  produces: ['application/json'],
  securityDefinitions: { api_key: { type: 'apiKey', name: 'api_key', in: 'header' } },
  security: [{ api_key: [] }],
  paths: {
    '/books': {
      get: {
        operationId: 'listBooks',
        parameters: [
          { name: 'tags', in: 'query', type: 'array', items: { type: 'string' }, collectionFormat: 'csv' },
          { name: 'limit', in: 'query', type: 'integer', maximum: 50 },
        ],
        responses: {
          '200': { description: 'The books.', schema: { type: 'array', items: { $ref: '#/definitions/Book' } } },
          default: { description: 'An error.', schema: error },
        },
      },
      post: {
        operationId: 'addBook',
        parameters: [{ name: 'book', in: 'body', required: true, schema: { $ref: '#/definitions/NewBook' } }],
        responses: {
          '201': { description: 'Added.', schema: { $ref: '#/definitions/Book' } },
          default: { description: 'An error.', schema: error },
        },
      },
    },
    '/books/{bookId}': {
      parameters: [bookId],
      get: {
        operationId: 'getBook',
        responses: {
          '200': { description: 'The book.', schema: { $ref: '#/definitions/Book' } },
          '404': { $ref: '#/responses/NoSuchBook' },
        },
      },
      post: {
        operationId: 'updateBookWithForm',
        consumes: ['application/x-www-form-urlencoded'],
        parameters: [{ name: 'title', in: 'formData', type: 'string' }],
        responses: {
          '200': { description: 'Changed.', schema: { $ref: '#/definitions/Book' } },
          '404': { description: 'No such book.', schema: error },
        },
      },
      delete: {
        operationId: 'deleteBook',
        responses: { '204': { description: 'Deleted.' }, '404': { description: 'No such book.', schema: error } },
      },
    },
    // Its own produces holds for the shared answer too (Harbor's scan logs, Docker's log streams).
    '/books/{bookId}/blurb': {
      parameters: [bookId],
      get: {
        operationId: 'getBlurb',
        produces: ['text/plain'],
        responses: {
          '200': { description: 'The blurb.', schema: { type: 'string' } },
          '404': { $ref: '#/responses/NoSuchBook' },
        },
      },
    },
  },
  responses: { NoSuchBook: { description: 'No such book.', schema: error } },
  definitions: {
    NewBook: {
      type: 'object',
      required: ['title'],
      properties: {
        title: { type: 'string', minLength: 1 },
        subtitle: { type: 'string', 'x-nullable': true },
        tags: { type: 'array', items: { type: 'string' } },
      },
    },
    Book: {
      allOf: [
        { $ref: '#/definitions/NewBook' },
        { type: 'object', required: ['id'], properties: { id: { type: 'integer', format: 'int64', readOnly: true } } },
      ],
    },
    Error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'integer', format: 'int32' }, message: { type: 'string' } },
    },
  },
};

describe('a Swagger 2.0 document', () => {
  const served = serveJudged(BOOKSHOP_SWAGGER_2);
  const http = () => served.mock().http;
  const key = { api_key: 'demo-free' };

  it('is served as OpenAPI 3.0 under its base path, and says so', () => {
    const draft = served.mock().server.contractDraft;
    expect(draft?.convertedFrom).toBe('Swagger 2.0');
    expect(draft?.document.openapi).toMatch(/^3\.0\./);
    expect(draft?.document.servers).toEqual([{ url: 'https://api.bookshop.example/v2' }]);
  });

  it('keeps what its body parameter creates, reads, lists by a comma-separated array, changes by its form and deletes', async () => {
    const created = served.judged(
      'POST',
      '/v2/books',
      await http()
        .post('/v2/books')
        .set(key)
        .send({ title: 'Dune', subtitle: null, tags: ['sf', 'classic'] }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Dune', subtitle: null, tags: ['sf', 'classic'] });
    const path = `/v2/books/${created.body.id}`;
    expect(served.judged('GET', path, await http().get(path).set(key)).body).toEqual(created.body);
    const listed = served.judged('GET', '/v2/books', await http().get('/v2/books?tags=sf,classic&limit=50').set(key));
    expect(listed.body).toContainEqual(created.body);
    const changed = served.judged(
      'POST',
      path,
      await http().post(path).set(key).type('form').send({ title: 'Dune Messiah' }),
    );
    expect(changed.status).toBe(200);
    expect((await http().get(path).set(key)).body.title).toBe('Dune Messiah');
    expect((await http().delete(path).set(key)).status).toBe(204);
    const gone = served.judged('GET', path, await http().get(path).set(key));
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ code: 404, message: expect.any(String) });
  });

  it('asks for the credential its securityDefinitions declare, and refuses in its own error shape', async () => {
    const refused = served.judged('GET', '/v2/books', await http().get('/v2/books').set('X-API-Key', 'demo-free'));
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ code: 401, message: expect.stringContaining('api_key') });
    const invalid = served.judged('POST', '/v2/books', await http().post('/v2/books').set(key).send({ title: '' }));
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ code: 400, message: expect.stringContaining('title') });
  });

  it("answers a shared error in the types of the operation that gives it, as 2.0's produces says", async () => {
    const paths = served.mock().server.contractDraft?.document.paths as Record<
      string,
      Record<string, { responses: Record<string, { content?: object }> }>
    >;
    expect(Object.keys(paths['/books/{bookId}/blurb']?.get?.responses['404']?.content ?? {})).toEqual(['text/plain']);
    expect(paths['/books/{bookId}']?.get?.responses['404']).toEqual({ $ref: '#/components/responses/NoSuchBook' });
    const missing = await http().get('/v2/books/99999/blurb').set(key);
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/plain/);
    expect(JSON.parse(missing.text)).toEqual({ code: 404, message: expect.any(String) });
    const gone = served.judged('GET', '/v2/books/99999', await http().get('/v2/books/99999').set(key));
    expect(gone.headers['content-type']).toMatch(/^application\/json/);
  });
});

// Records an API names itself and makes only with a PUT to their path, as Typesense's aliases are
// (PUT /aliases/{aliasName}, upsertAlias, and no POST): the PUT makes the record where none has
// that name, keyed by the path, in the field the parameter names ({aliasName}: the alias's
// `name`), as RFC 9110 says a PUT may. A record numbered by the mock, made by a POST, is never
// made by a PUT: that one is still 404. Nomad's namespaces are made so by a POST to their path
// that says it (PostNamespace).
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';
import { SEARCH_DOCUMENT as document } from '../support/search-document.js';

describe('a record an API makes only with a PUT to its path', () => {
  const served = serveJudged(document);
  const http = () => served.mock().http;

  it('is made by the PUT, named by the path in the field its parameter names, then replaced and deleted', async () => {
    const made = served.judged(
      'PUT',
      '/aliases/books',
      await http().put('/aliases/books').send({ collection_name: 'books_v1' }),
    );
    expect(made.status).toBe(200);
    expect(made.body).toEqual({ name: 'books', collection_name: 'books_v1' });
    expect((await http().get('/aliases/books')).body).toEqual(made.body);
    expect((await http().get('/aliases')).body.aliases).toContainEqual(made.body);
    const replaced = await http().put('/aliases/books').send({ collection_name: 'books_v2' });
    expect(replaced.body).toEqual({ name: 'books', collection_name: 'books_v2' });
    expect((await http().delete('/aliases/books')).status).toBe(200);
    expect((await http().get('/aliases/books')).status).toBe(404);
  });

  it('is never made by a PUT where a POST makes its records, numbered by the mock', async () => {
    const res = served.judged(
      'PUT',
      '/collections/987654',
      await http().put('/collections/987654').send({ title: 'Books' }),
    );
    expect(res.status).toBe(404);
    expect((await http().get('/collections/987654')).status).toBe(404);
  });
});

/** Nomad's namespaces: listed, read, upserted by a POST to their path (PostNamespace), deleted; no 404 declared. */
const namespaceSchema = {
  type: 'object',
  properties: { Name: { type: 'string' }, Description: { type: 'string' }, CreateIndex: { type: 'integer' } },
};
const namespacePath = {
  parameters: [{ name: 'namespaceName', in: 'path', required: true, schema: { type: 'string' } }],
  get: {
    operationId: 'GetNamespace',
    responses: {
      '200': { description: 'The namespace.', content: { 'application/json': { schema: namespaceSchema } } },
    },
  },
  post: {
    operationId: 'PostNamespace',
    requestBody: { required: true, content: { 'application/json': { schema: namespaceSchema } } },
    responses: { '200': { description: 'Made or changed.' }, '400': { description: 'Bad request.' } },
  },
  delete: { operationId: 'DeleteNamespace', responses: { '200': { description: 'Deleted.' } } },
};
const ORCHESTRATOR_DOCUMENT = {
  openapi: '3.0.1',
  info: { title: 'Orchestrator', version: '1.0.0' },
  paths: {
    '/namespaces': {
      get: {
        operationId: 'GetNamespaces',
        responses: {
          '200': {
            description: 'The namespaces.',
            content: { 'application/json': { schema: { type: 'array', items: namespaceSchema } } },
          },
        },
      },
    },
    '/namespace/{namespaceName}': namespacePath,
  },
};

describe('a record an API makes only with a POST to its path that it names as one (Nomad)', () => {
  const served = serveJudged(ORCHESTRATOR_DOCUMENT);
  const http = () => served.mock().http;

  it('is made by the POST, named by the path, then changed, listed and deleted', async () => {
    const made = served.judged(
      'POST',
      '/namespace/staging',
      await http().post('/namespace/staging').send({ Description: 'for tests' }),
    );
    expect(made.status).toBe(200);
    const read = served.judged('GET', '/namespace/staging', await http().get('/namespace/staging'));
    expect(read.body).toMatchObject({ Name: 'staging', Description: 'for tests' });
    await http().post('/namespace/staging').send({ Description: 'for the release' });
    expect((await http().get('/namespace/staging')).body.Description).toBe('for the release');
    expect((await http().get('/namespaces')).body).toContainEqual(
      expect.objectContaining({ Name: 'staging', Description: 'for the release' }),
    );
    expect((await http().delete('/namespace/staging')).status).toBe(200);
    expect((await http().get('/namespace/staging')).status).toBe(404);
  });
});

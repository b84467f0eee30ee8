// A create whose body names the record's key by its item path's parameter, the record holding it
// as its `id` (OpenAI's vector store files: POST .../files with a `file_id`, read and deleted at
// .../files/{file_id}): the record is made with that key, so it is read and deleted where the
// client put it.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const json = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
const stringParam = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const store = { $ref: '#/components/schemas/Store' };
const file = { $ref: '#/components/schemas/StoreFile' };

const document = {
  openapi: '3.0.3',
  info: { title: 'Stores', version: '1' },
  paths: {
    '/stores': {
      get: { operationId: 'listStores', responses: { 200: json({ type: 'array', items: store }) } },
    },
    '/stores/{store_id}': {
      parameters: [stringParam('store_id')],
      get: { operationId: 'getStore', responses: { 200: json(store), 404: { description: 'none' } } },
    },
    '/stores/{store_id}/files': {
      parameters: [stringParam('store_id')],
      get: {
        operationId: 'listStoreFiles',
        responses: { 200: json({ type: 'array', items: file }), 404: { description: 'none' } },
      },
      post: {
        operationId: 'addStoreFile',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                additionalProperties: false,
                required: ['file_id'],
                properties: { file_id: { type: 'string' } },
              },
            },
          },
        },
        responses: { 200: json(file), 404: { description: 'none' } },
      },
    },
    '/stores/{store_id}/files/{file_id}': {
      parameters: [stringParam('store_id'), stringParam('file_id')],
      get: { operationId: 'getStoreFile', responses: { 200: json(file), 404: { description: 'none' } } },
      delete: {
        operationId: 'removeStoreFile',
        responses: { 204: { description: 'gone' }, 404: { description: 'none' } },
      },
    },
  },
  components: {
    schemas: {
      Store: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: { type: 'string' }, name: { type: 'string', maxLength: 20 } },
      },
      StoreFile: {
        type: 'object',
        required: ['id', 'store_id', 'status'],
        properties: {
          id: { type: 'string' },
          store_id: { type: 'string' },
          status: { type: 'string', enum: ['in_progress', 'completed'] },
        },
      },
    },
  },
};

describe('a create that names the key by the item path parameter', () => {
  const served = serveJudged(document);
  const http = () => served.mock().http;

  it('makes the record under that key: read and deleted where the client put it', async () => {
    const stores = served.judged('GET', '/stores', await http().get('/stores')).body as Array<{ id: string }>;
    const storeId = stores[0]?.id ?? '';
    const files = `/stores/${storeId}/files`;
    const made = served.judged(
      'POST',
      '/stores/{store_id}/files',
      await http().post(files).send({ file_id: 'file-abc' }),
    );
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ id: 'file-abc', store_id: storeId });

    const read = served.judged('GET', '/stores/{store_id}/files/{file_id}', await http().get(`${files}/file-abc`));
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: 'file-abc', store_id: storeId });
    const listed = served.judged('GET', '/stores/{store_id}/files', await http().get(files)).body as Array<{
      id: string;
    }>;
    expect(listed.map((each) => each.id)).toContain('file-abc');

    expect((await http().delete(`${files}/file-abc`)).status).toBe(204);
    expect((await http().get(`${files}/file-abc`)).status).toBe(404);
  });

  it('keys a record whose sent key is empty text as one sent none: a path can name it', async () => {
    const stores = served.judged('GET', '/stores', await http().get('/stores')).body as Array<{ id: string }>;
    const files = `/stores/${stores[0]?.id ?? ''}/files`;
    const made = served.judged('POST', '/stores/{store_id}/files', await http().post(files).send({ file_id: '' }));
    expect(made.status).toBe(200);
    const { id } = made.body as { id: string };
    expect(id).not.toBe('');
    expect((await http().get(`${files}/${encodeURIComponent(id)}`)).status).toBe(200);
  });
});

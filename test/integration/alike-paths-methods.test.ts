// Two paths alike but for their parameters' names, each with methods of its own (Xero's Files API:
// `/Files/{FileId}` reads, replaces and deletes a file; `/Files/{FolderId}` uploads one into a
// folder): each request reaches the operation of its method, never a 405 from the other path.
import { describe, expect, it } from '@jest/globals';
import { servingDocument, useTestMock } from '../support/mock.js';

const file = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' }, folderId: { type: 'string' } },
};
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const byName = (name: string) => [{ name, in: 'path', required: true, schema: { type: 'string' } }];
const document = {
  openapi: '3.0.3',
  info: { title: 'Files', version: '1' },
  paths: {
    '/files': {
      get: {
        operationId: 'listFiles',
        responses: { '200': { description: 'OK', ...json({ type: 'array', items: file }) } },
      },
    },
    '/files/{fileId}': {
      get: {
        operationId: 'getFile',
        parameters: byName('fileId'),
        responses: { '200': { description: 'OK', ...json(file) }, '404': { description: 'Not there' } },
      },
      delete: {
        operationId: 'deleteFile',
        parameters: byName('fileId'),
        responses: { '204': { description: 'Gone' }, '404': { description: 'Not there' } },
      },
    },
    '/files/{folderId}': {
      post: {
        operationId: 'uploadFileToFolder',
        parameters: byName('folderId'),
        requestBody: { required: true, ...json(file) },
        responses: { '201': { description: 'Made', ...json(file) } },
      },
    },
  },
};

const mock = useTestMock(() => servingDocument(document));

describe('two paths alike but for their parameter names, with methods of their own', () => {
  it('sends each method to the path that declares it', async () => {
    const made = await mock.http.post('/files/4ff1e5cc-9835-40d5-bb18-09fdb118db9c').send({ name: 'hero.jpg' });
    expect(made.status).toBe(201);
    expect(made.body.name).toBe('hero.jpg');
    const read = await mock.http.get(`/files/${made.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body.name).toBe('hero.jpg');
    expect((await mock.http.delete(`/files/${made.body.id}`)).status).toBe(204);
    expect((await mock.http.get(`/files/${made.body.id}`)).status).toBe(404);
  });

  it('answers a method neither declares 405, with an Allow that names the methods of both', async () => {
    const answer = await mock.http.put('/files/anything').send({ name: 'x' });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD, POST, DELETE');
  });
});

// A schema that requires a name its properties never describe (Xero's Folder requires a `name`
// beside its `Name`; its Assets Setting a `name` it never mentions): what a create sends under
// that name is stored and answered, and what the mock draws holds it, so that no list or read of
// such records breaks the contract.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const json = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
const folder = {
  type: 'object',
  required: ['name'],
  properties: { Id: { type: 'string', format: 'uuid', readOnly: true }, Name: { type: 'string' } },
};
const document = {
  openapi: '3.0.3',
  info: { title: 'Files', version: '1' },
  paths: {
    '/Folders': {
      get: { operationId: 'getFolders', responses: { 200: json({ type: 'array', items: folder }) } },
      post: {
        operationId: 'createFolder',
        requestBody: { content: { 'application/json': { schema: folder } } },
        responses: { 200: json(folder) },
      },
    },
    '/Folders/{FolderId}': {
      get: {
        operationId: 'getFolder',
        parameters: [{ name: 'FolderId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: { 200: json(folder), 404: { description: 'none' } },
      },
    },
    '/Settings': {
      get: {
        operationId: 'getSettings',
        responses: { 200: json({ type: 'object', required: ['name'], properties: { prefix: { type: 'string' } } }) },
      },
    },
  },
};

describe('a name a schema requires without describing it', () => {
  const served = serveJudged(document);
  const http = () => served.mock().http;

  it('is stored as a create sends it, and answered by its read and the list', async () => {
    const made = served.judged(
      'POST',
      '/Folders',
      await http().post('/Folders').send({ name: 'assets', Name: 'Assets' }),
    );
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ name: 'assets', Name: 'Assets' });
    const read = served.judged('GET', '/Folders/{FolderId}', await http().get(`/Folders/${made.body.Id}`));
    expect(read.body.name).toBe('assets');
    const listed = served.judged('GET', '/Folders', await http().get('/Folders'));
    expect(listed.status).toBe(200);
    for (const each of listed.body) expect(each).toHaveProperty('name');
  });

  it('is drawn where the mock makes the value', async () => {
    const settings = served.judged('GET', '/Settings', await http().get('/Settings'));
    expect(settings.status).toBe(200);
    expect(typeof settings.body.name).toBe('string');
  });
});

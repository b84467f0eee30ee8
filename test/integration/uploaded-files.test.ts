// A record made by a multipart upload (Asana's attachment: a file, its parent and name): the
// fields are stored as sent; the file, whose bytes the mock lets go, is no field of the record,
// neither stored nor answered as the empty text the validator reads in its place.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const attachment = {
  type: 'object',
  properties: {
    gid: { type: 'string', readOnly: true },
    name: { type: 'string' },
    parent: { type: 'string' },
  },
};
const answer = {
  description: 'An attachment.',
  content: {
    'application/json': {
      schema: { type: 'object', properties: { data: { $ref: '#/components/schemas/Attachment' } } },
    },
  },
};

const document = {
  openapi: '3.0.3',
  info: { title: 'Attachments', version: '1' },
  paths: {
    '/attachments': {
      post: {
        operationId: 'createAttachment',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['parent'],
                properties: {
                  file: { type: 'string', format: 'binary' },
                  parent: { type: 'string' },
                  name: { type: 'string' },
                },
              },
            },
          },
        },
        responses: { 200: answer },
      },
    },
    '/attachments/{attachment_gid}': {
      parameters: [{ name: 'attachment_gid', in: 'path', required: true, schema: { type: 'string' } }],
      get: { operationId: 'getAttachment', responses: { 200: answer, 404: { description: 'None.' } } },
    },
  },
  components: { schemas: { Attachment: attachment } },
};

describe('a record made by a multipart upload', () => {
  const served = serveJudged(document);
  const api = () => served.mock().http;

  it('stores the fields sent, and no field of the file uploaded', async () => {
    const made = served.judged(
      'post',
      '/attachments',
      await api()
        .post('/attachments')
        .field('parent', 'task-1')
        .field('name', 'scan.pdf')
        .attach('file', Buffer.from('%PDF-1.4'), 'scan.pdf'),
    );
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ parent: 'task-1', name: 'scan.pdf' });
    expect(made.body.data).not.toHaveProperty('file');
    const read = served.judged(
      'get',
      '/attachments/{attachment_gid}',
      await api().get(`/attachments/${made.body.data.gid}`),
    );
    expect(read.body.data).toMatchObject({ parent: 'task-1', name: 'scan.pdf' });
    expect(read.body.data).not.toHaveProperty('file');
  });
});

// A field the answers mark readOnly that a create's own body declares writable (Asana's
// attachments: a readOnly name answered, a name sent to make an external one): the create keeps
// what was sent; where the body leaves it out, or does not declare it, the server makes it.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const json = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
const attachment = { $ref: '#/components/schemas/Attachment' };
const body = (schema: object) => ({ required: true, content: { 'application/json': { schema } } });

const document = {
  openapi: '3.0.3',
  info: { title: 'Attachments', version: '1' },
  paths: {
    '/attachments': {
      get: { operationId: 'listAttachments', responses: { 200: json({ type: 'array', items: attachment }) } },
      post: {
        operationId: 'createAttachment',
        requestBody: body({
          type: 'object',
          required: ['url'],
          properties: { url: { type: 'string', maxLength: 80 }, name: { type: 'string', maxLength: 40 } },
        }),
        responses: { 201: json(attachment) },
      },
    },
    '/attachments/{attachment_gid}': {
      parameters: [{ name: 'attachment_gid', in: 'path', required: true, schema: { type: 'string' } }],
      get: { operationId: 'getAttachment', responses: { 200: json(attachment), 404: { description: 'none' } } },
    },
  },
  components: {
    schemas: {
      Attachment: {
        type: 'object',
        required: ['gid', 'name', 'host', 'url'],
        properties: {
          gid: { type: 'string', readOnly: true },
          name: { type: 'string', readOnly: true, maxLength: 40 },
          host: { type: 'string', readOnly: true, enum: ['asana', 'external'] },
          url: { type: 'string', maxLength: 80 },
        },
      },
    },
  },
};

describe('a readOnly field that the create declares writable', () => {
  const served = serveJudged(document);
  const http = () => served.mock().http;

  it('keeps the value sent, read back as sent; the fields the body does not name are made', async () => {
    const sent = { url: 'https://example.com/a', name: 'minutes.pdf', host: 'asana' };
    const made = served.judged('POST', '/attachments', await http().post('/attachments').send(sent));
    expect(made.status).toBe(201);
    const { gid } = made.body as { gid: string };
    const read = served.judged('GET', '/attachments/{attachment_gid}', await http().get(`/attachments/${gid}`));
    expect(read.body).toMatchObject({ name: 'minutes.pdf', url: sent.url });
    expect(['asana', 'external']).toContain((read.body as { host: string }).host);
  });

  it('makes the field where the body leaves it out', async () => {
    const made = served.judged('POST', '/attachments', await http().post('/attachments').send({ url: 'https://x.io' }));
    expect(made.status).toBe(201);
    expect(typeof (made.body as { name: unknown }).name).toBe('string');
  });
});

// Lists as Xero answers them: an envelope holding two arrays, `Warnings` first and the records in
// the array named as the collection (`{Warnings: [...], Contacts: [...]}`). The records are the
// Contacts, never the warnings. Served with no 5xx, every exchange judged by a validator other
// than the mock's.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const json = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
const warning = { type: 'object', properties: { Message: { type: 'string' } } };
const contacts = {
  type: 'object',
  properties: {
    Warnings: { type: 'array', items: warning },
    Contacts: { type: 'array', items: { $ref: '#/components/schemas/Contact' } },
  },
};

const document = {
  openapi: '3.0.3',
  info: { title: 'Accounting', version: '1' },
  paths: {
    '/Contacts': {
      get: { operationId: 'getContacts', responses: { 200: json(contacts) } },
      post: {
        operationId: 'createContact',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Contact' } } },
        },
        responses: { 201: json({ $ref: '#/components/schemas/Contact' }) },
      },
    },
    '/Contacts/{ContactID}': {
      get: {
        operationId: 'getContact',
        parameters: [{ name: 'ContactID', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: { 200: json({ $ref: '#/components/schemas/Contact' }) },
      },
    },
  },
  components: {
    schemas: {
      Contact: {
        type: 'object',
        required: ['Name'],
        properties: { ContactID: { type: 'string', format: 'uuid', readOnly: true }, Name: { type: 'string' } },
      },
    },
  },
};

describe('lists as Xero answers them', () => {
  const { judged, mock } = serveJudged(document);

  it('lists the records in the array named as the collection, beside its warnings', async () => {
    const made = judged('POST', '/Contacts', await mock().http.post('/Contacts').send({ Name: 'Ridgeway' }));
    expect(made.status).toBe(201);
    const listed = judged('GET', '/Contacts', await mock().http.get('/Contacts'));
    expect(listed.body.Contacts).toEqual(expect.arrayContaining([made.body]));
    expect(listed.body.Warnings ?? []).not.toEqual(expect.arrayContaining([made.body]));
  });
});

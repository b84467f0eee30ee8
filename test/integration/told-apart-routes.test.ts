// Paths alike but for their parameters' names, sharing a method, as Xero publishes them:
// `/Contacts/{ContactID}` (a UUID) beside `/Contacts/{ContactNumber}` (any text), and
// `/Journals/{JournalID}` (a UUID) beside `/Journals/{JournalNumber}` (an integer). OpenAPI calls
// them identical; the API tells them apart by the value, and so does the mock: each request goes
// to the operation whose parameters its values fit, the narrowest first. Every exchange judged
// by a validator other than the mock's.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const answer = (via: string) => ({
  200: {
    description: 'ok',
    content: {
      'application/json': {
        // A text, no record: each operation answers its example, which names it.
        schema: { type: 'string', enum: [via] },
        example: via,
      },
    },
  },
});
const read = (operationId: string, name: string, schema: object) => ({
  get: {
    operationId,
    parameters: [{ name, in: 'path', required: true, schema }],
    responses: answer(operationId),
  },
});
const uuid = { type: 'string', format: 'uuid' };

const document = {
  openapi: '3.0.3',
  info: { title: 'Accounting', version: '1' },
  paths: {
    // The broad one first, as Xero writes them.
    '/Contacts/{ContactNumber}': read('getContactByContactNumber', 'ContactNumber', { type: 'string' }),
    '/Contacts/{ContactID}': read('getContact', 'ContactID', uuid),
    '/Journals/{JournalID}': read('getJournal', 'JournalID', uuid),
    '/Journals/{JournalNumber}': read('getJournalByNumber', 'JournalNumber', { type: 'integer' }),
  },
};

describe('alike paths told apart by their parameters, as Xero publishes them', () => {
  const { judged, mock } = serveJudged(document);
  const get = async (path: string) => judged('GET', path, await mock().http.get(path));

  it('sends a value that fits the narrower parameter to its operation, any other to the broader one', async () => {
    const id = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
    expect((await get(`/Contacts/${id}`)).body).toEqual('getContact');
    expect((await get('/Contacts/SB2')).body).toEqual('getContactByContactNumber');
    expect((await get(`/Journals/${id}`)).body).toEqual('getJournal');
    expect((await get('/Journals/1000')).body).toEqual('getJournalByNumber');
  });

  it('refuses a value that fits neither with a 400 that names the parameter', async () => {
    const refused = await mock().http.get('/Journals/ledger');
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(/JournalID|JournalNumber/);
  });
});

const contact = { $ref: '#/components/schemas/Contact' };
const contactJson = { description: 'ok', content: { 'application/json': { schema: contact } } };
const contacts = {
  openapi: '3.0.3',
  info: { title: 'Accounting', version: '1' },
  paths: {
    '/Contacts': {
      post: {
        operationId: 'createContact',
        requestBody: { required: true, content: { 'application/json': { schema: contact } } },
        responses: { 201: contactJson },
      },
    },
    // The number's path first, as Xero writes it: the record is still keyed by its id.
    '/Contacts/{ContactNumber}': {
      get: {
        operationId: 'getContactByContactNumber',
        parameters: [{ name: 'ContactNumber', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 200: contactJson },
      },
    },
    '/Contacts/{ContactID}': {
      parameters: [{ name: 'ContactID', in: 'path', required: true, schema: uuid }],
      get: { operationId: 'getContact', responses: { 200: contactJson } },
      delete: { operationId: 'deleteContact', responses: { 204: { description: 'gone' } } },
    },
  },
  components: {
    schemas: {
      Contact: {
        type: 'object',
        required: ['Name'],
        properties: {
          ContactID: { type: 'string', format: 'uuid', readOnly: true },
          ContactNumber: { type: 'string' },
          Name: { type: 'string' },
        },
      },
    },
  },
};

describe('a record read at alike paths by its key and by another of its fields', () => {
  const { judged, mock } = serveJudged(contacts);
  const get = async (path: string) => judged('GET', path, await mock().http.get(path));

  it('keys the record by its id, and finds it by its number too', async () => {
    const sent = { Name: 'Ridgeway', ContactNumber: 'SB2' };
    const made = judged('POST', '/Contacts', await mock().http.post('/Contacts').send(sent));
    expect(made.status).toBe(201);
    const id = made.body.ContactID;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await get(`/Contacts/${id}`)).body).toEqual(made.body);
    expect((await get('/Contacts/SB2')).body).toEqual(made.body);
    // A truthful 404 the document declares none of (marked as a gap).
    const missing = await mock().http.get('/Contacts/SB3');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toContain('ContactNumber "SB3"');
    expect((await mock().http.delete(`/Contacts/${id}`)).status).toBe(204);
    expect((await mock().http.get('/Contacts/SB2')).status).toBe(404);
  });
});

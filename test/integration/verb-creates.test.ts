// Resources in the RPC style of Dropbox Sign: a fax is sent with POST /fax/send, listed at
// /fax/list and read at /fax/{fax_id}, each answer wrapping the record beside warnings of its
// own. The send stores the fax the read and the list then show; a resource read at
// /signature_request/{id} and edited at /signature_request/edit/{id} goes by signature_request;
// GET /account, `{account, warnings: [...]}`, reads the one account, not a list of warnings.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
const warnings = { type: 'array', items: { type: 'object', properties: { warning_msg: { type: 'string' } } } };
const byId = (name: string) => [{ name, in: 'path', required: true, schema: { type: 'string' } }];
const document = {
  openapi: '3.0.3',
  info: { title: 'Signatures', version: '3' },
  paths: {
    '/fax/list': { get: { operationId: 'faxList', responses: { 200: json(ref('FaxListResponse')) } } },
    '/fax/send': {
      post: {
        operationId: 'faxSend',
        requestBody: { content: { 'application/json': { schema: ref('FaxSendRequest') } } },
        responses: { 200: json(ref('FaxGetResponse')) },
      },
    },
    '/fax/{fax_id}': {
      get: { operationId: 'faxGet', parameters: byId('fax_id'), responses: { 200: json(ref('FaxGetResponse')) } },
      delete: { operationId: 'faxDelete', parameters: byId('fax_id'), responses: { 204: { description: 'gone' } } },
    },
    '/account': {
      get: { operationId: 'accountGet', responses: { 200: json(ref('AccountGetResponse')) } },
      put: {
        operationId: 'accountUpdate',
        requestBody: { content: { 'application/json': { schema: ref('Account') } } },
        responses: { 200: json(ref('AccountGetResponse')) },
      },
    },
    '/signature_request/edit/{signature_request_id}': {
      put: {
        operationId: 'signatureRequestEdit',
        parameters: byId('signature_request_id'),
        requestBody: { content: { 'application/json': { schema: ref('SignatureRequest') } } },
        responses: { 200: json(ref('SignatureRequestGetResponse')) },
      },
    },
    '/signature_request/{signature_request_id}': {
      get: {
        operationId: 'signatureRequestGet',
        parameters: byId('signature_request_id'),
        responses: { 200: json(ref('SignatureRequestGetResponse')) },
      },
    },
  },
  components: {
    schemas: {
      Fax: {
        type: 'object',
        required: ['fax_id', 'title'],
        properties: { fax_id: { type: 'string' }, title: { type: 'string' }, recipient: { type: 'string' } },
      },
      FaxSendRequest: {
        type: 'object',
        required: ['recipient', 'title'],
        properties: { recipient: { type: 'string' }, title: { type: 'string' } },
      },
      FaxGetResponse: { type: 'object', required: ['fax'], properties: { fax: ref('Fax'), warnings } },
      FaxListResponse: {
        type: 'object',
        required: ['faxes'],
        properties: { faxes: { type: 'array', items: ref('Fax') }, list_info: { type: 'object' } },
      },
      Account: { type: 'object', properties: { email_address: { type: 'string' }, locale: { type: 'string' } } },
      AccountGetResponse: { type: 'object', properties: { account: ref('Account'), warnings } },
      SignatureRequest: {
        type: 'object',
        properties: { signature_request_id: { type: 'string' }, title: { type: 'string' } },
      },
      SignatureRequestGetResponse: {
        type: 'object',
        required: ['signature_request'],
        properties: { signature_request: ref('SignatureRequest'), warnings },
      },
    },
  },
};

describe('resources made at a verb beside their items, answered in envelopes', () => {
  const served = serveJudged(document);
  const http = () => served.mock().http;

  it('stores what POST /fax/send sends, read at /fax/{fax_id} and listed at /fax/list', async () => {
    const sent = served.judged(
      'POST',
      '/fax/send',
      await http().post('/fax/send').send({ recipient: '+14155550100', title: 'contract-verb-create' }),
    );
    expect(sent.status).toBe(200);
    const id = sent.body.fax.fax_id as string;
    expect(sent.body.fax.title).toBe('contract-verb-create');
    const read = served.judged('GET', '/fax/{fax_id}', await http().get(`/fax/${id}`));
    expect(read.status).toBe(200);
    expect(read.body.fax).toMatchObject({ fax_id: id, title: 'contract-verb-create' });
    const listed = served.judged('GET', '/fax/list', await http().get('/fax/list'));
    expect(listed.body.faxes.map((fax: { fax_id: string }) => fax.fax_id)).toContain(id);
    expect(served.judged('DELETE', '/fax/{fax_id}', await http().delete(`/fax/${id}`)).status).toBe(204);
    expect((await http().get(`/fax/${id}`)).status).toBe(404);
  });

  it('names a resource known by its item paths after its shortest one, not the verb of another', async () => {
    const operations = (await http().get('/__mock/operations')).body.operations as Array<{
      operationId: string;
      how: string;
    }>;
    const how = (id: string) => operations.find((operation) => operation.operationId === id)?.how ?? '';
    expect(how('signatureRequestGet')).toMatch(/signature_request/);
    expect(how('signatureRequestEdit')).toMatch(/signature_request/);
    expect(how('faxSend')).toMatch(/^creates a record of faxes/);
  });

  it("reads an answer that holds its path's word beside a list of warnings as that one record, which an update changes", async () => {
    const changed = served.judged('PUT', '/account', await http().put('/account').send({ locale: 'fr-FR' }));
    expect(changed.status).toBe(200);
    const read = served.judged('GET', '/account', await http().get('/account'));
    expect(read.body.account.locale).toBe('fr-FR');
  });
});

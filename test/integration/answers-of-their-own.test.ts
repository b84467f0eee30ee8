// A create whose answer is not the record it makes: Mastodon's registration (POST /accounts)
// stores an Account and answers a Token, an open schema of fields no account has. The answer
// holds what the Token requires (drawn from its schema) and the account is read back as an
// Account; every answer judged by a validator other than the mock's.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const json = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
const account = {
  type: 'object',
  required: ['id', 'username', 'created_at'],
  properties: {
    id: { type: 'string' },
    username: { type: 'string' },
    created_at: { type: 'string', format: 'date-time' },
  },
};
const token = {
  type: 'object',
  required: ['access_token', 'token_type', 'scope', 'created_at'],
  properties: {
    access_token: { type: 'string' },
    token_type: { type: 'string', enum: ['Bearer'] },
    scope: { type: 'string' },
    created_at: { type: 'number' },
  },
};
const document = {
  openapi: '3.0.3',
  info: { title: 'Registrations', version: '1' },
  paths: {
    '/accounts': {
      post: {
        operationId: 'createAccount',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['username'], properties: { username: { type: 'string' } } },
            },
          },
        },
        responses: { '200': json(token) },
      },
      get: { operationId: 'listAccounts', responses: { '200': json({ type: 'array', items: account }) } },
    },
    '/accounts/{id}': {
      get: {
        operationId: 'getAccount',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': json(account), '404': { description: 'No such account.' } },
      },
    },
  },
};

describe('a create that answers something other than its record', () => {
  const served = serveJudged(document);
  const api = () => served.mock().http;

  it('creates by its convention', async () => {
    const operations = await api().get('/__mock/operations');
    const create = operations.body.operations.find(
      (operation: { operationId: string }) => operation.operationId === 'createAccount',
    );
    expect(create.answeredBy).toBe('convention');
  });

  it('answers what its own schema requires, and keeps the record it made', async () => {
    const created = served.judged('POST', '/accounts', await api().post('/accounts').send({ username: 'ana' }));
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      access_token: expect.any(String),
      token_type: 'Bearer',
      scope: expect.any(String),
    });
    expect(typeof created.body.created_at).toBe('number');
    const read = served.judged('GET', '/accounts/{id}', await api().get(`/accounts/${created.body.id}`));
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: created.body.id, username: 'ana' });
    expect(Number.isNaN(Date.parse(read.body.created_at))).toBe(false);
  });
});

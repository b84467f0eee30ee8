// A parent named by {id} whose own parent is named by {id} elsewhere (Adyen's balance platform:
// /accountHolders/{id}/balanceAccounts beside /balancePlatforms/{id}/accountHolders): the path
// names one level, the account holder, and its records and answers are found under it.
import { describe, expect, it } from '@jest/globals';
import { servingDocument, useTestMock } from '../support/mock.js';

const id = { type: 'string', readOnly: true };
const text = { type: 'string' };
const record = (properties: object, required: string[]) => ({ type: 'object', required, properties });
const Platform = record({ id, name: text }, ['name']);
const Holder = record({ id, platformId: text, name: text }, ['platformId', 'name']);
const Account = record({ id, holderId: text, name: text }, ['holderId', 'name']);
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const ok = (schema: object) => ({ '200': { description: 'OK', ...json(schema) }, '404': { description: 'Not there' } });
const byId = [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }];
const create = (operationId: string, schema: object) => ({
  post: {
    operationId,
    requestBody: { required: true, ...json(schema) },
    responses: { '201': { description: 'Made', ...json(schema) } },
  },
});
const document = {
  openapi: '3.0.3',
  info: { title: 'Platforms', version: '1' },
  paths: {
    '/platforms': create('createPlatform', Platform),
    '/platforms/{id}': { get: { operationId: 'getPlatform', parameters: byId, responses: ok(Platform) } },
    '/platforms/{id}/holders': {
      get: { operationId: 'listPlatformHolders', parameters: byId, responses: ok({ type: 'array', items: Holder }) },
    },
    '/holders': create('createHolder', Holder),
    '/holders/{id}': { get: { operationId: 'getHolder', parameters: byId, responses: ok(Holder) } },
    '/holders/{id}/accounts': {
      get: { operationId: 'listHolderAccounts', parameters: byId, responses: ok({ type: 'array', items: Account }) },
    },
    '/holders/{id}/summary': {
      get: {
        operationId: 'summarizeHolder',
        parameters: byId,
        responses: {
          '200': { description: 'OK', content: { 'application/json': { example: { accounts: 1 } } } },
          '404': { description: 'Not there' },
        },
      },
    },
    '/accounts': create('createAccount', Account),
  },
};

const mock = useTestMock(() => servingDocument(document));

describe('a parent named by {id} whose own parent is named by {id} too', () => {
  it('lists its children and answers its example, and a holder that is not there is 404', async () => {
    const platform = (await mock.http.post('/platforms').send({ name: 'Main' })).body;
    const holder = await mock.http.post('/holders').send({ platformId: platform.id, name: 'Ada' });
    expect(holder.status).toBe(201);
    const account = await mock.http.post('/accounts').send({ holderId: holder.body.id, name: 'Savings' });
    expect(account.status).toBe(201);
    const listed = await mock.http.get(`/holders/${holder.body.id}/accounts`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([account.body]);
    expect((await mock.http.get(`/platforms/${platform.id}/holders`)).body).toEqual([holder.body]);
    const summary = await mock.http.get(`/holders/${holder.body.id}/summary`);
    expect(summary.status).toBe(200);
    expect(summary.body).toEqual({ accounts: 1 });
    expect((await mock.http.get('/holders/nobody/accounts')).status).toBe(404);
    expect((await mock.http.get('/holders/nobody/summary')).status).toBe(404);
  });
});

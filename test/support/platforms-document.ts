// Adyen's balance platform in small: platforms, account holders of a platform, accounts of a holder,
// each named by a generic {id}; holders and accounts made at the top level with their parent's key
// in a field of their body (platformId, holderId), listed under the parent's path; a holder changed
// by a PATCH whose schema requires what its create does.
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
export const PLATFORMS_DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Platforms', version: '1' },
  paths: {
    '/platforms': create('createPlatform', Platform),
    '/platforms/{id}': { get: { operationId: 'getPlatform', parameters: byId, responses: ok(Platform) } },
    '/platforms/{id}/holders': {
      get: { operationId: 'listPlatformHolders', parameters: byId, responses: ok({ type: 'array', items: Holder }) },
    },
    '/holders': create('createHolder', Holder),
    '/holders/{id}': {
      get: { operationId: 'getHolder', parameters: byId, responses: ok(Holder) },
      // A change whose schema requires what a create does, as Adyen's PATCH /transactionRules/{id}.
      patch: {
        operationId: 'updateHolder',
        parameters: byId,
        requestBody: { required: true, ...json(Holder) },
        responses: ok(Holder),
      },
    },
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
    '/accounts/{id}': { get: { operationId: 'getAccount', parameters: byId, responses: ok(Account) } },
  },
};

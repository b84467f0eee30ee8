// contract against the mock serving a document as Go's swaggo writes one: a schema on its 204
// (HTTP sends none), and its error object on many answers, each with an example of its own,
// beside a few plain-text 500s. The suite holds an empty 204 as valid and judges the errors the
// document declares nowhere (a 405, a 404 of no operation) by its most common error shape; it
// sends the property a kind declares again beside its base's readOnly one, as the mock takes it.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createMockServer, type MockServer } from '../../src/server/server.js';
import { runCli } from '../support/cli.js';

const httpError = (code: number, message: string) => ({
  description: message,
  schema: { $ref: '#/definitions/HTTPError' },
  examples: { 'application/json': { code, message } },
});
const textError = { description: 'Failed.', schema: { type: 'string' }, examples: { 'application/json': 'failed' } };
const id = { name: 'id', in: 'path', required: true, type: 'integer' };

const document = {
  swagger: '2.0',
  info: { title: 'Celler', version: '1.0' },
  basePath: '/api/v1',
  produces: ['application/json'],
  consumes: ['application/json'],
  paths: {
    '/accounts': {
      post: {
        operationId: 'addAccount',
        parameters: [{ name: 'account', in: 'body', required: true, schema: { $ref: '#/definitions/AddAccount' } }],
        responses: {
          '201': { description: 'Made.', schema: { $ref: '#/definitions/Account' } },
          '400': httpError(400, 'bad request'),
        },
      },
    },
    '/accounts/{id}': {
      get: {
        operationId: 'showAccount',
        parameters: [id],
        responses: {
          '200': { description: 'An account.', schema: { $ref: '#/definitions/Account' } },
          '400': httpError(400, 'invalid id'),
          '404': httpError(404, 'account not found'),
        },
      },
      delete: {
        operationId: 'deleteAccount',
        parameters: [id],
        responses: {
          '204': { description: 'No Content', schema: { $ref: '#/definitions/Account' } },
          '400': httpError(400, 'not deleted'),
          '404': httpError(404, 'no such account'),
        },
      },
    },
    // PagerDuty's contact methods: the base's readOnly type, an enum the kind requires.
    '/contacts': {
      post: {
        operationId: 'addContact',
        parameters: [{ name: 'contact', in: 'body', required: true, schema: { $ref: '#/definitions/EmailContact' } }],
        responses: { '201': { description: 'Made.', schema: { $ref: '#/definitions/EmailContact' } } },
      },
    },
    '/examples/ping': {
      get: {
        operationId: 'ping',
        responses: { '200': { description: 'pong', schema: { type: 'string' } }, '500': textError },
      },
    },
    '/examples/calc': {
      get: {
        operationId: 'calc',
        responses: { '200': { description: 'sum', schema: { type: 'integer' } }, '500': textError },
      },
    },
  },
  definitions: {
    Account: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
    AddAccount: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
    Typed: {
      type: 'object',
      properties: { id: { type: 'string', readOnly: true }, type: { type: 'string', readOnly: true } },
    },
    EmailContact: {
      allOf: [
        { $ref: '#/definitions/Typed' },
        {
          type: 'object',
          required: ['type', 'address'],
          properties: { type: { type: 'string', enum: ['email_contact_method'] }, address: { type: 'string' } },
        },
      ],
    },
    HTTPError: { type: 'object', properties: { code: { type: 'integer' }, message: { type: 'string' } } },
  },
};

describe('contract against a document as swaggo writes one', () => {
  let file: string;
  let mock: MockServer;
  beforeAll(async () => {
    file = join(await mkdtemp(join(tmpdir(), 'generated-shapes-')), 'swagger.json');
    await writeFile(file, JSON.stringify(document));
    mock = await createMockServer({ data: ':memory:', contract: file, lintContract: false });
  });
  afterAll(async () => {
    await mock.close();
  });

  it('passes the mock: an empty 204, and 405s and 404s in the error object most answers declare', async () => {
    const run = await runCli([
      ...['contract', '--contract', file, '--base-url', mock.url, '--api-key', 'demo-free'],
      ...['--checks', 'conformance,negative', '--seed', '7'],
    ]);
    expect(run.stdout).toMatch(/: \d+ passed, 0 failed/);
    expect(run.stdout).toContain('deleteAccount');
    expect(run.stdout).toContain('addContact');
    expect(run.code).toBe(0);
  }, 120_000);
});

// An error answer whose schema in the contract no body can meet (readme.com's own document: a
// 401 of `oneOf` two errors that differ only by a default, so that every body meets both) is
// given all the same, marked X-Mock-Contract-Gap (which says the branches overlap, and how to mend
// them) and kept in the violation log as the contract's fault, never turned into a 500 of the mock.
import { describe, expect, it } from '@jest/globals';
import { servingDocument, useTestMock } from '../support/mock.js';

const error = (code: string) => ({
  allOf: [
    { $ref: '#/components/schemas/BaseError' },
    { type: 'object', properties: { error: { type: 'string', default: code } } },
  ],
});

const document = {
  openapi: '3.0.3',
  info: { title: 'Projects', version: '1' },
  security: [{ basic: [] }],
  paths: {
    '/project': {
      get: {
        operationId: 'getProject',
        responses: {
          '200': {
            description: 'The project',
            content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } } },
          },
          '401': {
            description: 'Unauthorized',
            content: {
              'application/json': {
                schema: {
                  oneOf: [{ $ref: '#/components/schemas/KeyEmpty' }, { $ref: '#/components/schemas/KeyUnknown' }],
                },
              },
            },
          },
        },
      },
    },
  },
  components: {
    securitySchemes: { basic: { type: 'http', scheme: 'basic' } },
    schemas: {
      BaseError: { type: 'object', properties: { error: { type: 'string' }, message: { type: 'string' } } },
      KeyEmpty: error('APIKEY_EMPTY'),
      KeyUnknown: error('APIKEY_NOTFOUND'),
    },
  },
};

const mock = useTestMock(() => servingDocument(document));

describe('an error whose declared schema no body meets', () => {
  it('is answered with its own status, saying why it breaks the contract', async () => {
    const res = await mock.http.get('/project');
    expect(res.status).toBe(401);
    expect(res.headers['x-mock-contract-gap']).toBe(
      "getProject's 401 answer meets more than one branch of a oneOf, whose branches overlap (body must match exactly one schema in oneOf)",
    );
    expect(typeof res.body.message).toBe('string');
  });

  it('is kept in the violation log as a fault of the contract', async () => {
    const { violations } = (await mock.http.get('/__mock/violations')).body as {
      violations: Array<{ operationId: string; location: string; message: string }>;
    };
    expect(violations).toContainEqual(
      expect.objectContaining({
        operationId: 'getProject',
        location: 'contract',
        message: expect.stringMatching(
          /whose branches overlap .*Make it an anyOf in the contract, or make its branches exclude each other/,
        ),
      }),
    );
  });

  it('leaves an answer that meets its schema as it was', async () => {
    const res = await mock.http
      .get('/project')
      .set('Authorization', `Basic ${Buffer.from('demo-free:').toString('base64')}`);
    expect(res.status).toBe(200);
    expect(res.headers['x-mock-contract-gap']).toBeUndefined();
  });
});

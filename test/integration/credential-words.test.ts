// A 401 names each way the contract takes a key once: a bearer scheme and an OAuth2 one both
// read "Authorization: Bearer <key>" (Svix, Frigate).
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const document = {
  openapi: '3.0.3',
  info: { title: 'Hooks', version: '1' },
  security: [{ bearer: [] }, { oauth: ['read'] }, { key: [] }],
  paths: {
    '/hooks': {
      get: {
        operationId: 'listHooks',
        responses: {
          '200': { description: 'Hooks.', content: { 'application/json': { schema: { type: 'array', items: {} } } } },
          '401': {
            description: 'No key.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: { Problem: { type: 'object', properties: { code: { type: 'string' }, detail: { type: 'string' } } } },
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer' },
      oauth: {
        type: 'oauth2',
        flows: { clientCredentials: { tokenUrl: 'https://example.com/token', scopes: { read: 'Read' } } },
      },
      key: { type: 'apiKey', in: 'header', name: 'X-Hook-Key' },
    },
  },
};

const served = serveJudged(document);

describe('a request without a key', () => {
  it('is told each way the contract takes one, once', async () => {
    const res = served.judged('GET', '/hooks', await served.mock().http.get('/hooks'));
    expect(res.status).toBe(401);
    const said = JSON.stringify(res.body);
    expect(said.split('Authorization: Bearer <key>').length - 1).toBe(1);
    expect(said).toContain('X-Hook-Key');
  });
});

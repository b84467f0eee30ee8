// Cookie parameters as a contract declares them: each is checked like a query parameter (required,
// type, pattern, bounds), a refusal names the cookie in the contract's own error, and a key sent in
// a cookie of the same header is read as before.
import { describe, expect, it } from '@jest/globals';
import { servingDocument, useTestMock } from '../support/mock.js';

const document = {
  openapi: '3.0.3',
  info: { title: 'Cookies', version: '1.0' },
  servers: [{ url: '/api' }],
  security: [{ cookieKey: [] }],
  paths: {
    '/items': {
      get: {
        operationId: 'listItems',
        parameters: [
          { name: 'session', in: 'cookie', required: true, schema: { type: 'string', pattern: '^[a-f0-9]{8}$' } },
          { name: 'page', in: 'cookie', schema: { type: 'integer', minimum: 1 } },
        ],
        responses: {
          '200': {
            description: 'Items.',
            content: {
              'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Item' } } },
            },
          },
          '400': {
            description: 'Refused.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Fault' } } },
          },
          '401': {
            description: 'No key.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Fault' } } },
          },
        },
      },
    },
  },
  components: {
    securitySchemes: { cookieKey: { type: 'apiKey', in: 'cookie', name: 'token' } },
    schemas: {
      Item: { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, name: { type: 'string' } } },
      Fault: {
        type: 'object',
        required: ['reason'],
        additionalProperties: false,
        properties: { reason: { type: 'string' } },
      },
    },
  },
};

const mock = useTestMock(() => servingDocument(document));

const withCookies = (cookies: string) => mock.http.get('/api/items').set('Cookie', `token=demo-free; ${cookies}`);

describe('cookie parameters', () => {
  it('answers a request whose cookies fit, quoted or percent-encoded', async () => {
    expect((await withCookies('session=0123abcd')).status).toBe(200);
    expect((await withCookies('session="0123abcd"; page=2')).status).toBe(200);
    expect((await withCookies('session=%30123abcd')).status).toBe(200);
  });

  it.each([
    ['no session cookie', 'theme=dark', /cookie\/session: must have required property 'session'/],
    ['a session off its pattern', 'session=0123ABCD', /cookie\/session: must match pattern/],
    ['a page that is not an integer', 'session=0123abcd; page=two', /cookie\/page: must be integer/],
    ['a page below its minimum', 'session=0123abcd; page=0', /cookie\/page: must be >= 1/],
  ])('refuses %s with 400 in the contract’s own error, naming the cookie', async (_case, cookies, named) => {
    const res = await withCookies(cookies);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['reason']);
    expect(res.body.reason).toMatch(named);
  });

  it('reads names JavaScript objects have of their own as cookies like any other', async () => {
    expect((await withCookies('__proto__=1; constructor=2; session=0123abcd')).status).toBe(200);
    expect((await withCookies('__proto__=1; constructor=2')).status).toBe(400);
  });

  it('still takes the key from its cookie, and refuses a request without it', async () => {
    const res = await mock.http.get('/api/items').set('Cookie', 'session=0123abcd');
    expect(res.status).toBe(401);
    expect(res.body.reason).toContain('the cookie token');
  });
});

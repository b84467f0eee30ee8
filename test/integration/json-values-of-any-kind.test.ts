// Under another API's contract a JSON body may be any JSON value (RFC 8259), as its schema says: a
// flag set with `true`, a value of `anyOf: [string, integer]`. Express's JSON parser takes objects
// and arrays only by default, and called `5` malformed. A value of another kind than the schema's
// is refused by the schema, 400 in the contract's words, never a 500.
import { describe, expect, it } from '@jest/globals';
import { servingDocument, useTestMock } from '../support/mock.js';

const jsonBody = (schema: object) => ({ required: true, content: { 'application/json': { schema } } });
const done = { '200': { description: 'Done' }, '400': { description: 'Refused' } };
const thing = {
  type: 'object',
  required: ['name'],
  properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } },
};
const document = {
  openapi: '3.0.3',
  info: { title: 'Values', version: '1' },
  paths: {
    '/flags/{name}': {
      put: {
        operationId: 'setFlag',
        parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: jsonBody({ type: 'boolean' }),
        responses: done,
      },
    },
    '/values': {
      post: {
        operationId: 'sendValue',
        requestBody: jsonBody({ anyOf: [{ type: 'string' }, { type: 'integer' }] }),
        responses: done,
      },
    },
    '/things': {
      post: {
        operationId: 'createThing',
        requestBody: jsonBody({ $ref: '#/components/schemas/Thing' }),
        responses: {
          '201': {
            description: 'Made',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
          },
          '400': {
            description: 'Refused',
            content: {
              'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } } } },
            },
          },
        },
      },
      get: {
        operationId: 'listThings',
        responses: {
          '200': {
            description: 'All',
            content: {
              'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } },
            },
          },
        },
      },
    },
  },
  components: { schemas: { Thing: thing } },
};

const mock = useTestMock(() => servingDocument(document));

const send = (method: 'put' | 'post', path: string, text: string) =>
  mock.http[method](path).set('Content-Type', 'application/json').send(text);

describe('a JSON body that is not an object', () => {
  it('is taken where the schema takes it: a boolean, a string, an integer', async () => {
    expect((await send('put', '/flags/dark-mode', 'true')).status).toBe(200);
    expect((await send('post', '/values', '5')).status).toBe(200);
    expect((await send('post', '/values', '"five"')).status).toBe(200);
  });

  it('is refused by the schema where it takes another kind, 400 and nothing stored', async () => {
    for (const text of ['5', '"x"', 'null', 'true']) {
      const res = await send('post', '/things', text);
      expect({ text, status: res.status }).toEqual({ text, status: 400 });
    }
    expect((await send('put', '/flags/dark-mode', '"yes"')).status).toBe(400);
    expect(
      (await mock.http.get('/things')).body.filter((record: { name?: unknown }) => typeof record.name !== 'string'),
    ).toEqual([]);
  });
});

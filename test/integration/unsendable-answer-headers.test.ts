// Headers a draft requires on its answers with values no header can carry (a CR and LF, text
// outside ASCII) or that HTTP itself writes (Content-Length): each answer is sent all the same,
// never a 500. A value is sent percent-encoded as UTF-8, said once at start; one its schema then
// refuses is the contract's gap, marked; a header HTTP writes is left to HTTP.
import { describe, expect, it } from '@jest/globals';
import { servingDocument, useTestMock } from '../support/mock.js';

const item = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } },
};
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const plain = { type: 'string' };
const byId = [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }];
const document = {
  openapi: '3.1.0',
  info: { title: 'Answers with headers no answer can carry as written', version: '1' },
  paths: {
    '/items': {
      post: {
        operationId: 'createItem',
        requestBody: { required: true, ...json(item) },
        responses: { '201': { description: 'Made', ...json(item) } },
      },
    },
    '/items/{id}': {
      get: {
        operationId: 'getItem',
        parameters: byId,
        responses: {
          '200': {
            description: 'OK',
            headers: {
              'X-Greeting': { required: true, example: 'café ☃', schema: plain },
              'X-Injected': { required: true, example: 'a\r\nSet-Cookie: pwn=1', schema: plain },
              'Content-Length': { required: true, schema: { type: 'integer', minimum: 1000000 } },
              'Transfer-Encoding': { required: true, schema: { const: 'chunked' } },
            },
            ...json(item),
          },
        },
      },
      put: {
        operationId: 'replaceItem',
        parameters: byId,
        requestBody: { required: true, ...json(item) },
        responses: {
          '200': {
            description: 'Replaced',
            headers: { 'X-Snowman': { required: true, schema: { type: 'string', enum: ['☃'] } } },
            ...json(item),
          },
        },
      },
    },
  },
};

const mock = useTestMock(() => servingDocument(document));

describe('headers a draft requires that no answer can carry as written', () => {
  it('are sent percent-encoded, said once at start; those HTTP writes are left to it: no 500', async () => {
    const created = await mock.http.post('/items').send({ name: 'Lamp' });
    expect(created.status).toBe(201);
    const first = await mock.http.get(`/items/${created.body.id}`);
    const again = await mock.http.get(`/items/${created.body.id}`);
    for (const answer of [first, again]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['x-greeting']).toBe('caf%C3%A9 %E2%98%83');
      expect(answer.headers['x-injected']).toBe('a%0D%0ASet-Cookie: pwn=1');
      expect(answer.headers['set-cookie']).toBeUndefined();
      expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(answer.text)));
      expect(answer.headers['x-mock-contract-gap']).toBeUndefined();
    }
    const said = mock.logLines.filter((line) => /no header can carry/.test(line));
    expect(said).toEqual([
      expect.stringContaining('The header X-Greeting that getItem\'s 200 answer requires has the value "café ☃"'),
      expect.stringContaining('"a%0D%0ASet-Cookie: pwn=1"'),
      expect.stringContaining('The header X-Snowman'),
    ]);
  });

  it("marks an encoded value its schema refuses as the contract's gap, not the mock's fault", async () => {
    const created = await mock.http.post('/items').send({ name: 'Desk' });
    const replaced = await mock.http.put(`/items/${created.body.id}`).send({ name: 'Chair' });
    expect(replaced.status).toBe(200);
    expect(replaced.headers['x-snowman']).toBe('%E2%98%83');
    expect(replaced.headers['x-mock-contract-gap']).toMatch(/X-Snowman holds characters no header can carry/);
  });
});

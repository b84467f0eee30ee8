// What an OpenAPI document may leave out and the mock must still serve (readme's references do):
// an operation without `responses` (OpenAPI 3.1), an answer's schema where it gives an example
// alone, and the style of an array header (simple) or cookie (form), each taken at its default.
import { describe, expect, it } from '@jest/globals';
import { servingDocument, useTestMock } from '../support/mock.js';

const list = { type: 'array', items: { type: 'string', maxLength: 3 } };
const document = {
  openapi: '3.1.0',
  info: { title: 'Left out', version: '1' },
  paths: {
    '/headers': {
      get: { operationId: 'withHeaders', parameters: [{ name: 'tags', in: 'header', schema: list }] },
    },
    '/example': {
      get: {
        operationId: 'showExample',
        responses: {
          '200': { description: 'OK', content: { 'application/json': { example: { id: 12345, name: 'Test user' } } } },
        },
      },
    },
    '/cookies': {
      get: {
        operationId: 'withCookies',
        parameters: [
          { name: 'tags', in: 'cookie', schema: list },
          { name: 'page', in: 'cookie', schema: { type: 'integer' } },
        ],
      },
    },
  },
};

const mock = useTestMock(() => servingDocument(document));

describe('what a document leaves out', () => {
  it('answers an operation that declares no responses with a success, never the framework’s HTML page', async () => {
    const res = await mock.http.get('/headers');
    expect(res.status).toBe(200);
    expect(res.headers['content-type'] ?? '').not.toContain('text/html');
  });

  it('answers the example of an answer that gives no schema', async () => {
    const res = await mock.http.get('/example');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: 12345, name: 'Test user' });
  });

  it('reads an array header as simple and an array cookie as form when they say no style', async () => {
    expect((await mock.http.get('/headers').set('tags', 'a,b')).status).toBe(200);
    expect((await mock.http.get('/cookies').set('Cookie', 'tags=a,b; page=2')).status).toBe(200);
  });

  it('still refuses what breaks their schemas, in JSON', async () => {
    const header = await mock.http.get('/headers').set('tags', 'a,toolong');
    expect(header.status).toBe(400);
    expect(header.body.message).toMatch(/tags/);
    const cookie = await mock.http.get('/cookies').set('Cookie', 'page=two');
    expect(cookie.status).toBe(400);
    expect(cookie.body.message).toMatch(/cookie\/page: must be integer/);
  });
});

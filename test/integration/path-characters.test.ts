// Paths whose text holds what path-to-regexp 8 reads as its own syntax: OData's keys in
// parentheses (/users('{id}'), /items({id}), as Microsoft Graph and SAP publish them), a `+` in a
// segment, a literal `*`, beside a Google-style custom method (/tasks/{id}:cancel). The validator's
// router compiled each route on every request's lookup and threw at the first such path: every
// request of the API answered 500. Each is matched as written, every answer judged by a validator
// other than the mock's.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const record = { type: 'object', required: ['id'], properties: { id: { type: 'string' }, name: { type: 'string' } } };
const answer = { description: 'ok', content: { 'application/json': { schema: record } } };
const key = [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }];
const read = (operationId: string) => ({ get: { operationId, parameters: key, responses: { '200': answer } } });

const document = {
  openapi: '3.0.3',
  info: { title: 'Odd paths', version: '1' },
  paths: {
    "/users('{id}')": read('getUser'),
    '/items({id})': read('getItem'),
    '/a+b': {
      get: {
        operationId: 'listPlus',
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: record } } } },
        },
      },
    },
    '/a+b/{id}': read('getPlus'),
    '/tasks/{id}:cancel': {
      post: { operationId: 'cancelTask', parameters: key, responses: { '200': answer } },
    },
    '/static/*': {
      get: { operationId: 'getStatic', responses: { '200': answer } },
    },
  },
};

const served = serveJudged(document);

describe('a path holding ( ) + * or a custom method', () => {
  it('is matched as written and answered as the document says', async () => {
    for (const path of ["/users('u-7')", '/items(i-7)']) {
      const res = served.judged('get', path, await served.mock().http.get(path));
      expect(res.status).toBe(200);
      expect(res.body.id).toEqual(expect.any(String));
    }
    // Under a `+`, a record listed is read by its key.
    const [first] = served.judged('get', '/a+b', await served.mock().http.get('/a+b')).body as Array<{ id: string }>;
    const path = `/a+b/${encodeURIComponent(first?.id ?? '')}`;
    const got = served.judged('get', path, await served.mock().http.get(path));
    expect(got.status).toBe(200);
    expect(got.body).toEqual(first);
    const cancelled = await served.mock().http.post('/tasks/t-7:cancel');
    expect(served.judged('post', '/tasks/t-7:cancel', cancelled).status).toBe(200);
    expect(served.judged('get', '/static/*', await served.mock().http.get('/static/*')).status).toBe(200);
  });

  it('matches nothing else: a path near one of them is no route of the API', async () => {
    for (const path of ['/items(i-7', '/items/i-7', '/aab/p-7', '/static/x'])
      expect((await served.mock().http.get(path)).status).toBe(404);
  });
});

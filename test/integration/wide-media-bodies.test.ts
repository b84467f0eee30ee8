// A write that takes, beside its record's JSON type, a media range of a schema of its own (`*/*`
// of any value, as the hostile odd-media-types draft declares): a JSON body sent under the range
// is stored as a record, so it is held to the record's schema too. Served with no 5xx, every
// exchange judged by a validator other than the mock's.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const note = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', minLength: 1 }, status: { type: 'string', enum: ['open', 'done'] } },
};
const answered = { allOf: [note, { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }] };
const problem = {
  type: 'object',
  required: ['code', 'message'],
  properties: { code: { type: 'string' }, message: { type: 'string' } },
};
const json = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });

const document = {
  openapi: '3.0.3',
  info: { title: 'Notes of any type', version: '1' },
  paths: {
    '/notes': {
      get: { operationId: 'listNotes', responses: { 200: json({ type: 'array', items: answered }) } },
      post: {
        operationId: 'createNote',
        requestBody: {
          required: true,
          content: { 'application/vnd.note+json; charset=utf-8': { schema: note }, '*/*': { schema: {} } },
        },
        responses: { 201: json(answered), 400: json(problem) },
      },
    },
  },
};

describe('a write that takes a media range of any value', () => {
  const served = serveJudged(document);
  const post = (body: object) =>
    served.mock().http.post('/notes').set('Content-Type', 'application/json').send(JSON.stringify(body));
  const listed = async () => served.judged('get', '/notes', await served.mock().http.get('/notes')).body as object[];

  it('refuses with 400 a JSON body under */* that the record’s schema refuses, storing nothing', async () => {
    const before = await listed();
    for (const body of [{ name: 'Milk', status: 'lost' }, {}, [1]]) {
      const res = served.judged('post', '/notes', await post(body));
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: 'INVALID_BODY' });
      expect(res.body.message).toContain('application/vnd.note+json');
    }
    expect(await listed()).toEqual(before);
  });

  it('stores a JSON body under */* that the record’s schema takes', async () => {
    const res = served.judged('post', '/notes', await post({ name: 'Eggs', status: 'open' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Eggs', status: 'open' });
  });
});

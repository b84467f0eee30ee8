// What Lob's published document does that a mock must still serve: an answer of one of two
// objects, each of its properties and of `anyOf` `required: [name]` or `required: [company]`; an
// example that breaks its own schema (a pattern its URL does not match); a `date_created[gt]`
// deepObject filter beside a form-exploded `sort_by` object that has a property of the same name;
// a `default` error whose `status_code` lists 422 and no 400. Served with no 5xx, every exchange
// judged by a validator other than the mock's.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const json = (schema: object, extra: object = {}) => ({
  description: 'ok',
  content: { 'application/json': { schema, ...extra } },
});
const address = (country: object) => ({
  allOf: [
    {
      type: 'object',
      required: ['id', 'line1', 'country'],
      anyOf: [{ required: ['name'] }, { required: ['company'] }],
      properties: {
        id: { type: 'string', pattern: '^adr_[a-z0-9]{4}$' },
        name: { type: 'string', maxLength: 40 },
        company: { type: 'string', maxLength: 40 },
        line1: { type: 'string' },
        country: country,
      },
    },
  ],
});
const error = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['message', 'status_code', 'code'],
      properties: {
        message: { type: 'string' },
        status_code: { type: 'integer', enum: [401, 403, 404, 422, 429, 500] },
        code: { type: 'string', enum: ['bad_request', 'not_found', 'unauthorized'] },
      },
    },
  },
};
const receipt = {
  type: 'object',
  required: ['id', 'url'],
  properties: {
    id: { type: 'string' },
    url: { type: 'string', pattern: '^https://assets\\.example\\.com/[a-z]{3}_[a-z0-9]{8}\\.pdf$' },
  },
};
const sortBy = {
  in: 'query',
  name: 'sort_by',
  schema: {
    allOf: [
      {
        type: 'object',
        properties: {
          date_created: { type: 'string', enum: ['asc', 'desc'] },
          send_date: { type: 'string', enum: ['asc', 'desc'] },
        },
      },
      { oneOf: [{ required: ['date_created'] }, { required: ['send_date'] }] },
    ],
  },
};
const dateCreated = {
  in: 'query',
  name: 'date_created',
  style: 'deepObject',
  explode: true,
  schema: { type: 'object', additionalProperties: { type: 'string' } },
};
const failure = { default: json(error) };

const document = {
  openapi: '3.0.3',
  info: { title: 'Mail', version: '1' },
  paths: {
    '/lookups/{adr_id}': {
      get: {
        operationId: 'lookUpAddress',
        // Its records are one of two kinds (record-kinds.ts), read by key: the first are keyed by these examples.
        parameters: [
          {
            in: 'path',
            name: 'adr_id',
            required: true,
            schema: { type: 'string' },
            examples: { a: { value: 'adr_aaaa' }, b: { value: 'adr_bbbb' }, c: { value: 'adr_cccc' } },
          },
        ],
        responses: {
          200: json({
            oneOf: [address({ type: 'string', enum: ['US'] }), address({ type: 'string', enum: ['GB', 'FR', 'DE'] })],
          }),
          ...failure,
        },
      },
    },
    '/receipts/{id}/sign': {
      post: {
        operationId: 'signReceipt',
        parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string' } }],
        responses: {
          // The published example's URL has `?expires=` after it, which the pattern refuses.
          200: json(receipt, {
            example: { id: 'rct_1', url: 'https://assets.example.com/rct_abcdefgh.pdf?expires=1' },
          }),
          ...failure,
        },
      },
    },
    '/postcards': {
      get: {
        operationId: 'listPostcards',
        parameters: [
          { in: 'query', name: 'limit', schema: { type: 'integer', minimum: 1, maximum: 100 } },
          dateCreated,
          sortBy,
        ],
        responses: {
          200: json({
            type: 'object',
            required: ['data'],
            properties: {
              data: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['id'],
                  properties: { id: { type: 'string' }, note: { type: 'string' } },
                },
              },
            },
          }),
          ...failure,
        },
      },
    },
  },
};

describe("a published document's quirks", () => {
  const served = serveJudged(document);
  const api = () => served.mock().http;

  it('answers one of two objects whose branches only require one field or another with one of them', async () => {
    for (const id of ['adr_aaaa', 'adr_bbbb', 'adr_cccc']) {
      const res = served.judged('get', '/lookups/{adr_id}', await api().get(`/lookups/${id}`));
      expect(res.status).toBe(200);
      expect(res.body.name ?? res.body.company).toEqual(expect.any(String));
    }
  });

  it('answers with a value of its schema where its example breaks it, never with the example', async () => {
    const res = served.judged('post', '/receipts/{id}/sign', await api().post('/receipts/rct_1/sign'));
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^https:\/\/assets\.example\.com\/[a-z]{3}_[a-z0-9]{8}\.pdf$/);
  });

  it('takes a list that sends neither sort_by nor date_created, and one that sorts', async () => {
    for (const query of ['', '?limit=5', '?date_created=desc']) {
      const res = served.judged('get', '/postcards', await api().get(`/postcards${query}`));
      expect({ query, status: res.status }).toEqual({ query, status: 200 });
    }
  });

  it('refuses an invalid request with the status its error object lists for it (422), said alike in the body', async () => {
    const res = served.judged('get', '/postcards', await api().get('/postcards?limit=1000'));
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ status_code: 422, code: 'bad_request' });
  });
});

// Records as Listmonk and Clerk answer them: a list wrapped twice ({data: {results: [...], total,
// page}}), a create answered by another schema than its read (Listmonk's campaign: send_at an
// object in one, a text in the other; lists of numbers, then of objects), and an invalid body
// refused with the 422 an operation declares where it declares no 400. Served with no 5xx, every
// exchange judged by a validator other than the mock's.
import { describe, expect, it } from '@jest/globals';
import { CONTRACT_GAP_HEADER } from '../../src/openapi/response-contract.js';
import { serveJudged } from '../support/judged-document.js';

const json = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
const campaign = { $ref: '#/components/schemas/Campaign' };
const problem = json({
  type: 'object',
  required: ['errors'],
  properties: {
    errors: {
      type: 'array',
      items: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
    },
  },
});

const document = {
  openapi: '3.0.0',
  info: { title: 'Newsletters', version: '1' },
  paths: {
    '/campaigns': {
      get: {
        operationId: 'getCampaigns',
        responses: {
          200: json({
            type: 'object',
            properties: {
              data: {
                type: 'object',
                properties: {
                  results: { type: 'array', items: campaign },
                  total: { type: 'integer' },
                  per_page: { type: 'integer' },
                  page: { type: 'integer' },
                },
              },
            },
          }),
        },
      },
      post: {
        operationId: 'createCampaign',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/CampaignRequest' } } },
        },
        responses: {
          200: json({ type: 'object', properties: { data: { $ref: '#/components/schemas/CampaignUpdate' } } }),
          422: problem,
        },
      },
    },
    '/campaigns/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      get: {
        operationId: 'getCampaignById',
        responses: { 200: json({ type: 'object', properties: { data: campaign } }) },
      },
    },
  },
  components: {
    schemas: {
      Campaign: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          send_at: { type: 'string' },
          lists: {
            type: 'array',
            items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
          },
        },
      },
      CampaignRequest: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string', minLength: 1 },
          lists: { type: 'array', items: { type: 'integer' } },
          send_at: { type: 'object' },
        },
      },
      CampaignUpdate: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          lists: { type: 'array', items: { type: 'integer' } },
          send_at: { type: 'object' },
        },
      },
    },
  },
};

describe('records as Listmonk and Clerk answer them', () => {
  const { mock, judged } = serveJudged(document);
  const http = () => mock().http;

  it('lists a collection whose answer wraps its page in {data: {results, total}}, the records made included', async () => {
    const made = judged('POST', '/campaigns', await http().post('/campaigns').send({ name: 'Spring news' }));
    expect(made.status).toBe(200);
    const listed = judged('GET', '/campaigns', await http().get('/campaigns'));
    expect(listed.status).toBe(200);
    expect(listed.body.data.results).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Spring news' })]),
    );
    expect(listed.body.data.total).toBe(listed.body.data.results.length);
  });

  it('answers a field its create and its read declare by different schemas in the schema of each', async () => {
    const sent = { name: 'Autumn news', lists: [1, 2], send_at: { at: 'soon' } };
    const made = judged('POST', '/campaigns', await http().post('/campaigns').send(sent));
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ name: 'Autumn news', send_at: expect.any(Object) });
    const id = made.body.data.id;
    expect(id).toEqual(expect.any(Number));
    const path = `/campaigns/${id}`;
    const read = judged('GET', path, await http().get(path));
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id, name: 'Autumn news', send_at: expect.any(String) });
  });

  it('refuses an invalid body with the 422 the operation declares, where it declares no 400, as no gap', async () => {
    const refused = judged('POST', '/campaigns', await http().post('/campaigns').send({ name: '' }));
    expect(refused.status).toBe(422);
    expect(refused.headers[CONTRACT_GAP_HEADER.toLowerCase()]).toBeUndefined();
    expect(refused.body.errors[0].message).toMatch(/name.*fewer than 1 character/);
  });
});

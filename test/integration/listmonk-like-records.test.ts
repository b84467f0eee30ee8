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
const communication = { $ref: '#/components/schemas/Communication' };
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
    // Clerk's: a list any text of which is sent, answered with each of a few codes once.
    '/instance/communication': {
      get: { operationId: 'getCommunication', responses: { 200: json(communication) } },
      patch: {
        operationId: 'updateCommunication',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { blocked_country_codes: { type: 'array', items: { type: 'string' } } },
              },
            },
          },
        },
        responses: { 200: json(communication), 422: problem },
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
      Communication: {
        type: 'object',
        properties: {
          blocked_country_codes: {
            type: 'array',
            uniqueItems: true,
            items: { type: 'string', enum: ['US', 'FR', 'DE'] },
          },
        },
      },
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

  it('refuses a list its answers hold otherwise (an item twice, an item they do not list) with 422, and keeps one they take', async () => {
    const path = '/instance/communication';
    for (const codes of [['US', 'US'], ['XX']]) {
      const refused = judged('PATCH', path, await http().patch(path).send({ blocked_country_codes: codes }));
      expect(refused.status).toBe(422);
      expect(refused.body.errors[0].message).toMatch(/blocked_country_codes/);
    }
    const kept = judged(
      'PATCH',
      path,
      await http()
        .patch(path)
        .send({ blocked_country_codes: ['FR', 'DE'] }),
    );
    expect(kept.status).toBe(200);
    expect(judged('GET', path, await http().get(path)).body.blocked_country_codes).toEqual(['FR', 'DE']);
  });

  it('says what went wrong in an error list where no field is at fault', async () => {
    const missing = await http().get('/campaigns/99999');
    expect(missing.status).toBe(404);
    expect(missing.body.errors).toEqual([{ message: expect.stringMatching(/No campaign has id 99999/) }]);
  });

  it('refuses an invalid body with the 422 the operation declares, where it declares no 400, as no gap', async () => {
    const refused = judged('POST', '/campaigns', await http().post('/campaigns').send({ name: '' }));
    expect(refused.status).toBe(422);
    expect(refused.headers[CONTRACT_GAP_HEADER.toLowerCase()]).toBeUndefined();
    expect(refused.body.errors[0].message).toMatch(/name.*fewer than 1 character/);
  });
});

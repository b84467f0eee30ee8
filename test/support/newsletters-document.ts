// A document whose answers narrow its requests and declare its records apart, as Listmonk's and
// Clerk's do: a list wrapped twice ({data: {results: [...], total, page}}), a create answered by
// another schema than its read (send_at an object in one, a text in the other; lists of numbers,
// then of objects; a type any text of which is sent, one of two answered), a list any text of
// which is sent and answered with each of a few codes once, and 422 declared where 400 is not.
// For the mock's tests and the contract suite's.
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

export const NEWSLETTERS_DOCUMENT = {
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
      // Mastodon's filter_action: any text sent, one of a few answered.
      patch: {
        operationId: 'updateCampaign',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', properties: { type: { type: 'string' } } } } },
        },
        responses: { 200: json({ type: 'object', properties: { data: campaign } }), 422: problem },
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
          type: { type: 'string', enum: ['regular', 'optin'] },
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
          type: { type: 'string' },
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

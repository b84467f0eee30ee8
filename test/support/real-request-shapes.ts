// A small document of what real APIs ask of a request, each once: a change keyed by its body
// (the Swagger Petstore's PUT /pet), a query parameter of any text that sets a field of a few
// values (POST /pet/{petId}?status=), an array filter (findByTags), required query parameters
// (Train Travel's GET /trips, Spotify's ?ids=) and a required cookie of a pattern, a delete of some of a list's items by a query
// (DELETE /me/tracks?ids=), an answer of booleans (GET /me/tracks/contains), a writeOnly field
// required and left out of the answer (a card's cvc), a number above an exclusive minimum of 0
// (OpenAPI 3.1), a limit without a default, and a placeOrder at a path of its own.

const json = (schema: object, description = 'OK') => ({ description, content: { 'application/json': { schema } } });
const gadget = { $ref: '#/components/schemas/Gadget' };
const gadgetIdParameter = { name: 'gadgetId', in: 'path', required: true, schema: { type: 'integer' } };
const ids = { name: 'ids', in: 'query', required: true, schema: { type: 'string' } };

export const realRequestShapes = {
  openapi: '3.1.0',
  info: { title: 'Request shapes', version: '1' },
  paths: {
    '/gadgets': {
      post: {
        operationId: 'addGadget',
        requestBody: { required: true, content: { 'application/json': { schema: gadget } } },
        responses: { 200: json(gadget) },
      },
      put: {
        operationId: 'updateGadget',
        requestBody: { required: true, content: { 'application/json': { schema: gadget } } },
        responses: { 200: json(gadget), 400: { description: 'Invalid ID supplied' }, 404: { description: 'No such' } },
      },
    },
    // A list of records sent, one answered (the Swagger Petstore's createUsersWithListInput).
    '/gadgets/createWithList': {
      post: {
        operationId: 'addGadgets',
        requestBody: { content: { 'application/json': { schema: { type: 'array', items: gadget } } } },
        responses: { 200: json(gadget) },
      },
    },
    '/gadgets/findByTags': {
      get: {
        operationId: 'findGadgetsByTags',
        parameters: [
          { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
          { name: 'limit', in: 'query', schema: { type: 'integer', format: 'int32' } },
        ],
        responses: { 200: json({ type: 'array', items: gadget }), 400: { description: 'Invalid tag value' } },
      },
    },
    '/gadgets/{gadgetId}': {
      parameters: [gadgetIdParameter],
      get: { operationId: 'getGadget', responses: { 200: json(gadget), 404: { description: 'No such' } } },
      post: {
        operationId: 'updateGadgetWithQuery',
        parameters: [{ name: 'status', in: 'query', schema: { type: 'string' } }],
        responses: { 200: json(gadget), 400: { description: 'Invalid input' } },
      },
      delete: {
        operationId: 'deleteGadget',
        responses: { 204: { description: 'Gone' }, 404: { description: 'No such' } },
      },
    },
    '/trips': {
      get: {
        operationId: 'findTrips',
        parameters: [
          { name: 'origin', in: 'query', required: true, schema: { type: 'string', format: 'uuid' } },
          { name: 'locale', in: 'cookie', required: true, schema: { type: 'string', pattern: '^[a-z]{2}-[A-Z]{2}$' } },
        ],
        responses: { 200: json({ type: 'array', items: { $ref: '#/components/schemas/Trip' } }) },
      },
    },
    '/likes': {
      get: {
        operationId: 'listLikes',
        responses: { 200: json({ type: 'array', items: { $ref: '#/components/schemas/Like' } }) },
      },
      delete: { operationId: 'removeLikes', parameters: [ids], responses: { 200: { description: 'Removed' } } },
    },
    '/likes/contains': {
      get: {
        operationId: 'checkLikes',
        parameters: [ids],
        responses: { 200: json({ type: 'array', items: { type: 'boolean' } }) },
      },
    },
    '/payments': {
      post: {
        operationId: 'makePayment',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Payment' } } },
        },
        responses: { 200: json({ $ref: '#/components/schemas/Payment' }) },
      },
    },
    '/store/order': {
      post: {
        operationId: 'placeOrder',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } },
        responses: { 200: json({ $ref: '#/components/schemas/Order' }) },
      },
    },
  },
  components: {
    schemas: {
      Gadget: {
        type: 'object',
        required: ['name'],
        properties: {
          id: { type: 'integer', format: 'int64' },
          name: { type: 'string' },
          status: { type: 'string', enum: ['on', 'off'] },
        },
      },
      Trip: { type: 'object', properties: { id: { type: 'string' }, origin: { type: 'string' } } },
      Like: { type: 'object', properties: { id: { type: 'integer' }, title: { type: 'string' } } },
      Payment: {
        type: 'object',
        required: ['amount', 'card'],
        properties: {
          id: { type: 'string', format: 'uuid', readOnly: true },
          amount: { type: 'number', exclusiveMinimum: 0 },
          card: {
            type: 'object',
            required: ['number', 'cvc'],
            properties: { number: { type: 'string' }, cvc: { type: 'string', writeOnly: true } },
          },
        },
      },
      Order: { type: 'object', properties: { id: { type: 'integer' }, quantity: { type: 'integer' } } },
    },
  },
};

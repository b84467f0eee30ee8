// A document built as Typesense's is: aliases made only with a PUT to their path (upsertAlias,
// no POST), named by the alias's `name`; an analytics event whose create answers a receipt
// (`{ok: true}`), not the record; collections numbered by the mock and made by a POST. For the
// mock's tests and the contract suite's.
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
const notFound = json({ type: 'object', required: ['message'], properties: { message: { type: 'string' } } });

export const SEARCH_DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Search', version: '1' },
  paths: {
    '/aliases': {
      get: {
        operationId: 'getAliases',
        responses: { 200: json({ type: 'object', properties: { aliases: { type: 'array', items: ref('Alias') } } }) },
      },
    },
    '/aliases/{aliasName}': {
      parameters: [{ name: 'aliasName', in: 'path', required: true, schema: { type: 'string' } }],
      get: { operationId: 'getAlias', responses: { 200: json(ref('Alias')), 404: notFound } },
      put: {
        operationId: 'upsertAlias',
        requestBody: { content: { 'application/json': { schema: ref('AliasSchema') } } },
        responses: { 200: json(ref('Alias')), 404: notFound },
      },
      delete: { operationId: 'deleteAlias', responses: { 200: json(ref('Alias')), 404: notFound } },
    },
    // A create answered with a receipt, not the record (Typesense's analytics events).
    '/analytics/events': {
      post: {
        operationId: 'createAnalyticsEvent',
        requestBody: { required: true, content: { 'application/json': { schema: ref('Event') } } },
        responses: { 200: json({ type: 'object', required: ['ok'], properties: { ok: { type: 'boolean' } } }) },
      },
    },
    '/collections': {
      post: {
        operationId: 'createCollection',
        requestBody: { content: { 'application/json': { schema: ref('Collection') } } },
        responses: { 201: json(ref('Collection')) },
      },
    },
    '/collections/{collectionId}': {
      parameters: [{ name: 'collectionId', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { operationId: 'getCollection', responses: { 200: json(ref('Collection')), 404: notFound } },
      put: {
        operationId: 'replaceCollection',
        requestBody: { content: { 'application/json': { schema: ref('Collection') } } },
        responses: { 200: json(ref('Collection')), 404: notFound },
      },
    },
  },
  components: {
    schemas: {
      Alias: {
        type: 'object',
        required: ['collection_name', 'name'],
        properties: { name: { type: 'string', readOnly: true }, collection_name: { type: 'string' } },
      },
      AliasSchema: {
        type: 'object',
        required: ['collection_name'],
        properties: { collection_name: { type: 'string' } },
      },
      Event: {
        type: 'object',
        required: ['name', 'event_type'],
        properties: { name: { type: 'string' }, event_type: { type: 'string' }, data: { type: 'object' } },
      },
      Collection: {
        type: 'object',
        required: ['title'],
        properties: { id: { type: 'integer', readOnly: true }, title: { type: 'string' } },
      },
    },
  },
};

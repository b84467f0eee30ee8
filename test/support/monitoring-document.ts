// A document built as InfluxDB's is: variables whose required `arguments` are a query's, a
// constant's or a map's (a oneOf whose branches require nothing, so that `{}` meets all three),
// agent configs read in TOML first and JSON second, reads that declare the Accept-Encoding they
// take, and notification endpoints of kinds a discriminator tells apart, each an allOf of one base
// whose tag takes every kind's name. For the mock's tests and the contract suite's.
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
const error = json({ type: 'object', required: ['code', 'message'], properties: { code: {}, message: {} } });
const encoding = {
  name: 'Accept-Encoding',
  in: 'header',
  schema: { type: 'string', enum: ['gzip', 'identity'], default: 'identity' },
};
const idParameter = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const object = (properties: object, required: string[] = []) => ({
  type: 'object',
  ...(required.length > 0 ? { required } : {}),
  properties,
});

/** A collection at `path` of `schema`: list, create, read, replace and delete, its reads under `media`. */
function collection(noun: string, schema: object, media: Record<string, object> = { 'application/json': {} }) {
  const answer = {
    description: 'ok',
    content: Object.fromEntries(Object.keys(media).map((type) => [type, { schema }])),
  };
  const id = `${noun}ID`;
  return {
    [`/${noun}s`]: {
      get: {
        operationId: `list${noun}s`,
        parameters: [encoding],
        responses: { 200: json(object({ [`${noun}s`]: { type: 'array', items: schema } })), default: error },
      },
      post: {
        operationId: `create${noun}`,
        requestBody: { required: true, content: { 'application/json': { schema } } },
        responses: { 201: json(schema), default: error },
      },
    },
    [`/${noun}s/{${id}}`]: {
      parameters: [idParameter(id)],
      get: { operationId: `get${noun}`, parameters: [encoding], responses: { 200: answer, default: error } },
      put: {
        operationId: `replace${noun}`,
        requestBody: { required: true, content: { 'application/json': { schema } } },
        responses: { 200: json(schema), default: error },
      },
      delete: { operationId: `delete${noun}`, responses: { 204: { description: 'gone' }, default: error } },
    },
  };
}

/** A kind of endpoint: the base, and what the kind adds. */
const kind = (more: object, required: string[] = []) => ({
  type: 'object',
  allOf: [ref('EndpointBase'), object(more, required)],
});

export const MONITORING_DOCUMENT = {
  openapi: '3.0.0',
  info: { title: 'Monitoring', version: '1' },
  paths: {
    ...collection('variable', ref('Variable')),
    ...collection('telegraf', ref('Telegraf'), { 'application/toml': {}, 'application/json': {} }),
    ...collection('endpoint', ref('Endpoint')),
  },
  components: {
    schemas: {
      Variable: object(
        {
          id: { type: 'string', readOnly: true },
          name: { type: 'string' },
          arguments: { oneOf: [ref('QueryArguments'), ref('ConstantArguments'), ref('MapArguments')] },
        },
        ['name', 'arguments'],
      ),
      QueryArguments: object({
        type: { type: 'string', enum: ['query'] },
        values: object({ query: { type: 'string' }, language: { type: 'string' } }),
      }),
      ConstantArguments: object({
        type: { type: 'string', enum: ['constant'] },
        values: { type: 'array', items: { type: 'string' } },
      }),
      MapArguments: object({
        type: { type: 'string', enum: ['map'] },
        values: { type: 'object', additionalProperties: { type: 'string' } },
      }),
      Telegraf: object(
        { id: { type: 'string', readOnly: true }, name: { type: 'string' }, config: { type: 'string' } },
        ['name'],
      ),
      Endpoint: { allOf: [ref('EndpointUnion')] },
      EndpointUnion: {
        oneOf: [ref('SlackEndpoint'), ref('HTTPEndpoint')],
        discriminator: {
          propertyName: 'type',
          mapping: { slack: '#/components/schemas/SlackEndpoint', http: '#/components/schemas/HTTPEndpoint' },
        },
      },
      EndpointBase: object(
        {
          id: { type: 'string', readOnly: true },
          name: { type: 'string' },
          type: { type: 'string', enum: ['slack', 'http'] },
        },
        ['type', 'name'],
      ),
      SlackEndpoint: kind({ url: { type: 'string' } }),
      HTTPEndpoint: kind({ url: { type: 'string' }, method: { type: 'string', enum: ['POST', 'GET'] } }, [
        'url',
        'method',
      ]),
    },
  },
};

/**
 * Dashboards answered as a oneOf of two kinds that differ only in their cells' items: one without
 * cells is both, which breaks the oneOf (InfluxDB's Dashboard and DashboardWithViewProperties).
 */
const CREATED_DASHBOARD = '#/paths/~1dashboards/post/responses/201/content/application~1json/schema/allOf/0';

export const BOARDS_DOCUMENT = {
  openapi: '3.0.0',
  info: { title: 'Boards', version: '1' },
  paths: {
    '/dashboards': {
      get: {
        operationId: 'listDashboards',
        responses: { 200: json(object({ dashboards: { type: 'array', items: ref('Dashboard') } })) },
      },
      post: {
        operationId: 'createDashboard',
        requestBody: { required: true, content: { 'application/json': { schema: ref('DashboardRequest') } } },
        responses: { 201: json({ allOf: [{ oneOf: [ref('Dashboard'), ref('DashboardWithViews')] }] }), default: error },
      },
    },
    '/dashboards/{dashboardID}': {
      parameters: [idParameter('dashboardID')],
      get: {
        operationId: 'getDashboard',
        // Its branches named by their place in the create's answer, as PagerDuty names some.
        responses: {
          200: json({ oneOf: [0, 1].map((at) => ({ $ref: `${CREATED_DASHBOARD}/oneOf/${at}` })) }),
          default: error,
        },
      },
    },
  },
  components: {
    schemas: {
      DashboardRequest: object({ name: { type: 'string' } }, ['name']),
      Dashboard: {
        allOf: [
          ref('DashboardRequest'),
          object({ id: { type: 'string' }, cells: { type: 'array', items: ref('Cell') } }),
        ],
      },
      DashboardWithViews: {
        allOf: [
          ref('DashboardRequest'),
          object({ id: { type: 'string' }, cells: { type: 'array', items: ref('CellWithView') } }),
        ],
      },
      Cell: object({ x: { type: 'integer' } }),
      CellWithView: { allOf: [ref('Cell'), object({ view: { type: 'string' } })] },
    },
  },
};

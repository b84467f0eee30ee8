// A document built as Docker Engine's and Harbor's are (both published as Swagger 2.0): records
// keyed by `ID`, a commit and a secret's create answered with only `{Id}` (the secret's ID), an
// authorization model's with only its `{authorization_model_id}` (OpenFGA's), Qdrant's quotas,
// report and snapshots, logs in a raw-stream type whose 404 is an
// object in that type, labels made by a POST that answers 201 and no body and paged by page and
// page_size, a system allowlist
// read and written whole (an object holding a list), configurations written as texts and read
// as objects of them, and the OpenAPI Initiative's petstore that reads one pet as a list.
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
const body = (schema: object) => ({ required: true, content: { 'application/json': { schema } } });
const pathId = (name: string, type = 'string') => ({ name, in: 'path', required: true, schema: { type } });
const notFound = json(ref('ErrorResponse'));
const RAW_STREAM = 'application/vnd.docker.raw-stream';

export const REGISTRY_DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Registry', version: '1' },
  paths: {
    '/volumes': {
      get: { operationId: 'VolumeList', responses: { 200: json({ type: 'array', items: ref('Volume') }) } },
      post: {
        operationId: 'VolumeCreate',
        requestBody: body(ref('VolumeSpec')),
        responses: { 201: json(ref('Volume')) },
      },
    },
    '/volumes/{id}': {
      parameters: [pathId('id')],
      get: { operationId: 'VolumeInspect', responses: { 200: json(ref('Volume')), 404: notFound } },
      delete: { operationId: 'VolumeDelete', responses: { 204: { description: 'gone' }, 404: notFound } },
    },
    '/volumes/{id}/logs': {
      parameters: [pathId('id')],
      get: {
        operationId: 'VolumeLogs',
        responses: {
          200: { description: 'logs', content: { [RAW_STREAM]: { schema: { type: 'string', format: 'binary' } } } },
          404: { description: 'no such volume', content: { [RAW_STREAM]: { schema: ref('ErrorResponse') } } },
        },
      },
    },
    '/commit': {
      post: {
        operationId: 'ImageCommit',
        requestBody: body(ref('VolumeSpec')),
        responses: { 201: json(ref('IdResponse')) },
      },
    },
    // Made by a create that answers only {Id}, read and listed as records keyed by ID.
    '/secrets': {
      get: { operationId: 'SecretList', responses: { 200: json({ type: 'array', items: ref('Secret') }) } },
    },
    '/secrets/create': {
      post: {
        operationId: 'SecretCreate',
        requestBody: body(ref('VolumeSpec')),
        responses: { 201: json(ref('IdResponse')) },
      },
    },
    '/secrets/{id}': {
      parameters: [pathId('id')],
      get: { operationId: 'SecretInspect', responses: { 200: json(ref('Secret')), 404: notFound } },
      delete: { operationId: 'SecretDelete', responses: { 204: { description: 'gone' }, 404: notFound } },
    },
    // Made by a create that answers {authorization_model_id} alone (OpenFGA's), read by {id}.
    '/authorization-models': {
      get: { operationId: 'ReadAuthorizationModels', responses: { 200: json(ref('ReadAuthorizationModelsResponse')) } },
      post: {
        operationId: 'WriteAuthorizationModel',
        requestBody: body(ref('WriteAuthorizationModelBody')),
        responses: { 201: json(ref('WriteAuthorizationModelResponse')) },
      },
    },
    '/authorization-models/{id}': {
      parameters: [pathId('id')],
      get: {
        operationId: 'ReadAuthorizationModel',
        responses: { 200: json(ref('ReadAuthorizationModelResponse')), 404: notFound },
      },
    },
    // A vector database's (Qdrant's): quotas changed by a PUT that answers a receipt, a report
    // cleared by a DELETE, snapshots made by a POST of no body and read as a file.
    '/quotas': {
      get: { operationId: 'GetQuotas', responses: { 200: json(ref('QuotasResponse')) } },
      put: {
        operationId: 'UpdateQuotas',
        requestBody: body(ref('QuotasConfig')),
        responses: { 200: json(ref('Receipt')) },
      },
    },
    '/issues': {
      get: { operationId: 'GetIssues', responses: { 200: json({ type: 'object' }), '4XX': { description: 'error' } } },
      delete: {
        operationId: 'ClearIssues',
        responses: { 200: json(ref('Receipt')), '4XX': json(ref('ErrorResponse')) },
      },
    },
    '/snapshots': {
      get: { operationId: 'ListSnapshots', responses: { 200: json(ref('SnapshotList')) } },
      post: { operationId: 'CreateSnapshot', responses: { 200: json(ref('SnapshotAnswer')) } },
    },
    '/snapshots/{snapshot_name}': {
      parameters: [pathId('snapshot_name')],
      get: {
        operationId: 'GetSnapshot',
        responses: {
          200: {
            description: 'the file',
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          },
          404: notFound,
        },
      },
      delete: { operationId: 'DeleteSnapshot', responses: { 200: json(ref('Receipt')), 404: notFound } },
    },
    '/labels': {
      // Paged by a page number and its size, with the count of them all (Harbor's lists).
      get: {
        operationId: 'ListLabels',
        parameters: [
          { name: 'page', in: 'query', schema: { type: 'integer', format: 'int64', default: 1, minimum: 1 } },
          { name: 'page_size', in: 'query', schema: { type: 'integer', format: 'int64', default: 10, maximum: 100 } },
        ],
        responses: {
          200: {
            description: 'labels',
            headers: { 'X-Total-Count': { schema: { type: 'integer', format: 'int64' } } },
            content: { 'application/json': { schema: { type: 'array', items: ref('Label') } } },
          },
        },
      },
      post: {
        operationId: 'CreateLabel',
        requestBody: body(ref('Label')),
        responses: { 201: { description: 'made' }, 404: notFound },
      },
    },
    '/labels/{label_id}': {
      parameters: [pathId('label_id', 'integer')],
      get: { operationId: 'GetLabelByID', responses: { 200: json(ref('Label')), 404: notFound } },
      delete: { operationId: 'DeleteLabel', responses: { 200: { description: 'gone' }, 404: notFound } },
    },
    // Listed and made, changed and deleted one by one, never read one by one (Harbor's immutable tag rules).
    '/rules': {
      get: {
        operationId: 'ListRules',
        parameters: [{ name: 'action', in: 'query', schema: { type: 'string' } }],
        responses: { 200: json({ type: 'array', items: ref('Rule') }) },
      },
      post: { operationId: 'CreateRule', requestBody: body(ref('Rule')), responses: { 201: { description: 'made' } } },
    },
    '/rules/{rule_id}': {
      parameters: [pathId('rule_id', 'integer')],
      put: {
        operationId: 'UpdateRule',
        requestBody: body(ref('Rule')),
        responses: { 200: { description: 'changed' } },
      },
      delete: { operationId: 'DeleteRule', responses: { 200: { description: 'gone' } } },
    },
    '/system/allowlist': {
      get: { operationId: 'getAllowlist', responses: { 200: json(ref('Allowlist')) } },
      put: {
        operationId: 'putAllowlist',
        requestBody: body(ref('Allowlist')),
        responses: { 200: { description: 'written' } },
      },
    },
    '/configurations': {
      get: { operationId: 'getConfigurations', responses: { 200: json(ref('ConfigurationsResponse')) } },
      put: {
        operationId: 'updateConfigurations',
        requestBody: body(ref('Configurations')),
        responses: { 200: { description: 'written' } },
      },
    },
    '/pets': {
      get: { operationId: 'listPets', responses: { 200: json(ref('Pets')) } },
      post: {
        operationId: 'createPets',
        responses: {
          201: { description: 'Null response', headers: { Location: { schema: { type: 'string' } } } },
        },
      },
    },
    '/pets/{petId}': {
      parameters: [pathId('petId')],
      get: { operationId: 'showPetById', responses: { 200: json(ref('Pets')) } },
    },
  },
  components: {
    schemas: {
      ErrorResponse: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
      VolumeSpec: { type: 'object', required: ['Name'], properties: { Name: { type: 'string' } } },
      Volume: {
        type: 'object',
        required: ['ID', 'Name'],
        properties: { ID: { type: 'string' }, Name: { type: 'string' }, Driver: { type: 'string' } },
      },
      IdResponse: { type: 'object', required: ['Id'], properties: { Id: { type: 'string' } } },
      Secret: {
        type: 'object',
        required: ['ID', 'Name'],
        properties: { ID: { type: 'string', readOnly: true }, Name: { type: 'string' } },
      },
      WriteAuthorizationModelResponse: {
        type: 'object',
        required: ['authorization_model_id'],
        properties: { authorization_model_id: { type: 'string', example: '01G5JAVJ41T49E9TT3SKVS7X1J' } },
      },
      WriteAuthorizationModelBody: {
        type: 'object',
        required: ['schema_version'],
        properties: { schema_version: { type: 'string' } },
      },
      AuthorizationModel: {
        type: 'object',
        required: ['id', 'schema_version'],
        properties: { id: { type: 'string' }, schema_version: { type: 'string' } },
      },
      ReadAuthorizationModelsResponse: {
        type: 'object',
        properties: { authorization_models: { type: 'array', items: ref('AuthorizationModel') } },
      },
      ReadAuthorizationModelResponse: {
        type: 'object',
        properties: { authorization_model: ref('AuthorizationModel') },
      },
      Receipt: {
        type: 'object',
        properties: { time: { type: 'number' }, status: { type: 'string' }, result: { type: 'boolean' } },
      },
      QuotasConfig: {
        type: 'object',
        properties: {
          enabled: { type: 'boolean' },
          max_disk_usage_percent: { type: 'integer', minimum: 0, maximum: 100 },
        },
      },
      QuotasResponse: {
        type: 'object',
        properties: {
          time: { type: 'number' },
          status: { type: 'string' },
          result: { type: 'object', properties: { config: ref('QuotasConfig') } },
        },
      },
      SnapshotDescription: {
        type: 'object',
        required: ['name', 'size'],
        properties: {
          name: { type: 'string' },
          creation_time: { type: 'string', nullable: true },
          size: { type: 'integer' },
        },
      },
      SnapshotAnswer: {
        type: 'object',
        properties: { time: { type: 'number' }, status: { type: 'string' }, result: ref('SnapshotDescription') },
      },
      SnapshotList: {
        type: 'object',
        properties: {
          time: { type: 'number' },
          status: { type: 'string' },
          result: { type: 'array', items: ref('SnapshotDescription') },
        },
      },
      Label: {
        type: 'object',
        properties: { id: { type: 'integer' }, name: { type: 'string' }, scope: { type: 'string' } },
      },
      Rule: {
        type: 'object',
        required: ['action'],
        properties: { id: { type: 'integer' }, action: { type: 'string' }, disabled: { type: 'boolean' } },
      },
      Allowlist: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          expires_at: { type: 'integer', nullable: true },
          items: {
            type: 'array',
            items: { type: 'object', properties: { cve_id: { type: 'string' } } },
          },
        },
      },
      Configurations: {
        type: 'object',
        properties: { auth_mode: { type: 'string' }, read_only: { type: 'boolean' } },
      },
      ConfigurationsResponse: {
        type: 'object',
        properties: { auth_mode: ref('StringConfigItem'), read_only: ref('BoolConfigItem') },
      },
      StringConfigItem: {
        type: 'object',
        required: ['value', 'editable'],
        properties: { value: { type: 'string' }, editable: { type: 'boolean' } },
      },
      BoolConfigItem: {
        type: 'object',
        required: ['value', 'editable'],
        properties: { value: { type: 'boolean' }, editable: { type: 'boolean' } },
      },
      Pet: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: { type: 'integer', format: 'int64' }, name: { type: 'string' } },
      },
      Pets: { type: 'array', items: ref('Pet') },
    },
  },
};

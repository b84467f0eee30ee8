// A document with singletons as real APIs write them: an account's /settings (read by GET,
// replaced by PUT, merged by PATCH, its plan readOnly, its schema closed), and each user's
// /users/{userId}/preferences (merged by PATCH, in a {"preferences": ...} envelope), beside the
// users' collection. For the mock's tests and the contract suite's.
const json = (schema: object, status = 'ok') => ({
  description: status,
  content: { 'application/json': { schema } },
});
const body = (schema: object) => ({ required: true, content: { 'application/json': { schema } } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const notFound = json(ref('Error'), 'No such user');
const userId = { name: 'userId', in: 'path', required: true, schema: { type: 'integer' } };
const inPreferences = (schema: object) => ({
  type: 'object',
  required: ['preferences'],
  properties: { preferences: schema },
});

export const ACCOUNTS_DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Accounts', version: '1' },
  paths: {
    '/settings': {
      get: { operationId: 'getSettings', responses: { 200: json(ref('Settings')) } },
      put: {
        operationId: 'replaceSettings',
        requestBody: body(ref('SettingsInput')),
        responses: { 200: json(ref('Settings')) },
      },
      patch: {
        operationId: 'updateSettings',
        requestBody: body(ref('SettingsPatch')),
        responses: { 200: json(ref('Settings')) },
      },
    },
    '/users': {
      get: { operationId: 'listUsers', responses: { 200: json({ type: 'array', items: ref('User') }) } },
      post: {
        operationId: 'createUser',
        requestBody: body(ref('NewUser')),
        responses: { 201: json(ref('User')) },
      },
    },
    '/users/{userId}': {
      parameters: [userId],
      get: { operationId: 'getUser', responses: { 200: json(ref('User')), 404: notFound } },
    },
    '/users/{userId}/preferences': {
      parameters: [userId],
      get: {
        operationId: 'getPreferences',
        responses: { 200: json(inPreferences(ref('Preferences'))), 404: notFound },
      },
      patch: {
        operationId: 'updatePreferences',
        requestBody: body(inPreferences(ref('PreferencesPatch'))),
        responses: { 200: json(inPreferences(ref('Preferences'))), 404: notFound },
      },
    },
  },
  components: {
    schemas: {
      Settings: {
        type: 'object',
        additionalProperties: false,
        required: ['theme', 'language', 'plan'],
        properties: {
          theme: { type: 'string', enum: ['light', 'dark'] },
          language: { type: 'string', minLength: 2, maxLength: 5 },
          plan: { type: 'string', enum: ['free', 'pro'], readOnly: true },
          notifications: {
            type: 'object',
            properties: { email: { type: 'boolean' }, push: { type: 'boolean' } },
          },
        },
      },
      SettingsInput: {
        type: 'object',
        required: ['theme', 'language'],
        properties: {
          theme: { type: 'string', enum: ['light', 'dark'] },
          language: { type: 'string', minLength: 2, maxLength: 5 },
          notifications: {
            type: 'object',
            properties: { email: { type: 'boolean' }, push: { type: 'boolean' } },
          },
        },
      },
      SettingsPatch: {
        type: 'object',
        properties: {
          theme: { type: 'string', enum: ['light', 'dark'] },
          notifications: {
            type: 'object',
            properties: { email: { type: 'boolean' }, push: { type: 'boolean' } },
          },
        },
      },
      NewUser: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 40 } } },
      User: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } },
      },
      Preferences: {
        type: 'object',
        additionalProperties: false,
        required: ['newsletter', 'timezone'],
        properties: { newsletter: { type: 'boolean' }, timezone: { type: 'string', maxLength: 40 } },
      },
      PreferencesPatch: {
        type: 'object',
        properties: { newsletter: { type: 'boolean' }, timezone: { type: 'string', maxLength: 40 } },
      },
      Error: {
        type: 'object',
        required: ['status', 'code', 'message'],
        properties: { status: { type: 'integer' }, code: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
};

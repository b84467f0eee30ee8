// Slack's Web API, a Swagger 2.0 document, writes JSON Schema draft 4's words that 2.0 lacks:
// `items` given a list of schemas and no type, meaning "one of these" (a user is one of two
// closed objects; a bot id is a text or null), and `type: "null"`. Its examples often break its
// own closed schemas. Served with no 5xx, each answer one of the schemas meant, never an array
// of them, and judged by a validator other than the mock's.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const closed = (required: string[], properties: object) => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties,
});
const ok = { type: 'boolean', enum: [true] };
const userOfTeam = closed(['id', 'name'], {
  id: { type: 'string', pattern: '^U[A-Z0-9]{4}$' },
  name: { type: 'string' },
});
const userOfEnterprise = closed(['id', 'enterprise_id'], {
  id: { type: 'string', pattern: '^W[A-Z0-9]{4}$' },
  enterprise_id: { type: 'string' },
});
const token = { name: 'token', in: 'query', required: true, type: 'string' };
const answer = (schema: object, example?: object) => ({
  '200': { description: 'ok', schema, ...(example ? { examples: { 'application/json': example } } : {}) },
});

const SLACK_LIKE = {
  swagger: '2.0',
  info: { title: 'Slack-like', version: '1' },
  basePath: '/api',
  produces: ['application/json'],
  paths: {
    '/users.info': {
      get: {
        operationId: 'users_info',
        parameters: [token],
        // The example holds a field neither kind of user has: answering it would break the answer.
        responses: answer(
          closed(['ok', 'user', 'presence'], {
            ok,
            user: { items: [userOfTeam, userOfEnterprise] },
            presence: { type: 'null' },
            bot_id: { items: [{ type: 'string' }, { type: 'null' }] },
            // Nullable beside no type, which Ajv refuses as written: the example is judged all the same.
            team: { allOf: [{ type: 'string' }], 'x-nullable': true },
          }),
          { ok: true, user: { id: 'U0001', name: 'ana', locale: 'en' }, presence: null },
        ),
      },
    },
    '/pins.list': {
      get: {
        operationId: 'pins_list',
        parameters: [token],
        responses: answer({
          items: [
            closed(['ok', 'items'], {
              ok,
              items: {
                type: 'array',
                items: closed(['channel'], { channel: { type: 'string' }, created: { type: 'integer' } }),
              },
            }),
            closed(['ok', 'count'], { ok, count: { type: 'integer' } }),
          ],
        }),
      },
    },
  },
};

describe("draft 4's words in a Swagger 2.0 document", () => {
  const served = serveJudged(SLACK_LIKE);
  const api = () => served.mock().http;

  it('answers one of the schemas a list of items names, never an array of them, and null for type null', async () => {
    for (let read = 0; read < 5; read += 1) {
      const res = served.judged('get', '/api/users.info', await api().get('/api/users.info?token=t'));
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body.user)).toBe(false);
      expect(res.body.user.id).toMatch(/^[UW][A-Z0-9]{4}$/);
      expect(res.body.user).not.toHaveProperty('locale');
      expect(res.body.presence).toBeNull();
      if ('bot_id' in res.body) expect(Array.isArray(res.body.bot_id)).toBe(false);
    }
  });

  it('lists in the one branch that holds an array, without the fields of the other', async () => {
    const res = served.judged('get', '/api/pins.list', await api().get('/api/pins.list?token=t'));
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['items', 'ok']);
    expect(Array.isArray(res.body.items)).toBe(true);
  });
});

// Records whose schema is closed (`additionalProperties: false`) and names no key field, as
// Slack's Web API lists its pins: the mock keys them all the same, and leaves that key out of
// what it answers, so the document starts and every answer holds. Each answer is judged by a
// validator other than the mock's.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const closed = (required: string[], properties: object) => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties,
});
const pins = {
  type: 'array',
  items: {
    anyOf: [
      closed(['ok', 'items'], { ok: { type: 'boolean' }, items: { type: 'array', items: { type: 'string' } } }),
      closed(['ok', 'count'], { ok: { type: 'boolean' }, count: { type: 'integer' } }),
    ],
  },
};
const reminder = closed(['text', 'time'], { text: { type: 'string' }, time: { type: 'integer' } });
const list = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
const document = {
  openapi: '3.0.3',
  info: { title: 'Closed records', version: '1' },
  paths: {
    '/pins.list': { get: { operationId: 'pinsList', responses: { '200': list(pins) } } },
    '/reminders': {
      get: { operationId: 'listReminders', responses: { '200': list({ type: 'array', items: reminder }) } },
      post: {
        operationId: 'addReminder',
        requestBody: { required: true, content: { 'application/json': { schema: reminder } } },
        responses: { '201': list(reminder) },
      },
    },
  },
};

describe('records of a closed schema that names no key', () => {
  const served = serveJudged(document);
  const api = () => served.mock().http;

  it('are listed as their schema declares them, with no key of the mock', async () => {
    for (const path of ['/pins.list', '/reminders']) {
      const res = served.judged('get', path, await api().get(path));
      expect(res.status).toBe(200);
      expect(res.body.length).toBeGreaterThan(0);
      for (const record of res.body) expect(record).not.toHaveProperty('id');
    }
  });

  it('are created and listed with the fields sent', async () => {
    const sent = { text: 'water the plants', time: 1_700_000_000 };
    const created = served.judged('post', '/reminders', await api().post('/reminders').send(sent));
    expect([created.status, created.body]).toEqual([201, sent]);
    const listed = served.judged('get', '/reminders', await api().get('/reminders'));
    expect(listed.body).toContainEqual(sent);
  });
});

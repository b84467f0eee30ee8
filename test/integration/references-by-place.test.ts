// Shapes of PagerDuty's whole document, which the mock refused at start: schemas named by their
// place inside another component (a reference's fields are `Tag/allOf/0`; a record's field is
// a parameter's schema; a part names a part of its own schema), a required id declared readOnly
// in another part of the allOf (a create without it is valid), and log entries whose channel is
// a oneOf of branches that overlap, one kind of which its base refuses.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const json = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
const ref = (pointer: string) => ({ $ref: `#/components/${pointer}` });

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Incidents', version: '2' },
  paths: {
    '/teams': {
      get: { operationId: 'listTeams', responses: { 200: json({ type: 'array', items: ref('schemas/Team') }) } },
      post: {
        operationId: 'createTeam',
        requestBody: { required: true, content: { 'application/json': { schema: ref('schemas/Team') } } },
        responses: { 201: json(ref('schemas/Team')) },
      },
    },
    '/teams/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { operationId: 'getTeam', responses: { 200: json(ref('schemas/Team')) } },
    },
    '/notifications': {
      post: {
        operationId: 'sendNotification',
        requestBody: { required: true, content: { 'application/json': { schema: ref('schemas/Notification') } } },
        responses: { 204: { description: 'Sent.' } },
      },
    },
    '/log_entries': {
      get: {
        operationId: 'listLogEntries',
        parameters: [ref('parameters/entry_kind')],
        responses: { 200: json({ type: 'array', items: ref('schemas/LogEntry') }) },
      },
    },
    '/log_entries/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { operationId: 'getLogEntry', responses: { 200: json(ref('schemas/LogEntry')) } },
    },
  },
  components: {
    parameters: {
      entry_kind: { name: 'kind', in: 'query', schema: { type: 'string', enum: ['trigger', 'resolve'] } },
    },
    schemas: {
      Tag: {
        allOf: [
          { type: 'object', properties: { id: { type: 'string', readOnly: true }, summary: { type: 'string' } } },
          { type: 'object', properties: { label: { type: 'string' } } },
        ],
      },
      Reference: { allOf: [ref('schemas/Tag/allOf/0'), { type: 'object', required: ['id'] }] },
      Team: {
        allOf: [
          ref('schemas/Tag/allOf/0'),
          {
            type: 'object',
            required: ['id', 'name'],
            properties: {
              name: { type: 'string' },
              kind: ref('parameters/entry_kind/schema'),
              parent: { allOf: [ref('schemas/Reference')] },
              lead: ref('schemas/Team/allOf/1/properties/parent'),
            },
          },
        ],
      },
      // A union the validator compiles branch by branch, each branch naming a parameter's schema.
      Notification: {
        oneOf: [ref('schemas/EmailNotification'), ref('schemas/SmsNotification')],
        discriminator: { propertyName: 'type' },
      },
      EmailNotification: {
        type: 'object',
        properties: {
          type: { type: 'string' },
          kind: ref('parameters/entry_kind/schema'),
          address: { type: 'string' },
        },
        required: ['type'],
      },
      SmsNotification: {
        type: 'object',
        properties: { type: { type: 'string' }, kind: ref('parameters/entry_kind/schema'), number: { type: 'string' } },
        required: ['type'],
      },
      Channel: {
        type: 'object',
        properties: { type: { type: 'string' } },
        required: ['type'],
        oneOf: [
          { title: 'EmailChannel', type: 'object', properties: { type: { type: 'string' } } },
          { title: 'ApiChannel', type: 'object', properties: { type: { type: 'string' } } },
        ],
      },
      // As PagerDuty writes it: the base's own fields beside a part of another schema.
      LogEntryBase: {
        allOf: [
          ref('schemas/Tag/allOf/0'),
          {
            type: 'object',
            properties: {
              type: { type: 'string', pattern: '^(trigger|resolve)_log_entry$' },
              channel: ref('schemas/Channel'),
            },
            required: ['type', 'channel'],
          },
        ],
      },
      TriggerLogEntry: {
        allOf: [
          ref('schemas/LogEntryBase'),
          { type: 'object', properties: { type: { type: 'string', enum: ['trigger_log_entry'] } } },
        ],
      },
      ResolveLogEntry: {
        allOf: [
          ref('schemas/LogEntryBase'),
          { type: 'object', properties: { type: { type: 'string', enum: ['resolve_log_entry'] } } },
        ],
      },
      // Its type is none its base's pattern takes: no record of this kind can be.
      AcknowledgeLogEntry: {
        allOf: [
          ref('schemas/LogEntryBase'),
          { type: 'object', properties: { type: { type: 'string', enum: ['acknowledgement_log_entry'] } } },
        ],
      },
      LogEntry: {
        oneOf: [ref('schemas/TriggerLogEntry'), ref('schemas/ResolveLogEntry'), ref('schemas/AcknowledgeLogEntry')],
      },
    },
  },
};

describe("schemas named by their place, and records of a union whose branches overlap (PagerDuty's shapes)", () => {
  const served = serveJudged(DOCUMENT);
  const http = () => served.mock().http;

  it('makes a record without the id another part declares readOnly, its fields of schemas named by their place', async () => {
    const made = served.judged(
      'POST',
      '/teams',
      await http().post('/teams').send({ name: 'Platform', kind: 'trigger' }),
    );
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ id: expect.any(String), name: 'Platform', kind: 'trigger' });
    expect(served.judged('GET', `/teams/${made.body.id}`, await http().get(`/teams/${made.body.id}`)).body).toEqual(
      made.body,
    );
  });

  it("takes a body of a discriminated union whose branches name a parameter's schema", async () => {
    const sent = await http()
      .post('/notifications')
      .send({ type: 'EmailNotification', kind: 'trigger', address: 'oncall@example.com' });
    expect(sent.status).toBe(204);
    const refused = await http().post('/notifications').send({ type: 'EmailNotification', kind: 'page' });
    expect(refused.status).toBe(400);
  });

  it('serves the log entries it could draw, each marked for the channel whose branches overlap', async () => {
    const listed = await http().get('/log_entries');
    expect(listed.status).toBe(200);
    expect(listed.body.length).toBeGreaterThan(0);
    for (const entry of listed.body) expect(['trigger_log_entry', 'resolve_log_entry']).toContain(entry.type);
    const read = await http().get(`/log_entries/${encodeURIComponent(listed.body[0].id)}`);
    expect(read.status).toBe(200);
    expect(read.headers['x-mock-contract-gap']).toMatch(/more than one branch of a oneOf/);
  });
});

// Answers as DigitalOcean and Asana write them: a create answered in a oneOf of two envelopes
// (one droplet or many, each beside its links), a key parameter named after its record
// ({attachment_gid} of a gid), a field the body sends as the key of what it names and the answer
// gives as that object (Asana's parent: "1234" sent, {"gid": "1234", ...} answered, readOnly), and
// an allOf whose later part narrows a property the earlier one bounds by an enum, a list whose
// array holds two at most, a read in an envelope named as one of the record's own fields, a create
// acknowledged with {ok: true}. Served with no
// 5xx, every exchange judged by a validator other than the mock's.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const json = (schema: object, status = 'ok') => ({
  description: status,
  content: { 'application/json': { schema } },
});
const links = { type: 'object', properties: { actions: { type: 'array', items: { type: 'string' } } } };
const droplet = { $ref: '#/components/schemas/Droplet' };
const attachment = { $ref: '#/components/schemas/Attachment' };
const stopwordsSet = { $ref: '#/components/schemas/StopwordsSet' };
const event = {
  type: 'object',
  required: ['name', 'event_type'],
  properties: { name: { type: 'string' }, event_type: { type: 'string' } },
};

const document = {
  openapi: '3.0.3',
  info: { title: 'Clouds and tasks', version: '1' },
  paths: {
    '/droplets': {
      get: {
        operationId: 'listDroplets',
        responses: {
          200: json({
            type: 'object',
            required: ['droplets'],
            // A page of two at most, as the answer says (Box's classification template: one field).
            properties: { droplets: { type: 'array', items: droplet, maxItems: 2 } },
          }),
        },
      },
      post: {
        operationId: 'createDroplet',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/NewDroplet' } } } },
        responses: {
          202: json({
            // Many first: the one that names the record by its $ref is chosen wherever it stands.
            oneOf: [
              { required: ['droplets', 'links'], properties: { droplets: { type: 'array', items: droplet }, links } },
              { required: ['droplet', 'links'], properties: { droplet, links } },
            ],
          }),
        },
      },
    },
    '/droplets/{droplet_id}': {
      parameters: [{ name: 'droplet_id', in: 'path', required: true, schema: { type: 'integer' } }],
      get: {
        operationId: 'getDroplet',
        responses: { 200: json({ type: 'object', required: ['droplet'], properties: { droplet } }) },
      },
    },
    // Typesense's analytics events: made, and acknowledged with {ok}, never answered.
    '/events': {
      get: {
        operationId: 'listEvents',
        responses: {
          200: json({ type: 'object', required: ['events'], properties: { events: { type: 'array', items: event } } }),
        },
      },
      post: {
        operationId: 'createEvent',
        requestBody: { content: { 'application/json': { schema: event } } },
        responses: { 200: json({ type: 'object', required: ['ok'], properties: { ok: { type: 'boolean' } } }) },
      },
    },
    // Typesense's stopwords: the record has a field named as the envelope that holds it.
    '/stopwords': {
      get: {
        operationId: 'listStopwords',
        responses: {
          200: json({
            type: 'object',
            required: ['stopwords'],
            properties: { stopwords: { type: 'array', items: stopwordsSet } },
          }),
        },
      },
      post: {
        operationId: 'createStopwords',
        requestBody: { content: { 'application/json': { schema: stopwordsSet } } },
        responses: { 201: json(stopwordsSet) },
      },
    },
    '/stopwords/{setId}': {
      parameters: [{ name: 'setId', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        operationId: 'getStopwords',
        responses: { 200: json({ type: 'object', required: ['stopwords'], properties: { stopwords: stopwordsSet } }) },
      },
    },
    '/attachments': {
      post: {
        operationId: 'createAttachment',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['data'],
                properties: {
                  data: {
                    type: 'object',
                    required: ['parent'],
                    properties: { parent: { type: 'string' }, name: { type: 'string' } },
                  },
                },
              },
            },
          },
        },
        responses: { 201: json({ type: 'object', properties: { data: attachment } }) },
      },
    },
    '/attachments/{attachment_gid}': {
      parameters: [{ name: 'attachment_gid', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        operationId: 'getAttachment',
        responses: { 200: json({ type: 'object', properties: { data: attachment } }) },
      },
    },
  },
  components: {
    schemas: {
      NewDroplet: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 40 } } },
      StopwordsSet: {
        type: 'object',
        required: ['id', 'stopwords'],
        properties: {
          id: { type: 'string' },
          stopwords: { type: 'array', items: { type: 'string' } },
          locale: { type: 'string' },
        },
      },
      Droplet: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } },
      },
      TaskCompact: {
        type: 'object',
        properties: {
          gid: { type: 'string', readOnly: true },
          resource_subtype: { type: 'string', enum: ['default_task', 'milestone'] },
        },
      },
      Attachment: {
        type: 'object',
        properties: {
          gid: { type: 'string', readOnly: true },
          name: { type: 'string' },
          parent: {
            allOf: [
              { $ref: '#/components/schemas/TaskCompact' },
              { type: 'object', readOnly: true, properties: { resource_subtype: { type: 'string', nullable: true } } },
            ],
          },
        },
      },
    },
  },
};

const served = serveJudged(document);
const { judged } = served;
const http = () => served.mock().http;

describe('answers in the envelopes real APIs write', () => {
  it('answers a create declared as one of two envelopes in the one that holds a single record, its links drawn', async () => {
    const made = judged('POST', '/droplets', await http().post('/droplets').send({ name: 'web-1' }));
    expect(made.status).toBe(202);
    expect(made.body).toEqual({ droplet: { id: expect.any(Number), name: 'web-1' }, links: expect.any(Object) });
    const path = `/droplets/${made.body.droplet.id}`;
    expect(judged('GET', path, await http().get(path)).body).toEqual({ droplet: made.body.droplet });
  });

  it('answers a read in {"stopwords": {...}} where the record has a field named stopwords too', async () => {
    const made = judged(
      'POST',
      '/stopwords',
      await http()
        .post('/stopwords')
        .send({ id: 'countries', stopwords: ['France'] }),
    );
    expect(made.status).toBe(201);
    const read = judged('GET', '/stopwords/{setId}', await http().get('/stopwords/countries'));
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ stopwords: { id: 'countries', stopwords: ['France'] } });
  });

  it("acknowledges a create whose answer names none of the record's fields, and keeps the record", async () => {
    const made = judged('POST', '/events', await http().post('/events').send({ name: 'search', event_type: 'click' }));
    expect(made.status).toBe(200);
    expect(made.body).toEqual({ ok: true });
    const listed = judged('GET', '/events', await http().get('/events'));
    expect(listed.body.events).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'search', event_type: 'click' })]),
    );
  });

  it('answers a list whose array says maxItems with no more records than that', async () => {
    for (const name of ['web-2', 'web-3', 'web-4']) await http().post('/droplets').send({ name });
    const listed = judged('GET', '/droplets', await http().get('/droplets'));
    expect(listed.status).toBe(200);
    expect(listed.body.droplets).toHaveLength(2);
  });

  it('keys an attachment by its gid ({attachment_gid}), and answers the parent sent by its gid as that object', async () => {
    const made = judged(
      'POST',
      '/attachments',
      await http()
        .post('/attachments')
        .send({ data: { parent: '1234', name: 'notes.txt' } }),
    );
    expect(made.status).toBe(201);
    const { data } = made.body;
    expect(data).toMatchObject({ gid: expect.any(String), name: 'notes.txt', parent: { gid: '1234' } });
    // The later allOf part lets it be null; the earlier one's enum still holds.
    expect([null, 'default_task', 'milestone', undefined]).toContain(data.parent.resource_subtype);
    const path = `/attachments/${data.gid}`;
    expect(judged('GET', path, await http().get(path)).body).toEqual({ data });
  });
});

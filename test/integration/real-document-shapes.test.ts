// What real APIs' documents write that a Pet Store draft does not: a base path with `+` and a
// server variable, operations without operationId, OpenAPI 3.0's nullable without a type (and a
// property named `default`, and a $ref into such a schema's allOf), query values with reserved characters as clients send them, form
// and multipart bodies, a JSON type declared with a parameter, answers in XML, CSV, iCalendar and
// PNG chosen by Accept, `$id` members in examples, path keys with a fragment or a query, a 406 where the document declares one, a
// delete answered with a deletion object, numbers in multiples of a step. Served with no 5xx,
// every exchange judged by a validator other than the mock's.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const order = {
  type: 'object',
  required: ['id', 'quantity'],
  xml: { name: 'order' },
  properties: {
    id: { type: 'integer', readOnly: true },
    quantity: { type: 'integer', minimum: 1 },
    note: { type: 'string', nullable: true, maxLength: 50 },
    shipTo: { allOf: [{ $ref: '#/components/schemas/Address' }], nullable: true },
    // Named where a bundle of many files first wrote it (Lago's): inside a nullable allOf.
    returnTo: { $ref: '#/components/schemas/Order/properties/shipTo/allOf/0' },
    // A property named as a keyword whose value is data (PagerDuty's EventEnrichmentDefault).
    default: { allOf: [{ $ref: '#/components/schemas/Address' }], nullable: true },
    // Untyped and not nullable, said (PagerDuty's StatusPageService).
    wrapping: { nullable: false, properties: { paper: { type: 'string' } } },
    express: { type: 'boolean' },
    boxes: { type: 'integer', multipleOf: 8, minimum: 8, maximum: 64 },
  },
};
const problem = { type: 'object', properties: { message: { type: 'string' } } };
const errors = {
  default: {
    description: 'An error.',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } },
  },
};

/** A merge of a sink: its body requires nothing. */
const sinkMerge = (operationId: string) => ({
  operationId,
  requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/SinkPatch' } } } },
  responses: {
    '200': {
      description: 'Merged.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Sink' } } },
    },
    ...errors,
  },
});

const document = {
  openapi: '3.0.3',
  info: { title: 'Shop+Orders', version: '0.9.1' },
  servers: [{ url: 'https://example.com/{tenant}/Shop+API/v1', variables: { tenant: { default: 'acme' } } }],
  paths: {
    '/orders': {
      get: {
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50 } },
          { name: 'note', in: 'query', schema: { type: 'string' } },
          // An object in one pair: `label=text,{fragile}`; pipe-delimited (OpenAPI 3.1): `box=size|L`.
          {
            name: 'label',
            in: 'query',
            style: 'form',
            explode: false,
            schema: { type: 'object', properties: { text: { type: 'string' } } },
          },
          {
            name: 'box',
            in: 'query',
            style: 'pipeDelimited',
            schema: { type: 'object', properties: { size: { type: 'string' }, colour: { type: 'string' } } },
          },
        ],
        responses: {
          '200': {
            description: 'Orders.',
            content: {
              'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Order' } } },
              'application/xml': {
                schema: { type: 'array', xml: { name: 'orders' }, items: { $ref: '#/components/schemas/Order' } },
              },
              'text/csv': { schema: { type: 'string' } },
            },
          },
          ...errors,
        },
      },
      post: {
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': { schema: { $ref: '#/components/schemas/Order' } },
            'application/json': { schema: { $ref: '#/components/schemas/Order' } },
            // Declared with a parameter, as generated documents write it.
            'application/vnd.shop+json; charset=utf-8': { schema: { $ref: '#/components/schemas/Order' } },
          },
        },
        responses: {
          '201': {
            description: 'Made.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } },
          },
          ...errors,
        },
      },
    },
    '/orders/{orderId}': {
      parameters: [{ name: 'orderId', in: 'path', required: true, schema: { type: 'integer' } }],
      get: {
        responses: {
          '200': {
            description: 'An order, in short.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/OrderSummary' } } },
          },
          ...errors,
        },
      },
      delete: {
        responses: {
          '200': {
            description: 'The deletion, as OpenAI answers one.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/DeletedOrder' } } },
          },
          ...errors,
        },
      },
    },
    '/orders/{orderId}/label': {
      get: {
        parameters: [{ name: 'orderId', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: {
          '200': {
            description: 'A label.',
            content: { 'image/png': { schema: { type: 'string', format: 'binary' } } },
          },
          ...errors,
        },
      },
    },
    '/calendar': {
      get: {
        responses: {
          '200': { description: 'Deliveries.', content: { 'text/calendar': { schema: { type: 'string' } } } },
        },
      },
    },
    // Mastodon's streaming timelines: an event stream declared with no schema, and one of a status.
    '/stream': { get: { responses: { '200': { description: 'Events.', content: { 'text/event-stream': {} } } } } },
    '/stream/notes': {
      get: {
        responses: {
          '200': {
            description: 'Notes.',
            content: {
              'text/event-stream': {
                schema: { type: 'string', enum: ['a\nb'] },
              },
            },
          },
        },
      },
    },
    // Operations told apart by a fragment or a query in their path keys, as Box and Dropbox write
    // them: no request's path holds either, so each is served at the path before it.
    '/calendar#refresh': {
      post: {
        responses: {
          '200': {
            description: 'Refreshed.',
            content: {
              'application/json': {
                schema: { type: 'object', required: ['refreshed'], properties: { refreshed: { type: 'boolean' } } },
              },
            },
          },
        },
      },
    },
    // Svix's sinks: a patch declares `default: null` on fields every answer requires.
    '/sinks': {
      get: {
        operationId: 'listSinks',
        // TypeORM's and Prisma's page: take and skip.
        parameters: [
          { name: 'take', in: 'query', schema: { type: 'integer', minimum: 1 } },
          { name: 'skip', in: 'query', schema: { type: 'integer', minimum: 0 } },
        ],
        responses: {
          '200': {
            description: 'Sinks.',
            content: {
              'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Sink' } } },
            },
          },
        },
      },
      post: {
        operationId: 'createSink',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/SinkIn' } } } },
        responses: {
          '201': {
            description: 'Made.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Sink' } } },
          },
        },
      },
    },
    '/sinks/{sinkId}': {
      parameters: [{ name: 'sinkId', in: 'path', required: true, schema: { type: 'integer' } }],
      get: {
        operationId: 'getSink',
        responses: {
          '200': {
            description: 'A sink.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Sink' } } },
          },
          ...errors,
        },
      },
      // Svix's upsert: a PUT whose body requires nothing, merged, as the PATCH is.
      put: sinkMerge('upsertSink'),
      patch: sinkMerge('patchSink'),
    },
    '/motd?archive': {
      delete: { responses: { '204': { description: 'Archived.' } } },
    },
    '/motd/dismiss': {
      post: {
        // Dropbox Sign declares each cancel and delete so: a JSON answer of no schema.
        responses: { '200': { description: 'Dismissed.', content: { 'application/json': {} } } },
      },
    },
    '/motd': {
      get: {
        responses: {
          '200': {
            description: "The day's note.",
            content: { 'text/plain': { schema: { type: 'string', minLength: 3, maxLength: 40 } } },
          },
        },
      },
    },
    '/uploads': {
      post: {
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: {
                  file: { type: 'string', format: 'binary' },
                  pages: { type: 'integer' },
                  sheets: { type: 'array', items: { type: 'string' } },
                },
              },
            },
          },
        },
        responses: { '204': { description: 'Taken.' }, ...errors },
      },
    },
  },
  components: {
    schemas: {
      Order: order,
      Sink: {
        type: 'object',
        required: ['id', 'status', 'label'],
        properties: {
          id: { type: 'integer', readOnly: true },
          status: { type: 'string', enum: ['enabled', 'paused'] },
          label: { type: 'string', nullable: true },
          note: { type: 'string' },
          retries: { type: 'integer' },
        },
      },
      SinkIn: {
        type: 'object',
        required: ['status', 'label'],
        properties: {
          status: { type: 'string', enum: ['enabled', 'paused'] },
          label: { type: 'string', nullable: true },
          note: { type: 'string' },
          retries: { type: 'integer' },
        },
      },
      SinkPatch: {
        type: 'object',
        properties: {
          status: { type: 'string', enum: ['enabled', 'paused', null], nullable: true, default: null },
          label: { type: 'string', nullable: true, default: null },
          note: { type: 'string', nullable: true },
          retries: { type: 'integer', default: 3 },
        },
      },
      // Examples of instances whose `$id` is data (Box's metadata): no schema id, even twice alike.
      Address: {
        type: 'object',
        properties: { city: { type: 'string' } },
        example: { city: 'Oslo', $id: '01234500-12f1-1234-aa12-b1d234cb567e' },
      },
      Problem: { ...problem, example: { message: 'no', $id: '01234500-12f1-1234-aa12-b1d234cb567e' } },
      OrderSummary: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'quantity'],
        properties: { id: { type: 'integer' }, quantity: { type: 'integer' } },
      },
      DeletedOrder: {
        type: 'object',
        required: ['id', 'object', 'deleted'],
        properties: {
          id: { type: 'integer' },
          object: { type: 'string', enum: ['order.deleted'] },
          deleted: { type: 'boolean' },
        },
      },
    },
  },
};

const BASE = '/acme/Shop+API/v1';
const served = serveJudged(document);
const { judged } = served;
const http = () => served.mock().http;

describe('a real document’s shapes', () => {
  it('serves under a base path with + and a server variable, operations without operationId named by method and path', async () => {
    const res = judged('GET', `${BASE}/orders`, await http().get(`${BASE}/orders?limit=3`));
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThanOrEqual(3);
    const operations = await http().get('/__mock/operations');
    expect(operations.body.operations.map((operation: { operationId: string }) => operation.operationId)).toEqual([
      'GET /orders',
      'POST /orders',
      'GET /orders/{orderId}',
      'DELETE /orders/{orderId}',
      'GET /orders/{orderId}/label',
      'GET /calendar',
      'GET /stream',
      'GET /stream/notes',
      'POST /calendar#refresh',
      'listSinks',
      'createSink',
      'getSink',
      'upsertSink',
      'patchSink',
      'DELETE /motd?archive',
      'POST /motd/dismiss',
      'GET /motd',
      'POST /uploads',
    ]);
  });

  it('reads a form body as the types its schema declares, and takes null where 3.0 says nullable', async () => {
    const made = judged(
      'POST',
      `${BASE}/orders`,
      await http().post(`${BASE}/orders`).type('form').send('quantity=3&express=true&note=leave+at+door'),
    );
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ quantity: 3, express: true, note: 'leave at door' });
    const nulls = judged(
      'POST',
      `${BASE}/orders`,
      await http()
        .post(`${BASE}/orders`)
        .send({
          quantity: 1,
          note: null,
          shipTo: null,
          default: null,
          wrapping: { paper: 'kraft' },
          returnTo: { city: 'Oslo' },
        }),
    );
    expect(nulls.status).toBe(201);
    expect(nulls.body).toMatchObject({
      note: null,
      shipTo: null,
      default: null,
      wrapping: { paper: 'kraft' },
      returnTo: { city: 'Oslo' },
    });
  });

  it('serves at the path before it an operation whose path key holds a fragment or a query', async () => {
    const refreshed = judged('POST', `${BASE}/calendar#refresh`, await http().post(`${BASE}/calendar`));
    expect(refreshed.status).toBe(200);
    expect(typeof refreshed.body.refreshed).toBe('boolean');
    expect(judged('DELETE', `${BASE}/motd?archive`, await http().delete(`${BASE}/motd`)).status).toBe(204);
    // The path's own methods are its own still.
    expect((await http().get(`${BASE}/motd`)).status).toBe(200);
  });

  it('reads a query value with reserved characters as clients send it: a space as +, a time, an address', async () => {
    await http().post(`${BASE}/orders`).send({ quantity: 2, note: 'ring at 10:30 or mail a@b.example' });
    // URLSearchParams writes the space as +; axios leaves the colons and the @ as they are.
    for (const query of [
      'note=ring+at+10:30+or+mail+a@b.example',
      'note=ring%20at%2010%3A30%20or%20mail%20a%40b.example',
    ]) {
      const found = judged('GET', `${BASE}/orders`, await http().get(`${BASE}/orders?${query}`));
      expect(found.status).toBe(200);
      expect(found.body).toEqual([expect.objectContaining({ note: 'ring at 10:30 or mail a@b.example' })]);
    }
  });

  it('reads an object written in one pair whose text holds a brace, and one written as JSON', async () => {
    for (const query of ['label=text,%7Bfragile%7D', 'label=text,plain', 'label=%7B%22text%22%3A%22plain%22%7D']) {
      const found = judged('GET', `${BASE}/orders`, await http().get(`${BASE}/orders?${query}`));
      expect({ query, status: found.status }).toEqual({ query, status: 200 });
    }
    expect((await http().get(`${BASE}/orders?label=text`)).status).toBe(400);
  });

  it('reads an object query parameter pipe-delimited, key and value in turn (OpenAPI 3.1)', async () => {
    for (const query of ['box=size%7CL', 'box=size|L|colour|red', 'box=__proto__|x']) {
      const found = judged('GET', `${BASE}/orders`, await http().get(`${BASE}/orders?${query}`));
      expect({ query, status: found.status }).toEqual({ query, status: 200 });
    }
    expect((await http().get(`${BASE}/orders?box=size|L|colour`)).status).toBe(400);
  });

  it('merges a null into a field every answer requires as the answers allow: null where they take one, else as it was', async () => {
    const made = await http().post(`${BASE}/sinks`).send({ status: 'paused', label: 'night', note: 'slow' });
    expect(made.status).toBe(201);
    const path = `${BASE}/sinks/${made.body.id}`;
    const merged = judged('PATCH', path, await http().patch(path).send({ status: null, label: null, note: null }));
    expect({ status: merged.status, body: merged.body }).toEqual({
      status: 200,
      body: { id: made.body.id, status: 'paused', label: null },
    });
    expect(judged('GET', path, await http().get(path)).body).toEqual(merged.body);
  });

  it('merges a PUT its convention reads as a merge: what it leaves out keeps its value, not its default', async () => {
    const made = await http().post(`${BASE}/sinks`).send({ status: 'enabled', label: 'day', retries: 7 });
    const path = `${BASE}/sinks/${made.body.id}`;
    const merged = judged('PUT', path, await http().put(path).send({ label: 'dusk' }));
    expect(merged.body).toMatchObject({ status: 'enabled', label: 'dusk', retries: 7 });
  });

  it('pages a list by take and skip', async () => {
    for (const label of ['one', 'two', 'three']) await http().post(`${BASE}/sinks`).send({ status: 'paused', label });
    const all = judged('GET', `${BASE}/sinks`, await http().get(`${BASE}/sinks`)).body as { id: number }[];
    const page = judged('GET', `${BASE}/sinks`, await http().get(`${BASE}/sinks?take=2&skip=1`)).body;
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(page).toEqual(all.slice(1, 3));
  });

  it('reads a body of a JSON type declared with a parameter, sent with or without it', async () => {
    for (const type of ['application/vnd.shop+json; charset=utf-8', 'application/vnd.shop+json']) {
      const send = (body: object) => http().post(`${BASE}/orders`).set('Content-Type', type).send(JSON.stringify(body));
      const made = judged('POST', `${BASE}/orders`, await send({ quantity: 4, note: 'by the door' }));
      expect({ status: made.status, body: made.body }).toMatchObject({ status: 201, body: { quantity: 4 } });
      expect(judged('POST', `${BASE}/orders`, await send({ quantity: 0 })).status).toBe(400);
    }
  });

  it('answers a read in its own closed schema, a delete with the deletion object declared, then 404', async () => {
    const made = await http().post(`${BASE}/orders`).send({ quantity: 2, note: 'ring twice', express: true });
    expect(made.status).toBe(201);
    const path = `${BASE}/orders/${made.body.id}`;
    expect(judged('GET', path, await http().get(path)).body).toEqual({ id: made.body.id, quantity: 2 });
    const deleted = judged('DELETE', path, await http().delete(path));
    expect({ status: deleted.status, body: deleted.body }).toEqual({
      status: 200,
      body: { id: made.body.id, object: 'order.deleted', deleted: true },
    });
    expect(judged('GET', path, await http().get(path)).status).toBe(404);
  });

  it('answers in the media type Accept asks for: XML, CSV', async () => {
    const xml = await http().get(`${BASE}/orders?limit=2`).set('Accept', 'application/xml');
    expect(xml.status).toBe(200);
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    expect(xml.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><orders><order><id>\d+<\/id>/);
    const csv = await http().get(`${BASE}/orders?limit=2`).set('Accept', 'text/csv');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.text.split('\r\n')[0]).toBe('id,quantity,note,shipTo,returnTo,default,wrapping,express,boxes');
  });

  it('answers 406 in the document’s words when Accept takes none of the declared types', async () => {
    const res = await http().get(`${BASE}/orders`).set('Accept', 'image/webp');
    expect(res.status).toBe(406);
    expect(res.body.message).toContain('answers in application/json or application/xml or text/csv');
  });

  it('answers an image with a real PNG, and a calendar with an iCalendar feed', async () => {
    const label = await http()
      .get(`${BASE}/orders/1/label`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(label.status).toBe(200);
    expect(label.headers['content-type']).toBe('image/png');
    expect((label.body as Buffer).subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    const calendar = await http().get(`${BASE}/calendar`);
    expect(calendar.text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2.0\r\n/);
    expect(calendar.text).toMatch(/END:VCALENDAR\r\n$/);
  });

  it('answers an event stream with one event of its schema, each line a data field', async () => {
    const bare = await http().get(`${BASE}/stream`).buffer(true);
    expect([bare.status, bare.headers['content-type'], bare.text]).toEqual([
      200,
      expect.stringMatching(/^text\/event-stream/),
      'data: {}\n\n',
    ]);
    const notes = await http().get(`${BASE}/stream/notes`).buffer(true);
    expect(notes.text).toBe('data: a\ndata: b\n\n');
  });

  it('answers a text of its schema where text/plain is all it declares, not an empty body', async () => {
    const note = judged('GET', `${BASE}/motd`, await http().get(`${BASE}/motd`));
    expect(note.headers['content-type']).toMatch(/^text\/plain/);
    expect(note.text.length).toBeGreaterThanOrEqual(3);
    expect(note.text.length).toBeLessThanOrEqual(40);
  });

  it('answers JSON where a JSON type is declared without a schema, not an empty body of no type', async () => {
    const dismissed = judged('POST', `${BASE}/motd/dismiss`, await http().post(`${BASE}/motd/dismiss`));
    expect(dismissed.status).toBe(200);
    expect(dismissed.headers['content-type']).toMatch(/^application\/json/);
    expect(dismissed.body).toEqual({});
  });

  it('reads a multipart upload, its file let go, its fields typed', async () => {
    const res = await http()
      .post(`${BASE}/uploads`)
      .field('pages', '2')
      .attach('file', Buffer.alloc(200_000, 1), 'scan.pdf');
    expect(res.status).toBe(204);
    // A list of one numeric text, sent once: a list still (5.6.2 read it as JSON, a number).
    const one = await http()
      .post(`${BASE}/uploads`)
      .field('sheets', '7')
      .attach('file', Buffer.alloc(10, 1), 'scan.pdf');
    expect(one.status).toBe(204);
    const missing = await http().post(`${BASE}/uploads`).field('pages', '2');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/file/);
  });
});

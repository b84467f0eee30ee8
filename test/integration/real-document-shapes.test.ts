// What real APIs' documents write that a Pet Store draft does not: a base path with `+` and a
// server variable, operations without operationId, OpenAPI 3.0's nullable without a type, form
// and multipart bodies, answers in XML, CSV, iCalendar and PNG chosen by Accept, a 406 where the
// document declares one. Served with no 5xx, every exchange judged by a validator other than the
// mock's.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import { startTestMock, type TestMock } from '../support/mock.js';
import { createOutsideJudge, type OutsideJudge } from '../support/outside-judge.js';

const order = {
  type: 'object',
  required: ['id', 'quantity'],
  xml: { name: 'order' },
  properties: {
    id: { type: 'integer', readOnly: true },
    quantity: { type: 'integer', minimum: 1 },
    note: { type: 'string', nullable: true, maxLength: 50 },
    shipTo: { allOf: [{ $ref: '#/components/schemas/Address' }], nullable: true },
    express: { type: 'boolean' },
  },
};
const problem = { type: 'object', properties: { message: { type: 'string' } } };
const errors = {
  default: {
    description: 'An error.',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } },
  },
};

const document = {
  openapi: '3.0.3',
  info: { title: 'Shop+Orders', version: '0.9.1' },
  servers: [{ url: 'https://example.com/{tenant}/Shop+API/v1', variables: { tenant: { default: 'acme' } } }],
  paths: {
    '/orders': {
      get: {
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50 } }],
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
    '/uploads': {
      post: {
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: { file: { type: 'string', format: 'binary' }, pages: { type: 'integer' } },
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
      Address: { type: 'object', properties: { city: { type: 'string' } } },
      Problem: problem,
    },
  },
};

const BASE = '/acme/Shop+API/v1';
let mock: TestMock;
let judge: OutsideJudge;

beforeAll(async () => {
  const folder = await mkdtemp(join(tmpdir(), 'shapes-'));
  const file = join(folder, 'openapi.json');
  await writeFile(file, JSON.stringify(document));
  mock = await startTestMock({ data: ':memory:', contract: file, lintContract: false });
  judge = createOutsideJudge(mock.server.contractDraft?.document ?? {});
});
afterAll(async () => {
  expect(mock.contractBugs()).toEqual([]);
  await mock.server.close();
});

const judged = (method: string, path: string, res: Response) => {
  expect(res.status).toBeLessThan(500);
  if (res.headers['content-type']?.startsWith('application/json'))
    expect(judge.faults({ method, path, status: res.status, headers: res.headers, body: res.body })).toEqual([]);
  return res;
};

describe('a real document’s shapes', () => {
  it('serves under a base path with + and a server variable, operations without operationId named by method and path', async () => {
    const res = judged('GET', `${BASE}/orders`, await mock.http.get(`${BASE}/orders?limit=3`));
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThanOrEqual(3);
    const operations = await mock.http.get('/__mock/operations');
    expect(operations.body.operations.map((operation: { operationId: string }) => operation.operationId)).toEqual([
      'GET /orders',
      'POST /orders',
      'GET /orders/{orderId}/label',
      'GET /calendar',
      'POST /uploads',
    ]);
  });

  it('reads a form body as the types its schema declares, and takes null where 3.0 says nullable', async () => {
    const made = judged(
      'POST',
      `${BASE}/orders`,
      await mock.http.post(`${BASE}/orders`).type('form').send('quantity=3&express=true&note=leave+at+door'),
    );
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ quantity: 3, express: true, note: 'leave at door' });
    const nulls = judged(
      'POST',
      `${BASE}/orders`,
      await mock.http.post(`${BASE}/orders`).send({ quantity: 1, note: null, shipTo: null }),
    );
    expect(nulls.status).toBe(201);
    expect(nulls.body).toMatchObject({ note: null, shipTo: null });
  });

  it('answers in the media type Accept asks for: XML, CSV', async () => {
    const xml = await mock.http.get(`${BASE}/orders?limit=2`).set('Accept', 'application/xml');
    expect(xml.status).toBe(200);
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    expect(xml.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><orders><order><id>\d+<\/id>/);
    const csv = await mock.http.get(`${BASE}/orders?limit=2`).set('Accept', 'text/csv');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.text.split('\r\n')[0]).toBe('id,quantity,note,shipTo,express');
  });

  it('answers 406 in the document’s words when Accept takes none of the declared types', async () => {
    const res = await mock.http.get(`${BASE}/orders`).set('Accept', 'image/webp');
    expect(res.status).toBe(406);
    expect(res.body.message).toContain('answers in application/json or application/xml or text/csv');
  });

  it('answers an image with a real PNG, and a calendar with an iCalendar feed', async () => {
    const label = await mock.http
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
    const calendar = await mock.http.get(`${BASE}/calendar`);
    expect(calendar.text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2.0\r\n/);
    expect(calendar.text).toMatch(/END:VCALENDAR\r\n$/);
  });

  it('reads a multipart upload, its file let go, its fields typed', async () => {
    const res = await mock.http
      .post(`${BASE}/uploads`)
      .field('pages', '2')
      .attach('file', Buffer.alloc(200_000, 1), 'scan.pdf');
    expect(res.status).toBe(204);
    const missing = await mock.http.post(`${BASE}/uploads`).field('pages', '2');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/file/);
  });
});

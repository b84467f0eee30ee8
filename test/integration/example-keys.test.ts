// The records a document's own examples name: a client trying them (as Prism's users and tests
// generated from a document do) reads a record where the document gives its key parameter an
// example, of a string key or a number; creates are numbered past every such key.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const json = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
const record = (key: 'string' | 'integer') => ({
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: key, readOnly: true }, name: { type: 'string' } },
});
const collection = (name: string, key: 'string' | 'integer', example: object) => ({
  [`/${name}`]: {
    get: { operationId: `list-${name}`, responses: { 200: json({ type: 'array', items: record(key) }) } },
    post: {
      operationId: `create-${name}`,
      requestBody: { content: { 'application/json': { schema: record(key) } } },
      responses: { 201: json(record(key)) },
    },
  },
  [`/${name}/{id}`]: {
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: key }, ...example }],
    get: { operationId: `get-${name}`, responses: { 200: json(record(key)), 404: { description: 'none' } } },
  },
});

// Xero's timesheet lines: the line's example key under the timesheet's example key, which the
// timesheet's own read gives no example of.
const line = {
  type: 'object',
  required: ['lineId', 'hours'],
  properties: { lineId: { type: 'string', format: 'uuid', readOnly: true }, hours: { type: 'number' } },
};
const uuid = (example: string) => ({ type: 'string', format: 'uuid', example });
const byPath = (name: string, schema: object) => ({ name, in: 'path', required: true, schema });
const timesheetLines = {
  '/timesheets/{timesheetId}/lines': {
    parameters: [byPath('timesheetId', { type: 'string', format: 'uuid' })],
    get: { operationId: 'list-lines', responses: { 200: json({ type: 'array', items: line }) } },
    post: {
      operationId: 'create-line',
      requestBody: { content: { 'application/json': { schema: line } } },
      responses: { 201: json(line) },
    },
  },
  '/timesheets/{timesheetId}/lines/{lineId}': {
    parameters: [
      byPath('timesheetId', uuid('06232786-044a-45b1-9b7b-6d59ba303f2c')),
      byPath('lineId', uuid('3fa85f64-5717-4562-b3fc-2c963f66afa6')),
    ],
    get: { operationId: 'get-line', responses: { 200: json(line) } },
  },
};

const document = {
  openapi: '3.0.3',
  info: { title: 'Examples', version: '1' },
  paths: {
    ...collection('playlists', 'string', { example: '3cEYpjA9oz9GiPac4AsH4n' }),
    ...collection('tracks', 'integer', { examples: { one: { value: 4042 }, two: { value: 7 } } }),
    ...collection('timesheets', 'string', {}),
    ...timesheetLines,
  },
};

describe("records keyed as the document's examples name them", () => {
  const served = serveJudged(document);
  const http = () => served.mock().http;

  it('reads the record of a string key its parameter gives as example', async () => {
    const res = served.judged('GET', '/playlists/{id}', await http().get('/playlists/3cEYpjA9oz9GiPac4AsH4n'));
    expect(res.status).toBe(200);
    expect(res.body.id).toBe('3cEYpjA9oz9GiPac4AsH4n');
  });

  it('reads the records of number keys its named examples give, and numbers a create past them', async () => {
    for (const id of [4042, 7])
      expect(served.judged('GET', '/tracks/{id}', await http().get(`/tracks/${id}`)).body.id).toBe(id);
    const made = served.judged('POST', '/tracks', await http().post('/tracks').send({ name: 'New' }));
    expect(made.status).toBe(201);
    expect(made.body.id).toBe(4043);
  });

  it("reads a sub-collection's record its example names under the parent its example names", async () => {
    const path = '/timesheets/06232786-044a-45b1-9b7b-6d59ba303f2c/lines/3fa85f64-5717-4562-b3fc-2c963f66afa6';
    const res = served.judged('GET', '/timesheets/{timesheetId}/lines/{lineId}', await http().get(path));
    expect(res.status).toBe(200);
    expect(res.body.lineId).toBe('3fa85f64-5717-4562-b3fc-2c963f66afa6');
    const parent = await http().get('/timesheets/06232786-044a-45b1-9b7b-6d59ba303f2c');
    expect(parent.status).toBe(200);
  });
});

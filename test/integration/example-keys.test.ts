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

const document = {
  openapi: '3.0.3',
  info: { title: 'Examples', version: '1' },
  paths: {
    ...collection('playlists', 'string', { example: '3cEYpjA9oz9GiPac4AsH4n' }),
    ...collection('tracks', 'integer', { examples: { one: { value: 4042 }, two: { value: 7 } } }),
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
});

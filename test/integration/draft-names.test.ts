// Names are data, never JavaScript: a draft whose collections, properties and parameters
// are named __proto__, constructor, hasOwnProperty or prototype is served like any other, its
// records stored, validated, counted, filtered and answered, in memory, in the data file across a
// restart and in Redis, and no object of the process gains or loses a property by it; a union
// told apart by a property named __proto__ too.
import { mkdtemp, readFile } from 'node:fs/promises';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { writeDraft } from '../support/drafts.js';
import { DEMO_KEY, servingDocument, startTestMock, type TestMock, useTestMock } from '../support/mock.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';
import { INHERITED_NAMES, inheritedNames, protoPathParameter, RECORD_NAMES } from '../support/shape-drafts.js';

const KEY = { 'X-API-Key': DEMO_KEY };
let draft: string;
let data: string;
let mock: TestMock;

beforeAll(async () => {
  draft = await writeDraft(inheritedNames);
  data = join(await mkdtemp(join(tmpdir(), 'petstore-names-')), 'db.json');
  mock = await startTestMock({ contract: draft, data });
});
afterAll(async () => {
  await mock.server.close();
});

/** A GET with `headers` (name, value, name, value...) sent as written, the API key among them. */
function getWithRawHeaders(url: string, headers: string[]): Promise<{ status: number; text: string }> {
  return new Promise((done, fail) => {
    const all = ['Host', new URL(url).host, 'X-API-Key', DEMO_KEY, ...headers];
    const sent = httpGet(url, { headers: all }, (answer) => {
      let text = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => (text += chunk));
      answer.on('end', () => done({ status: answer.statusCode ?? 0, text }));
    });
    sent.on('error', fail);
  });
}

/** A record with a value for each of `names` (those of a collection by default), its constructor `tag`. */
const record = (tag: string, names: readonly string[] = RECORD_NAMES) =>
  JSON.parse(`{${names.map((name) => `"${name}":"${name === 'constructor' ? tag : `${name}-${tag}`}"`).join(',')}}`);

describe('a draft whose names are those of JavaScript objects', () => {
  it('serves the fixtures of each collection so named, every record fitting its schema', async () => {
    for (const name of INHERITED_NAMES) {
      const listed = await mock.http.get(`/v1/${name}`).set(KEY);
      expect({ name, status: listed.status }).toEqual({ name, status: 200 });
      expect(listed.body.length).toBeGreaterThan(0);
      for (const item of listed.body) expect(typeof item.constructor).toBe('string');
    }
    const pets = await mock.http.get('/v1/pets?limit=5').set(KEY);
    expect(pets.status).toBe(200);
    expect(mock.contractBugs()).toEqual([]);
  });

  it('creates, numbers, reads, filters and deletes records of each, with each name a field', async () => {
    for (const name of INHERITED_NAMES) {
      const first = await mock.http.post(`/v1/${name}`).set(KEY).send(record('first'));
      const second = await mock.http.post(`/v1/${name}`).set(KEY).send(record('second'));
      expect({ name, statuses: [first.status, second.status] }).toEqual({ name, statuses: [201, 201] });
      expect(second.body.id).toBe(first.body.id + 1);
      expect(first.body).toEqual({ id: first.body.id, ...record('first') });
      expect(Object.keys(first.body).sort()).toEqual(['id', ...RECORD_NAMES].sort());
      expect((await mock.http.get(`/v1/${name}/${first.body.id}`).set(KEY)).body).toEqual(first.body);
      const filtered = await mock.http.get(`/v1/${name}?constructor=second`).set(KEY);
      expect(filtered.body).toEqual([second.body]);
      const byProto = await mock.http.get(`/v1/${name}?__proto__=__proto__-second`).set(KEY);
      expect({ name, status: byProto.status, body: byProto.body }).toEqual({ name, status: 200, body: [second.body] });
      expect((await mock.http.delete(`/v1/${name}/${first.body.id}`).set(KEY)).status).toBe(204);
      expect((await mock.http.get(`/v1/${name}/${first.body.id}`).set(KEY)).status).toBe(404);
    }
  });

  it('refuses a record whose constructor is missing or not a string, or whose __proto__ is not one, naming the field', async () => {
    const { constructor: _left, ...without } = record('x');
    const missing = await mock.http.post('/v1/prototype').set(KEY).send(without);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/constructor/);
    const wrong = await mock.http
      .post('/v1/prototype')
      .set(KEY)
      .send({ ...record('x'), constructor: 5 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/constructor: must be string/);
    // A property named __proto__ is checked too (Ajv leaves one of that name alone, unless told it by another name).
    const proto = await mock.http
      .post('/v1/prototype')
      .set(KEY)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(record('x')).replace('"__proto__":"__proto__-x"', '"__proto__":5'));
    expect(proto.status).toBe(400);
    expect(proto.body.message).toMatch(/__proto__: must be string/);
    expect(proto.body.message).not.toMatch(/\uE000/u);
    // A query parameter named __proto__ is known and checked too (the validator files parameters by assignment).
    const longQuery = await mock.http.get(`/v1/prototype?__proto__=${'x'.repeat(31)}`).set(KEY);
    expect(longQuery.status).toBe(400);
    expect(longQuery.body.message).toMatch(/query __proto__: must NOT have more than 30 characters/);
    expect(longQuery.body.message).not.toMatch(/\uE000|Unknown/u);
    // A header so named too, which Node leaves out of req.headers: read from the raw headers.
    // (sent with node:http's raw headers: supertest and fetch both drop a header of that name).
    const longHeader = await getWithRawHeaders(`${mock.server.origin}/v1/prototype`, ['__proto__', 'abcd']);
    expect(longHeader.status).toBe(400);
    expect(longHeader.text).toMatch(/headers __proto__: must NOT have more than 3 characters/);
    expect((await getWithRawHeaders(`${mock.server.origin}/v1/prototype`, ['__proto__', 'abc'])).status).toBe(200);
  });

  it('takes a pet with or without each optional property so named', async () => {
    const plain = await mock.http.post('/v1/pets').set(KEY).send({ name: 'Plain', categoryId: 1 });
    expect(plain.status).toBe(201);
    expect(Object.keys(plain.body)).not.toContain('constructor');
    const named = await mock.http
      .post('/v1/pets')
      .set(KEY)
      .send({ name: 'Named', categoryId: 1, ...record('pet', INHERITED_NAMES) });
    expect(named.status).toBe(201);
    expect(named.body).toMatchObject(record('pet', INHERITED_NAMES));
    expect((await mock.http.get(`/v1/pets/by-id/${named.body.id}`).set(KEY)).body).toEqual(named.body);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(mock.contractBugs()).toEqual([]);
  });

  it('keeps every such collection, its counter and its records in the data file, across a restart', async () => {
    const made = await mock.http.post('/v1/__proto__').set(KEY).send(record('kept'));
    await mock.server.close();
    const file = JSON.parse(await readFile(data, 'utf8'));
    expect(Object.getOwnPropertyDescriptor(file, '__proto__')?.value).toContainEqual(made.body);
    expect(Object.getOwnPropertyDescriptor(file.nextId, 'prototype')?.value).toBe(made.body.id + 1);
    mock = await startTestMock({ contract: draft, data });
    expect((await mock.http.get(`/v1/__proto__/${made.body.id}`).set(KEY)).body).toEqual(made.body);
    const next = await mock.http.post('/v1/__proto__').set(KEY).send(record('next'));
    expect(next.body.id).toBe(made.body.id + 1);
    expect(mock.contractBugs()).toEqual([]);
  });
});

describe('a draft whose path parameter is named __proto__', () => {
  let named: TestMock;
  beforeAll(async () => {
    named = await startTestMock({ contract: await writeDraft(protoPathParameter) });
  });
  afterAll(() => named?.server.close());

  it('reads, checks and deletes the record it names, as under any other name', async () => {
    const made = await named.http.post('/v1/pets').set(KEY).send({ name: 'Rex', categoryId: 1 });
    expect(made.status).toBe(201);
    expect((await named.http.get(`/v1/pets/by-id/${made.body.id}`).set(KEY)).body).toEqual(made.body);
    const wrong = await named.http.get('/v1/pets/by-id/abc').set(KEY);
    expect([wrong.status, wrong.body.message]).toEqual([400, 'Invalid request: path __proto__: must be integer.']);
    expect((await named.http.delete(`/v1/pets/${made.body.id}`).set(KEY)).status).toBe(204);
    expect((await named.http.get(`/v1/pets/by-id/${made.body.id}`).set(KEY)).status).toBe(404);
    expect(named.contractBugs()).toEqual([]);
  });
});

describe('a draft whose names are those of JavaScript objects, in Redis', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(() => redis?.remove());

  it('keeps each collection so named, its counter and records, shared by every mock on it', async () => {
    const options = { data: ':memory:', redis: redis.url, redisPrefix: 'names:', contract: draft };
    const [one, two] = await Promise.all([startTestMock(options), startTestMock(options)]);
    try {
      for (const name of INHERITED_NAMES) {
        const made = await one.http.post(`/v1/${name}`).set(KEY).send(record('shared'));
        expect({ name, status: made.status }).toEqual({ name, status: 201 });
        expect((await two.http.get(`/v1/${name}/${made.body.id}`).set(KEY)).body).toEqual(made.body);
        expect((await two.http.post(`/v1/${name}`).set(KEY).send(record('next'))).body.id).toBe(made.body.id + 1);
      }
      const client = new Redis(redis.url);
      expect((await client.hkeys('names:data:collections')).sort()).toEqual(
        expect.arrayContaining([...INHERITED_NAMES]),
      );
      client.disconnect();
    } finally {
      await Promise.all([one.server.close(), two.server.close()]);
    }
    // A mock started after them reads every collection back from Redis.
    const third = await startTestMock(options);
    try {
      for (const name of INHERITED_NAMES)
        expect((await third.http.get(`/v1/${name}?constructor=shared`).set(KEY)).body).toHaveLength(1);
    } finally {
      await third.server.close();
    }
    for (const mock of [one, two, third]) expect(mock.contractBugs()).toEqual([]);
  });
});

/** Animals of two kinds told apart by a discriminator on a property named __proto__. */
function protoDiscriminated(): object {
  const kind = (own: string, type: object) => ({
    type: 'object',
    required: ['__proto__', own],
    properties: { id: { type: 'integer', readOnly: true }, __proto__: { type: 'string' }, [own]: type },
  });
  const json = (schema: object) => ({ content: { 'application/json': { schema } } });
  const animal = { $ref: '#/components/schemas/Animal' };
  return JSON.parse(
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Animals told apart by __proto__', version: '1' },
      paths: {
        '/animals': {
          post: {
            operationId: 'createAnimal',
            requestBody: { required: true, ...json(animal) },
            responses: { '201': { description: 'Made', ...json(animal) } },
          },
        },
      },
      components: {
        schemas: {
          Animal: {
            oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
            discriminator: { propertyName: '__proto__', mapping: { cat: '#/components/schemas/Cat' } },
          },
          Cat: kind('meow', { type: 'string' }),
          Dog: kind('bark', { type: 'boolean' }),
        },
      },
    }),
  );
}

describe('a draft whose union a property named __proto__ tells apart', () => {
  const animals = useTestMock(() => servingDocument(protoDiscriminated()));

  it('takes each kind by its tag, and refuses a body of one kind tagged as the other', async () => {
    const cat = await animals.http.post('/animals').set(KEY).send('{"__proto__":"cat","meow":"purr"}').type('json');
    const dog = await animals.http.post('/animals').set(KEY).send('{"__proto__":"Dog","bark":true}').type('json');
    expect([cat.status, dog.status]).toEqual([201, 201]);
    expect(cat.text).toContain('"__proto__":"cat"');
    expect(dog.text).toContain('"__proto__":"Dog"');
    const mislabelled = await animals.http
      .post('/animals')
      .set(KEY)
      .send('{"__proto__":"cat","bark":true}')
      .type('json');
    expect(mislabelled.status).toBe(400);
    expect(mislabelled.body.message).not.toContain("required property '__proto__'");
  });
});

/** A document of one operation for each name of `names`, each answering its own name. */
function operationsNamedAsJavaScript(names: readonly string[]): object {
  const paths = names.map((name, index) => [
    `/reports/${index}`,
    {
      get: {
        operationId: name,
        responses: {
          '200': {
            description: 'The report.',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { name: { type: 'string' } } },
                example: { name },
              },
            },
          },
        },
      },
    },
  ]);
  return { openapi: '3.1.0', info: { title: 'Reports', version: '1' }, paths: Object.fromEntries(paths) };
}

describe('a draft whose operations are named __proto__, constructor and hasOwnProperty', () => {
  const NAMES = ['__proto__', 'constructor', 'hasOwnProperty', 'toString'];
  const reports = useTestMock(() => servingDocument(operationsNamedAsJavaScript(NAMES)));

  it('serves each by its example, as any other operation', async () => {
    for (const [index, name] of NAMES.entries()) {
      const answer = await reports.http.get(`/reports/${index}`);
      expect([answer.status, answer.body.name]).toEqual([200, name]);
    }
  });
});

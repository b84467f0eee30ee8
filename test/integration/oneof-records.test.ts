// Records that are one of several kinds, as Lob's address is a US one or an international one: a
// record schema that is a oneOf of two object schemas with no type of its own, each with fields
// the other lacks, and a key of a pattern (pm_...). Served as a collection: every drawn record is
// of one kind, with its key of the pattern; a create stores what the client sent, with the fields
// the server fills for its kind; reads, lists and deletes keep state. Every exchange is judged
// by a validator other than the mock's.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const json = (schema: object, status = 'ok') => ({
  description: status,
  content: { 'application/json': { schema } },
});
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const KEY_PATTERN = '^pm_[a-zA-Z0-9]{6,20}$';

const document = {
  openapi: '3.0.3',
  info: { title: 'Payment methods', version: '1' },
  paths: {
    '/payment_methods': {
      get: {
        operationId: 'listPaymentMethods',
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } }],
        responses: {
          200: json({
            type: 'object',
            required: ['data'],
            properties: { data: { type: 'array', items: ref('payment_method') } },
          }),
        },
      },
      post: {
        operationId: 'createPaymentMethod',
        requestBody: { required: true, content: { 'application/json': { schema: ref('payment_method_editable') } } },
        responses: { 200: json(ref('payment_method')) },
      },
    },
    '/payment_methods/{pm_id}': {
      parameters: [{ name: 'pm_id', in: 'path', required: true, schema: ref('pm_id') }],
      get: {
        operationId: 'getPaymentMethod',
        responses: { 200: json(ref('payment_method')), 404: json(ref('error'), 'none') },
      },
      delete: {
        operationId: 'deletePaymentMethod',
        responses: {
          200: json({
            type: 'object',
            required: ['id', 'deleted'],
            properties: { id: ref('pm_id'), deleted: { type: 'boolean' } },
          }),
          404: json(ref('error'), 'none'),
        },
      },
    },
  },
  components: {
    schemas: {
      pm_id: { type: 'string', pattern: KEY_PATTERN },
      error: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
      payment_method: { oneOf: [ref('card'), ref('bank_account')] },
      payment_method_editable: { oneOf: [ref('card_editable'), ref('bank_account_editable')] },
      card_editable: {
        type: 'object',
        required: ['kind', 'card_number'],
        properties: {
          kind: { type: 'string', enum: ['card'] },
          card_number: { type: 'string', pattern: '^[0-9]{16}$' },
          holder: { type: 'string', maxLength: 40 },
        },
      },
      bank_account_editable: {
        type: 'object',
        required: ['kind', 'iban', 'bank_name'],
        properties: {
          kind: { type: 'string', enum: ['bank_account'] },
          iban: { type: 'string', pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$' },
          bank_name: { type: 'string', maxLength: 60 },
          holder: { type: 'string', maxLength: 40 },
          country: { type: 'string', enum: ['DE', 'FR'] },
        },
      },
      // The server fills `brand` of a card and `verified` of a bank account: each kind's own.
      card: {
        allOf: [
          ref('card_editable'),
          {
            type: 'object',
            required: ['id', 'brand', 'created_at'],
            properties: {
              id: ref('pm_id'),
              brand: { type: 'string', enum: ['visa', 'mastercard'] },
              created_at: { type: 'string', format: 'date-time' },
            },
          },
        ],
      },
      // Its country sent as a code and answered as a name, as Lob's address_country.
      bank_account: {
        type: 'object',
        required: ['id', 'kind', 'iban', 'bank_name', 'verified', 'created_at'],
        properties: {
          id: ref('pm_id'),
          kind: { type: 'string', enum: ['bank_account'] },
          iban: { type: 'string', pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$' },
          bank_name: { type: 'string', maxLength: 60 },
          holder: { type: 'string', maxLength: 40 },
          country: { type: 'string', enum: ['GERMANY', 'FRANCE'] },
          verified: { type: 'boolean' },
          created_at: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
};

type PaymentMethod = { id: string; kind: string; [field: string]: unknown };

describe('records that are one of several kinds (a oneOf of objects)', () => {
  const served = serveJudged(document);
  const api = () => served.mock().http;
  const list = async () =>
    served.judged('get', '/payment_methods', await api().get('/payment_methods?limit=100')).body
      .data as PaymentMethod[];

  it('serves drawn records each of one kind, keyed by the key pattern', async () => {
    const records = await list();
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      expect(record.id).toMatch(new RegExp(KEY_PATTERN));
      // One kind's fields, never the other's beside them.
      if (record.kind === 'card') expect(record).not.toHaveProperty('iban');
      else expect(record).not.toHaveProperty('card_number');
    }
    expect(new Set(records.map((record) => record.id)).size).toBe(records.length);
    expect(new Set(records.map((record) => record.kind))).toEqual(new Set(['card', 'bank_account']));
  });

  it('creates each kind as sent, with the fields the server fills for it, and keeps it until deleted', async () => {
    const bodies = [
      { kind: 'card', card_number: '4242424242424242', holder: 'Ada' },
      { kind: 'bank_account', iban: 'DE89370400440532013000', bank_name: 'Bank of Tests', country: 'DE' },
    ];
    for (const { country, ...body } of bodies) {
      const sent = country === undefined ? body : { ...body, country };
      const made = served.judged('post', '/payment_methods', await api().post('/payment_methods').send(sent));
      expect(made.status).toBe(200);
      expect(made.body).toMatchObject(body);
      // A country sent as a code is answered in the answer's words, as the server says it.
      if (country !== undefined) expect(['GERMANY', 'FRANCE']).toContain(made.body.country);
      expect(made.body.id).toMatch(new RegExp(KEY_PATTERN));
      const path = `/payment_methods/${made.body.id}`;
      const read = served.judged('get', '/payment_methods/{pm_id}', await api().get(path));
      expect(read.body).toEqual(made.body);
      expect((await list()).map((record) => record.id)).toContain(made.body.id);
      expect(served.judged('delete', '/payment_methods/{pm_id}', await api().delete(path)).status).toBe(200);
      expect(served.judged('get', '/payment_methods/{pm_id}', await api().get(path)).status).toBe(404);
    }
  });
});

// Two kinds told apart by a discriminator, the cat's fields taking null (a nullable integer,
// OpenAPI 3.0's `nullable` beside no type): a cat sent with those fields null is a cat. It was
// taken for a dog, given a dog's required `bark`, and answered 500 (it then fit both kinds), and
// so was every list after it.
const animals = {
  openapi: '3.0.3',
  info: { title: 'Animals', version: '1' },
  paths: {
    '/animals': {
      get: { operationId: 'listAnimals', responses: { 200: json({ type: 'array', items: ref('Animal') }) } },
      post: {
        operationId: 'addAnimal',
        requestBody: { required: true, content: { 'application/json': { schema: ref('Animal') } } },
        responses: { 201: json(ref('Animal')) },
      },
    },
  },
  components: {
    schemas: {
      Animal: {
        oneOf: [ref('Cat'), ref('Dog')],
        discriminator: {
          propertyName: 'kind',
          mapping: { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog' },
        },
      },
      Cat: {
        type: 'object',
        required: ['kind', 'lives'],
        properties: { kind: { type: 'string' }, lives: { type: 'integer', nullable: true }, note: { nullable: true } },
      },
      Dog: {
        type: 'object',
        required: ['kind', 'bark'],
        properties: { kind: { type: 'string' }, bark: { type: 'string' } },
      },
    },
  },
};

describe('a kind whose fields take null', () => {
  const served = serveJudged(animals);
  it('is the kind of a body that sends them null, and every answer after it keeps the contract', async () => {
    for (const cat of [
      { kind: 'cat', lives: 9, note: null },
      { kind: 'cat', lives: null },
    ]) {
      const made = served.judged('post', '/animals', await served.mock().http.post('/animals').send(cat));
      expect(made.status).toBe(201);
      expect(made.body).toEqual({ ...cat, id: expect.anything() });
    }
    expect(served.judged('get', '/animals', await served.mock().http.get('/animals')).status).toBe(200);
  });

  it("draws each record with its kind's tag, so that a record read can be sent back", async () => {
    const listed = served.judged('get', '/animals', await served.mock().http.get('/animals')).body as Array<{
      id: unknown;
      kind: string;
      bark?: string;
    }>;
    expect(new Set(listed.map((animal) => animal.kind))).toEqual(new Set(['cat', 'dog']));
    for (const { id: _id, ...animal } of listed.slice(0, 4)) {
      expect(animal.kind).toBe(animal.bark === undefined ? 'cat' : 'dog');
      const sent = await served.mock().http.post('/animals').send(animal);
      expect(served.judged('post', '/animals', sent).status).toBe(201);
    }
  });
});

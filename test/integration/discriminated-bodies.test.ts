// A request body of branches a discriminator tells apart, whose open branches a body may fit
// several of (Ory's login flow: a password login fits the password, passkey and identifier-first
// methods alike): the branch its tag names judges it, as the document means; a tag no branch
// has is 400 in the document's words.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const json = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
const method = (required: string[], extra: object) => ({
  type: 'object',
  required: ['method', ...required],
  properties: { method: { type: 'string' }, ...extra },
});

const document = {
  openapi: '3.0.3',
  info: { title: 'Logins', version: '1' },
  paths: {
    '/strategies': {
      post: {
        operationId: 'setStrategy',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Strategy' } } },
        },
        responses: {
          200: json({ type: 'object', properties: { ok: { type: 'boolean' } } }),
          400: json({ type: 'object' }),
        },
      },
    },
    '/picks': {
      post: {
        operationId: 'pick',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Pick' } } },
        },
        responses: {
          200: json({ type: 'object', properties: { ok: { type: 'boolean' } } }),
          400: json({ type: 'object' }),
        },
      },
    },
    '/adoptions': {
      post: {
        operationId: 'adopt',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }] },
            },
          },
        },
        responses: {
          200: json({ type: 'object', properties: { ok: { type: 'boolean' } } }),
          400: json({ type: 'object' }),
        },
      },
    },
    '/logins': {
      post: {
        operationId: 'updateLoginFlow',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Body' } } },
        },
        responses: {
          200: json({ type: 'object', properties: { ok: { type: 'boolean' } } }),
          400: json({ type: 'object' }),
        },
      },
    },
  },
  components: {
    schemas: {
      // No mapping: each branch says its own tag (OpenAI's chunking_strategy: type auto or static).
      Strategy: {
        discriminator: { propertyName: 'type' },
        oneOf: [{ $ref: '#/components/schemas/Auto' }, { $ref: '#/components/schemas/Static' }],
      },
      Auto: { type: 'object', required: ['type'], properties: { type: { type: 'string', enum: ['auto'] } } },
      // A subtype saying its tag beside its base, unmapped.
      Pick: {
        discriminator: { propertyName: 'petType' },
        oneOf: [{ $ref: '#/components/schemas/CatPick' }, { $ref: '#/components/schemas/DogPick' }],
      },
      PickBase: { type: 'object', required: ['petType'], properties: { petType: { type: 'string' } } },
      CatPick: {
        allOf: [{ $ref: '#/components/schemas/PickBase' }, { properties: { petType: { enum: ['cat'] } } }],
      },
      DogPick: {
        allOf: [{ $ref: '#/components/schemas/PickBase' }, { properties: { petType: { enum: ['dog'] } } }],
      },
      // OpenAPI's inheritance: the base states the discriminator, the union of its subtypes none.
      Pet: {
        type: 'object',
        required: ['petType'],
        properties: { petType: { type: 'string' } },
        discriminator: { propertyName: 'petType' },
      },
      Cat: { allOf: [{ $ref: '#/components/schemas/Pet' }, { properties: { hunts: { type: 'boolean' } } }] },
      Dog: { allOf: [{ $ref: '#/components/schemas/Pet' }, { properties: { barks: { type: 'boolean' } } }] },
      Static: {
        type: 'object',
        required: ['type'],
        properties: { type: { type: 'string', enum: ['static'] }, size: { type: 'integer' } },
      },
      Body: {
        discriminator: {
          propertyName: 'method',
          mapping: { password: '#/components/schemas/Password', code: '#/components/schemas/Code' },
        },
        oneOf: [{ $ref: '#/components/schemas/Password' }, { $ref: '#/components/schemas/Code' }],
      },
      Password: method(['identifier', 'password'], { identifier: { type: 'string' }, password: { type: 'string' } }),
      Code: method([], { code: { type: 'string' } }),
    },
  },
};

describe('a request body of discriminated branches', () => {
  const served = serveJudged(document);
  const http = () => served.mock().http;

  it('takes a body its tag names the branch of, though it fits another too', async () => {
    const body = { method: 'password', identifier: 'ada', password: 'secret' };
    const res = served.judged('POST', '/logins', await http().post('/logins').send(body));
    expect(res.status).toBe(200);
  });

  it('takes a body of a branch that says its own tag where the discriminator maps none', async () => {
    for (const body of [{ type: 'auto' }, { type: 'static', size: 5 }])
      expect(served.judged('POST', '/strategies', await http().post('/strategies').send(body)).status).toBe(200);
    expect((await http().post('/strategies').send({ type: 'Auto' })).status).toBe(400);
    // Said beside the base, in an allOf.
    expect(served.judged('POST', '/picks', await http().post('/picks').send({ petType: 'cat' })).status).toBe(200);
  });

  it('takes a body of a subtype its base tells apart, where the union itself states no discriminator', async () => {
    for (const body of [{ petType: 'Cat', hunts: true }, { petType: 'Dog' }])
      expect(served.judged('POST', '/adoptions', await http().post('/adoptions').send(body)).status).toBe(200);
    expect((await http().post('/adoptions').send({ petType: 'Cow' })).status).toBe(400);
  });

  it('refuses a body whose tag names no branch, or that breaks its own', async () => {
    expect((await http().post('/logins').send({ method: 'nope' })).status).toBe(400);
    expect((await http().post('/logins').send({ method: 'password', identifier: 'ada' })).status).toBe(400);
  });
});

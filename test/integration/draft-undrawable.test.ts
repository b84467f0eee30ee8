// A draft whose records no value the mock draws can hold (a const outside its own enum, a
// pattern against a length) is refused at start, naming each field, instead of served with a
// 500 on every read of them; a draft whose draws miss now and then is served; an optional field
// no value meets (a oneOf of two alike branches) is left out of the records, and the log says so;
// a oneOf whose branches overlap (Box's, PagerDuty's references) is drawn from until a value
// meets one alone.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ConfigError, type MockServerOptions } from '../../src/server/config.js';
import { createMockServer } from '../../src/server/server.js';
import { DEMO_KEY, startTestMock } from '../support/mock.js';
import { loadPetstoreSpec } from '../support/spec.js';
import { useTempFolder } from '../support/temp-folder.js';

/** What a start with `document` comes to: 'served' (the server closed at once), or the error it threw. */
async function startWith(file: string, document: object): Promise<unknown> {
  await writeFile(file, JSON.stringify(document, null, 2));
  const options: MockServerOptions = { contract: file, data: ':memory:', lintContract: false };
  return createMockServer(options).then(
    async (server) => {
      await server.close();
      return 'served';
    },
    (error: unknown) => error,
  );
}

describe('a draft whose records the mock cannot draw', () => {
  const folder = useTempFolder('undrawable');

  /** The pets a mock serving `document` lists, and the contract bugs it logged meanwhile. */
  async function petsServedFrom(document: object) {
    const file = join(folder(), 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    const mock = await startTestMock({ contract: file, data: ':memory:', lintContract: false });
    try {
      const listed = await mock.http.get('/v1/pets?limit=100').set('X-API-Key', DEMO_KEY);
      return { listed, bugs: mock.contractBugs() };
    } finally {
      await mock.server.close();
    }
  }

  it('refuses a required field its schema forbids (additionalProperties: false)', async () => {
    const document = loadPetstoreSpec();
    document.components.schemas.NewPet.additionalProperties = false;
    document.components.schemas.NewPet.required.push('ghost');
    const outcome = await startWith(join(folder(), 'openapi.json'), document);
    expect(outcome).toBeInstanceOf(ConfigError);
    expect(String(outcome)).toMatch(/pets, id 1, field "(ghost|id)"/);
  });

  it('serves a draft whose draws of an optional field miss its if/then/else, leaving it out of the records', async () => {
    const document = loadPetstoreSpec();
    // Parsed from text: a `then` written in code would make the object look like a promise.
    document.components.schemas.NewPet.properties.size = JSON.parse(
      '{"type":"object","properties":{"unit":{"type":"string"},"v":{"type":"number"}},' +
        '"if":{"properties":{"unit":{"const":"cm"}}},"then":{"required":["v"]},"else":{"properties":{"v":{"maximum":10}}}}',
    );
    const { listed, bugs } = await petsServedFrom(document);
    expect(listed.status).toBe(200);
    expect(bugs).toEqual([]);
  });

  it('draws a oneOf whose object branches overlap with values that meet one branch alone', async () => {
    const document = loadPetstoreSpec();
    // Any user reference is also an {id, type}, and any object a generic source: a value drawn
    // from the first branch alone meets all three.
    const reference = {
      type: 'object',
      required: ['id', 'type'],
      properties: { id: { type: 'string' }, type: { type: 'string' } },
    };
    document.components.schemas.NewPet.properties.source = {
      oneOf: [
        { allOf: [reference, { properties: { type: { enum: ['user_reference'] } } }] },
        reference,
        { type: 'object', additionalProperties: { type: 'string' } },
      ],
    };
    document.components.schemas.NewPet.required.push('source');
    const { listed, bugs } = await petsServedFrom(document);
    expect(listed.status).toBe(200);
    expect(listed.body.length).toBeGreaterThan(0);
    for (const pet of listed.body as { source: object }[]) expect(pet.source).toBeDefined();
    expect(bugs).toEqual([]);
  });

  it('serves a contract whose optional field no value meets, drawn without it, and says so', async () => {
    // Two branches alike but for their words: whatever meets one meets both, so nothing meets
    // exactly one (PagerDuty's agent: a UserReference, or any {id, type}, twice).
    const reference = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };
    const gadget = {
      type: 'object',
      required: ['id', 'name'],
      properties: {
        id: { type: 'integer', readOnly: true },
        name: { type: 'string' },
        handler: {
          type: 'object',
          required: ['agent'],
          properties: { agent: { oneOf: [reference, { allOf: [reference], description: 'The same.' }] } },
        },
      },
    };
    const answer = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
    const ref = { $ref: '#/components/schemas/Gadget' };
    const document = {
      openapi: '3.0.3',
      info: { title: 'Gadgets', version: '1.0.0' },
      paths: {
        '/gadgets': {
          get: { operationId: 'listGadgets', responses: { 200: answer({ type: 'array', items: ref }) } },
          post: {
            operationId: 'createGadget',
            requestBody: { content: { 'application/json': { schema: ref } } },
            responses: { 201: answer(ref) },
          },
        },
        '/gadgets/{id}': {
          get: {
            operationId: 'getGadget',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
            responses: { 200: answer(ref), 404: { description: 'none' } },
          },
        },
      },
      components: { schemas: { Gadget: gadget } },
    };
    const file = join(folder(), 'openapi.json');
    await writeFile(file, JSON.stringify(document, null, 2));
    const mock = await startTestMock({ contract: file, data: ':memory:', lintContract: false });
    try {
      const listed = await mock.http.get('/gadgets').set('X-API-Key', DEMO_KEY);
      expect(listed.status).toBe(200);
      expect(listed.body.length).toBeGreaterThan(0);
      for (const record of listed.body as object[]) expect(record).not.toHaveProperty('handler');
      expect(mock.contractBugs()).toEqual([]);
      const said = mock.logLines.join('\n');
      // The required field first, then its optional parent, with where it is written.
      expect(said).toMatch(/No value the mock draws meets these fields of .*openapi\.json.*leaves out/);
      expect(said).toMatch(/ {2}gadgets: handler\.agent\n {2}gadgets: handler\n/);
      expect(said).toMatch(/openapi\.json:\d+:\d+ {2}the schema of the field "handler\.agent" of gadgets/);
    } finally {
      await mock.server.close();
    }
  });

  it.each([
    [
      'a const outside its own enum',
      { type: 'string', enum: ['cat', 'bird'], const: 'dog' },
      /field "kind": must be equal to one of the allowed values/,
    ],
    ['a pattern against a length', { type: 'string', pattern: '^a{3}$', minLength: 5 }, /field "kind": must/],
  ])('refuses %s at start, naming the field', async (_what, kind, named) => {
    const document = loadPetstoreSpec();
    document.components.schemas.NewPet.properties.kind = kind;
    document.components.schemas.NewPet.required.push('kind');
    const file = join(folder(), 'openapi.json');
    await writeFile(file, JSON.stringify(document, null, 2));
    // A server that starts is closed at once: the test fails on what it says, not on a hang.
    const outcome = await createMockServer({ contract: file, data: ':memory:', lintContract: false }).then(
      async (server) => {
        await server.close();
        return 'served';
      },
      (error: unknown) => error,
    );
    expect(outcome).toBeInstanceOf(ConfigError);
    expect(String(outcome)).toMatch(named);
    expect(String(outcome)).toMatch(/cannot be served: the records the mock draws from it break its own schemas/);
    // The line of the field's schema, where the draft is to be changed.
    const place = /openapi\.json:(\d+):\d+ {2}the schema of the field "kind" of pets/.exec(String(outcome));
    const lines = (await readFile(file, 'utf8')).split('\n');
    expect(lines[Number(place?.[1]) - 1]).toMatch(/^\s*"kind": \{/);
  });
});

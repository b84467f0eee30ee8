// A draft whose answers refuse what its request takes (Category.name with a pattern that
// NewCategory.name lacks): a valid request with such a value is refused with the contract's 400
// naming the field, nothing stored, never a 500; a value both take is stored; the start says so.
// So too where the request takes a text or a number and the answers a text only (Box's).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { categoryCodeTypedNarrowerInAnswers, categoryNameNarrowedInAnswers, writeDraft } from '../support/drafts.js';
import { DEMO_KEY, servingDocument, startTestMock, type TestMock } from '../support/mock.js';

let mock: TestMock;
beforeAll(async () => {
  mock = await startTestMock({ contract: await writeDraft(categoryNameNarrowedInAnswers), data: ':memory:' });
});
afterAll(async () => {
  await mock.server.close();
});

const categoryCount = async () =>
  Number((await mock.http.get('/v1/categories?limit=1').set('X-API-Key', DEMO_KEY)).headers['x-total-count']);

describe('a write whose value the answers refuse', () => {
  it('names the operation and the field at the start', () => {
    expect(mock.logLines.join('\n')).toMatch(
      /createCategory's request takes values of name .*pattern \^\(x\+x\+\)\+y\$/,
    );
    expect(mock.logLines.join('\n')).toMatch(/updateCategory's request takes values of name/);
  });

  it('refuses a create with 400 naming the field, and stores nothing', async () => {
    const before = await categoryCount();
    const res = await mock.http.post('/v1/categories').set('X-API-Key', DEMO_KEY).send({ name: 'Rex' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/name "Rex"/);
    expect(await categoryCount()).toBe(before);
    expect(mock.contractBugs()).toEqual([]);
  });

  it('refuses a replacement the same way, and keeps the record', async () => {
    const made = await mock.http.post('/v1/categories').set('X-API-Key', DEMO_KEY).send({ name: 'xxxy' });
    expect(made.status).toBe(201);
    const res = await mock.http.put(`/v1/categories/${made.body.id}`).set('X-API-Key', DEMO_KEY).send({ name: 'Rex' });
    expect(res.status).toBe(400);
    const read = await mock.http.get(`/v1/categories/${made.body.id}`).set('X-API-Key', DEMO_KEY);
    expect(read.body.name).toBe('xxxy');
    expect(mock.contractBugs()).toEqual([]);
  });
});

describe('a write whose value is of a type its request takes and its answers do not', () => {
  let typed: TestMock;
  beforeAll(async () => {
    typed = await startTestMock({ contract: await writeDraft(categoryCodeTypedNarrowerInAnswers), data: ':memory:' });
  });
  afterAll(async () => {
    await typed.server.close();
  });

  it('refuses a number where the answers take a text only, stores a text, and says so at the start', async () => {
    expect(typed.logLines.join('\n')).toMatch(/createCategory's request takes values of code .*they add type string/);
    const refused = await typed.http.post('/v1/categories').set('X-API-Key', DEMO_KEY).send({ name: 'Coded', code: 7 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/code 7 is taken by the request's schema but refused by the answers/);
    const made = await typed.http.post('/v1/categories').set('X-API-Key', DEMO_KEY).send({ name: 'Coded', code: 'C7' });
    expect(made.status).toBe(201);
    expect(made.body.code).toBe('C7');
    expect(typed.contractBugs()).toEqual([]);
  });
});

describe("a merge whose body takes null where the answers do not (Discord's PATCH bodies)", () => {
  const json = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
  const thing = { $ref: '#/components/schemas/Thing' };
  const level = { $ref: '#/components/schemas/Level' };
  const document = {
    openapi: '3.1.0',
    info: { title: 'Things', version: '1' },
    paths: {
      '/things': {
        post: {
          operationId: 'createThing',
          requestBody: { required: true, content: { 'application/json': { schema: thing } } },
          responses: { 201: json(thing) },
        },
      },
      '/things/{thing_id}': {
        parameters: [{ name: 'thing_id', in: 'path', required: true, schema: { type: 'integer' } }],
        get: { operationId: 'getThing', responses: { 200: json(thing) } },
        patch: {
          operationId: 'updateThing',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    count: { type: ['integer', 'null'] },
                    level: { oneOf: [{ type: 'null' }, level] },
                    name: { type: ['string', 'null'] },
                  },
                },
              },
            },
          },
          responses: { 200: json(thing) },
        },
      },
    },
    components: {
      schemas: {
        Level: { type: 'integer', enum: [0, 1, 2] },
        Thing: {
          type: 'object',
          required: ['id', 'name'],
          properties: {
            id: { type: 'integer', readOnly: true },
            name: { type: 'string', maxLength: 20 },
            count: { type: 'integer', minimum: 0 },
            level,
          },
        },
      },
    },
  };
  let things: TestMock;
  beforeAll(async () => {
    things = await startTestMock(await servingDocument(document));
  });
  afterAll(async () => {
    await things.server.close();
  });

  it('removes the optional field a null names, as RFC 7396 says, and keeps a required one', async () => {
    const made = await things.http.post('/things').send({ name: 'Gear', count: 3, level: 1 });
    expect(made.status).toBe(201);
    const merged = await things.http.patch(`/things/${made.body.id}`).send({ count: null, level: null, name: null });
    expect(merged.status).toBe(200);
    expect(merged.body).toEqual({ id: made.body.id, name: 'Gear' });
    expect(things.contractBugs()).toEqual([]);
  });

  it('still refuses a value the answers refuse, and says so at the start for that field only', async () => {
    const made = await things.http.post('/things').send({ name: 'Cog' });
    const refused = await things.http.patch(`/things/${made.body.id}`).send({ count: -1 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/count -1 is taken by the request's schema but refused by the answers/);
    const warning = things.logLines.find((line) => line.includes("updateThing's request takes values of"));
    expect(warning).toMatch(
      /takes values of count, name that the answers of things refuse \(they add minimum 0; maxLength 20\)/,
    );
  });
});

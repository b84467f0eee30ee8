import { beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { draftDocument, petPhotos } from '../../test/support/drafts.js';
import type { SpecOperation } from '../support/contract-spec.js';
import { validValue } from '../support/requests.js';
import { withRequiredQuery } from '../support/required-parameters.js';
import { invalidBodies } from './invalid-values.js';
import { invalidRequests, queryString, validRequests } from './operation-requests.js';
import { validValues } from './valid-values.js';

/** A pet's photo as the drafts have it: its id readOnly beside an allOf of a $ref, its time readOnly too. */
let PHOTO: Record<string, unknown>;
beforeAll(async () => {
  PHOTO = (await draftDocument(petPhotos)).components.schemas.Photo;
});

function operation(fields: Partial<SpecOperation>): SpecOperation {
  return {
    operationId: 'listOwners',
    method: 'get',
    path: '/owners',
    tags: [],
    stability: 'stable',
    deprecated: false,
    raw: {},
    parameters: [],
    requestBodyRequired: false,
    requestMediaTypes: [],
    declaredStatuses: ['200'],
    ...fields,
  };
}

/** The edges and random values of a generator, from a fixed seed. */
function made<T>(generated: { arbitrary: fc.Arbitrary<T>; edges: T[] }): T[] {
  return [...generated.edges, ...fc.sample(generated.arbitrary, { numRuns: 200, seed: 36 })];
}

describe('the values of a request', () => {
  it('leave out readOnly properties, required or not, beside an allOf or not', () => {
    const fixed = validValue(PHOTO, 'body', {}) as Record<string, unknown>;
    expect(Object.keys(fixed)).toEqual(['url']);
    const bodies = made(validValues(PHOTO, 'body', {})) as Array<Record<string, unknown>>;
    expect(bodies.filter((body) => 'id' in body || 'takenAt' in body)).toEqual([]);
    // The writable ones still come, each present and absent.
    expect(bodies.every((body) => typeof body.url === 'string')).toBe(true);
    expect(bodies.some((body) => 'caption' in body)).toBe(true);
    expect(bodies.some((body) => !('caption' in body))).toBe(true);
  });

  it("name a discriminator's branch by its mapping's key, or by its schema's name", () => {
    const schema = {
      oneOf: [{ $ref: '#/components/schemas/NewPet' }, { $ref: '#/components/schemas/NewCategory' }],
      discriminator: { propertyName: 'kind', mapping: { pet: '#/components/schemas/NewPet' } },
    };
    // Each body of the branch it is made of: a pet's categoryId, a category's name only.
    const tagOf = (body: Record<string, unknown>) => ('categoryId' in body ? 'pet' : 'NewCategory');
    const bodies = [validValue(schema, 'body', {}), ...made(validValues(schema, 'body', {}))] as Array<
      Record<string, unknown>
    >;
    expect(bodies.filter((body) => body.kind !== tagOf(body))).toEqual([]);
  });

  it('break no readOnly property and never leave one out as "required"', () => {
    const rules = invalidBodies(PHOTO).map((invalid) => invalid.rule);
    expect(rules.filter((rule) => /\b(id|takenAt)\b/.test(rule))).toEqual([]);
    expect(rules).toContain('without the required url');
  });

  it('never leave out a required field that declares a default, which a server may fill in', () => {
    const remote = {
      type: 'object',
      required: ['name', 'allowInsecureTLS'],
      properties: { name: { type: 'string' }, allowInsecureTLS: { type: 'boolean', default: false } },
    };
    const rules = invalidBodies(remote).map((invalid) => invalid.rule);
    expect(rules).toContain('without the required name');
    expect(rules).not.toContain('without the required allowInsecureTLS');
  });

  it('break a body into an array only where its schema takes objects only', () => {
    const rulesOf = (schema: unknown) => invalidBodies(schema).map((invalid) => invalid.rule);
    const properties = { name: { type: 'string' } };
    // properties alone bind only objects (JSON Schema): an array meets such a schema.
    expect(rulesOf({ properties })).not.toContain('a JSON array instead of an object');
    expect(rulesOf({ type: 'object', properties })).toContain('a JSON array instead of an object');
    const branches = [{ type: 'object', properties }, { allOf: [{ type: 'object' }, { required: ['name'] }] }];
    expect(rulesOf({ oneOf: branches })).toContain('a JSON array instead of an object');
    expect(rulesOf({ anyOf: [...branches, { properties }] })).not.toContain('a JSON array instead of an object');
  });

  it('never send an empty query value unless the parameter allows one', () => {
    const city = { name: 'city', in: 'query', schema: { type: 'string', maxLength: 100 } };
    const kind = { name: 'kind', in: 'query', schema: { type: 'string', enum: ['', 'cat', 'dog'] } };
    const strict = made(validRequests(operation({ parameters: [city, kind] }), { query: {}, body: {} }));
    const values = strict.flatMap((request) => [request.query.city, request.query.kind]);
    expect(values.filter((value) => value === '')).toEqual([]);
    expect(values.filter((value) => typeof value === 'string').length).toBeGreaterThan(100);

    const fields = { name: 'opt_fields', in: 'query', schema: { type: 'array', items: { type: 'string' } } };
    const lists = made(validRequests(operation({ parameters: [fields] }), { query: {}, body: {} }));
    expect(
      lists.filter((request) => Array.isArray(request.query.opt_fields) && request.query.opt_fields.length === 0),
    ).toEqual([]);

    const lenient = made(
      validRequests(operation({ parameters: [{ ...city, allowEmptyValue: true }] }), { query: {}, body: {} }),
    );
    expect(lenient.some((request) => request.query.city === '')).toBe(true);
  });

  it("leave out a cursor the server makes (Ory's page_token), which no value drawn from its schema is", () => {
    const token = { name: 'page_token', in: 'query', schema: { type: 'string' } };
    const size = { name: 'page_size', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 500 } };
    const requests = made(validRequests(operation({ parameters: [token, size] }), { query: {}, body: {} }));
    expect(requests.filter((request) => 'page_token' in request.query)).toEqual([]);
    expect(requests.some((request) => 'page_size' in request.query)).toBe(true);
  });

  it("send no pair that both a parameter and an object's spread field name (Lob's send_date and sort_by)", () => {
    const date = { type: 'string', format: 'date-time' };
    const filter = { name: 'send_date', in: 'query', schema: date };
    const order = { type: 'string', enum: ['asc', 'desc'] };
    const sortBy = {
      name: 'sort_by',
      in: 'query',
      schema: { type: 'object', properties: { date_created: order, send_date: order } },
    };
    const requests = made(validRequests(operation({ parameters: [filter, sortBy] }), { query: {}, body: {} }));
    const pairs = requests.map((request) => queryString(request.query, [filter, sortBy]));
    expect(pairs.filter((query) => query.includes('send_date='))).toEqual([]);
    // What only one of them names is still sent.
    expect(pairs.some((query) => query.includes('date_created='))).toBe(true);
  });

  it('never send an empty array, nor an empty item, as a query value unless the parameter allows one', () => {
    const tags = { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } } };
    const requests = made(validRequests(operation({ parameters: [tags] }), { query: {}, body: {} }));
    const sent = requests.map((request) => request.query.tags).filter((value) => value !== undefined);
    expect(sent.length).toBeGreaterThan(100);
    expect(sent.filter((value) => !Array.isArray(value) || value.length === 0 || value.includes(''))).toEqual([]);
  });

  it('send an object written in one pair with a field at least, no text holding the delimiter between fields', () => {
    for (const [style, delimiter] of [
      ['form', ','],
      ['pipeDelimited', '|'],
    ] as const) {
      const object = {
        name: 'object',
        in: 'query',
        style,
        explode: false,
        schema: { type: 'object', properties: { name: { type: 'string' }, size: { type: 'integer' } } },
      };
      const sent = made(validRequests(operation({ parameters: [object] }), { query: {}, body: {} }))
        .map((request) => request.query.object as Record<string, unknown> | undefined)
        .filter((value) => value !== undefined);
      expect(sent.length).toBeGreaterThan(50);
      expect(sent.filter((value) => Object.keys(value).length === 0)).toEqual([]);
      expect(sent.filter((value) => String(value.name ?? '').includes(delimiter))).toEqual([]);
    }
    // One of fields undeclared (or all readOnly) is drawn as it can be: never for ever.
    for (const schema of [{ type: 'object', additionalProperties: { type: 'string' } }, { type: 'object' }]) {
      const free = { name: 'free', in: 'query', style: 'form', explode: false, schema };
      expect(made(validRequests(operation({ parameters: [free] }), { query: {}, body: {} })).length).toBeGreaterThan(0);
    }
    // A path parameter whose only invalid value would be an empty segment has no such case.
    const id = { name: 'id', in: 'path', required: true, schema: { type: 'string', minLength: 1 } };
    expect(
      invalidRequests(operation({ parameters: [id] }), { query: {}, body: {} }).map((one) => one.rule),
    ).not.toContain('path id shorter than minLength 1');
    const pipe = { name: 'page', in: 'query', style: 'pipeDelimited' };
    expect(queryString({ page: { before: 'a', after: 'b' } }, [pipe])).toBe('?page=before%7Ca%7Cafter%7Cb');
  });

  it('send the required query parameters in every request, the edges tried first included', () => {
    const origin = { name: 'origin', in: 'query', required: true, schema: { type: 'string' } };
    const page = { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 9 } };
    const generated = validRequests(operation({ parameters: [origin, page] }), { query: {}, body: {} });
    expect(generated.edges.length).toBeGreaterThan(2);
    expect(made(generated).filter((request) => typeof request.query.origin !== 'string')).toEqual([]);
  });

  it('send a required object written field by field with a field at least (Typesense’s searchParameters)', () => {
    const searchParameters = {
      name: 'searchParameters',
      in: 'query',
      required: true,
      schema: { type: 'object', properties: { q: { type: 'string', minLength: 1 }, per_page: { type: 'integer' } } },
    };
    const generated = validRequests(operation({ parameters: [searchParameters] }), { query: {}, body: {} });
    for (const request of made(generated)) {
      const written = queryString(request.query, [searchParameters]);
      // Spread as its fields, never "[object Object]", and never empty: an empty one reads as left out.
      expect(written).toMatch(/^\?q=[^&]+/);
    }
    expect(withRequiredQuery(operation({ parameters: [searchParameters] }), '/search')).toMatch(/^\/search\?q=[^&]+/);
    // One the request holds already, spread, is not written twice.
    expect(withRequiredQuery(operation({ parameters: [searchParameters] }), '/search?q=cats')).toBe('/search?q=cats');
  });

  it("percent-encode a query value's reserved characters, which only allowReserved lets through raw", () => {
    expect(queryString({ city: "( O'Hare! *)", page: 2 })).toBe('?city=%28%20O%27Hare%21%20%2A%29&page=2');
    const decoded = new URLSearchParams(queryString({ city: ":/?#[]@!$&'()*+,;=" }).slice(1)).get('city');
    expect(decoded).toBe(":/?#[]@!$&'()*+,;=");
  });

  it("write an array's values as its parameter's style says: one pair each by default, joined where explode is false", () => {
    const kinds = ['password', 'oidc'];
    expect(queryString({ kinds })).toBe('?kinds=password&kinds=oidc');
    expect(queryString({ kinds }, [{ name: 'kinds', in: 'query', explode: false }])).toBe('?kinds=password%2Coidc');
    expect(queryString({ kinds }, [{ name: 'kinds', in: 'query', style: 'pipeDelimited' }])).toBe(
      '?kinds=password%7Coidc',
    );
  });

  it("write an object's fields as its parameter's style says (Lob's deepObject filters), whatever its prototype", () => {
    const created = Object.assign(Object.create(null) as object, { gt: '2030-01-01' });
    const deep = { name: 'date_created', in: 'query', style: 'deepObject', explode: true };
    expect(queryString({ date_created: created, limit: 5 }, [deep])).toBe('?date_created%5Bgt%5D=2030-01-01&limit=5');
    expect(queryString({ page: { before: 'a', after: 'b' } })).toBe('?before=a&after=b');
    expect(queryString({ page: { before: 'a' } }, [{ name: 'page', in: 'query', explode: false }])).toBe(
      '?page=before%2Ca',
    );
    expect(queryString({ where: { id: 1 } }, [{ name: 'where', in: 'query', content: {} }])).toBe(
      `?where=${encodeURIComponent('{"id":1}')}`,
    );
  });
});

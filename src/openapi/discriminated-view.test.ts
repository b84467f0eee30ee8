// The view the validators are given: each union a discriminator tells apart, wherever a schema
// stands (an answer for `default`, a property named `default`), has its branches held to their
// tags; data that looks like one (an example) is left as written, and so is the document.
import { describe, expect, it } from '@jest/globals';
import { discriminatorsAsTags } from './discriminated-view.js';
import type { JsonObject } from './json-pointer.js';

const union = () => ({
  oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
  discriminator: { propertyName: 'kind' },
});
const pet = { type: 'object', required: ['kind'], properties: { kind: { type: 'string' } } };

const document: JsonObject = {
  openapi: '3.0.3',
  paths: {
    '/pets': {
      get: {
        responses: {
          default: {
            description: 'a pet',
            content: { 'application/json': { schema: union(), example: union() } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Cat: pet,
      Dog: pet,
      Owner: { type: 'object', properties: { default: union() } },
    },
  },
};

const tagged = (tag: string) => ({
  allOf: [
    { $ref: `#/components/schemas/${tag}` },
    { type: 'object', required: ['kind'], properties: { kind: { type: 'string', enum: [tag] } } },
  ],
});
const expected = { oneOf: [tagged('Cat'), tagged('Dog')] };

/** The value at a path of keys. */
const at = (value: unknown, path: readonly string[]): unknown =>
  path.reduce((node, key) => (node as Record<string, unknown>)[key], value);
const MEDIA = ['paths', '/pets', 'get', 'responses', 'default', 'content', 'application/json'];

describe('the discriminated view of a document', () => {
  const view = discriminatorsAsTags(document);

  it('tags a union in an answer for `default`, and in a property named `default`', () => {
    expect(at(view, [...MEDIA, 'schema'])).toEqual(expected);
    expect(at(view, ['components', 'schemas', 'Owner', 'properties', 'default'])).toEqual(expected);
  });

  it('leaves an example that looks like a union as written, and the document itself whole', () => {
    expect(at(view, [...MEDIA, 'example'])).toEqual(union());
    expect(at(document, [...MEDIA, 'schema'])).toEqual(union());
    // What holds no union is shared, not copied.
    expect(at(view, ['components', 'schemas', 'Cat'])).toBe(pet);
  });
});

describe('a union whose branches inherit their discriminator from a common base', () => {
  // OpenAPI's own inheritance: Pet states the discriminator, Cat and Dog are each an allOf of Pet.
  const base = { ...pet, discriminator: { propertyName: 'kind' } };
  const subtype = (own: string) => ({ allOf: [{ $ref: '#/components/schemas/Pet' }, { properties: { [own]: {} } }] });
  const inherited = (schemas: Record<string, unknown>): JsonObject => ({
    openapi: '3.0.3',
    paths: {},
    components: {
      schemas: {
        ...schemas,
        Either: { oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }] },
      },
    },
  });

  it('is told apart by that discriminator, each branch held to its name', () => {
    const view = discriminatorsAsTags(inherited({ Pet: base, Cat: subtype('hunts'), Dog: subtype('barks') }));
    expect(at(view, ['components', 'schemas', 'Either'])).toEqual(expected);
  });

  it('is left as written where a branch inherits none, or another property', () => {
    const plain = inherited({ Pet: base, Cat: subtype('hunts'), Dog: pet });
    expect(at(discriminatorsAsTags(plain), ['components', 'schemas', 'Either'])).toEqual(
      at(plain, ['components', 'schemas', 'Either']),
    );
    const other = { ...pet, discriminator: { propertyName: 'species' } };
    const apart = inherited({
      Pet: base,
      Other: other,
      Cat: subtype('hunts'),
      Dog: { allOf: [{ $ref: '#/components/schemas/Other' }] },
    });
    expect(at(discriminatorsAsTags(apart), ['components', 'schemas', 'Either'])).toEqual(
      at(apart, ['components', 'schemas', 'Either']),
    );
  });
});

// An object schema read as any of its branches, one walk for the mock and the suite. The cases
// are those the two once read apart.
import { describe, expect, it } from '@jest/globals';
import { commonPropertiesOfBranches, MOST_BRANCHES, type SchemaReader, unionOfBranches } from './branch-union.js';
import type { JsonObject } from './json-pointer.js';
import { resolveSchema } from './schema-shape.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A reader of `document` that counts the schemas it flattens. */
function readerOf(document: JsonObject): SchemaReader<JsonObject> & { flattened: number } {
  const reader = {
    flattened: 0,
    flatten: (schema: unknown) => {
      reader.flattened += 1;
      return resolveSchema(document, schema);
    },
    property: (schema: unknown) => resolveSchema(document, schema),
  };
  return reader;
}

describe('a schema read as any of its branches', () => {
  const size = { type: 'string', maxLength: 5 };
  const document: JsonObject = {
    components: {
      schemas: {
        Order: {
          type: 'object',
          required: ['size'],
          properties: { size },
          oneOf: [ref('Small'), ref('Large')],
        },
        // Each says size again, in its own words: the suite took a branch's, the mock the schema's.
        Small: { type: 'object', properties: { size: { description: 'small' }, note: { type: 'string' } } },
        Large: { type: 'object', properties: { size: { description: 'large' }, note: { type: 'string' } } },
      },
    },
  };

  it("keeps the schema's own word for a property a branch says again", () => {
    const union = unionOfBranches(readerOf(document), ref('Order'));
    expect(union.properties.get('size')).toEqual(size);
    expect([...union.properties.keys()]).toEqual(['size', 'note']);
    expect([...union.required]).toEqual(['size']);
  });

  it("counts the schema's own properties among those every value reads alike", () => {
    // The suite left size out where the branches said it apart: a value size refuses breaks all.
    const common = commonPropertiesOfBranches(readerOf(document), ref('Order'));
    expect([...common.keys()]).toEqual(['size', 'note']);
  });

  it('reads each $ref once on a path (Pet = oneOf [Cat, Dog], each of them allOf [Pet, ...])', () => {
    const subtype = (field: string) => ({ allOf: [ref('Pet'), { properties: { [field]: { type: 'boolean' } } }] });
    const pets: JsonObject = {
      components: {
        schemas: {
          Pet: { type: 'object', required: ['name'], properties: { name: {} }, oneOf: [ref('Cat'), ref('Dog')] },
          Cat: subtype('meow'),
          Dog: subtype('bark'),
        },
      },
    };
    const reader = readerOf(pets);
    const union = unionOfBranches(reader, ref('Pet'));
    expect([...union.properties.keys()].sort()).toEqual(['bark', 'meow', 'name']);
    // Pet, its two branches, and in each the other: the suite read down to its depth of eight.
    expect(reader.flattened).toBe(5);
  });

  it('reads a schema of more branches than its budget by its own keywords', () => {
    const many = Array.from({ length: MOST_BRANCHES + 1 }, (_, index) => ({ properties: { [`f${index}`]: {} } }));
    const union = unionOfBranches(readerOf({}), { properties: { id: {} }, anyOf: many });
    expect([...union.properties.keys()]).toEqual(['id']);
  });
});

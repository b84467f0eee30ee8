// The tags a discriminator gives its branches, as the mock holds bodies to them and the suite
// writes them (OpenAPI 3.1.1 and 3.0.4, "Options for Mapping Values to Schemas"). The cases are
// those the mock and the suite once read apart.
import { describe, expect, it } from '@jest/globals';
import { taggedBranches } from './discriminated-view.js';
import { branchTags } from './discriminator-tags.js';
import type { JsonObject } from './json-pointer.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const object = (properties: object) => ({ type: 'object', required: ['petType'], properties });

const document: JsonObject = {
  components: {
    schemas: {
      Base: object({ petType: { type: 'string' } }),
      Cat: object({ meow: { type: 'boolean' } }),
      Dog: object({ bark: { type: 'boolean' } }),
      // Its tag said before its base, which declares the property plainly after it.
      TagFirst: { allOf: [{ properties: { petType: { enum: ['first'] } } }, ref('Base')] },
      // Its tag behind a $ref.
      TagByRef: object({ petType: ref('ByRefTag') }),
      ByRefTag: { type: 'string', enum: ['by-ref'] },
      Nested: { $defs: { Owl: object({ hoot: { type: 'boolean' } }) } },
    },
  },
};
const tags = (discriminator: object, branch: unknown) => branchTags(document, discriminator, branch);

describe("a discriminator's tags for a branch", () => {
  it('are the mapping keys that name it, by component name or by reference, then its own name', () => {
    const mapping = { cat: 'Cat', kitten: '#/components/schemas/Cat' };
    // The suite wrote the first key only, the mock took every key: a body may carry any.
    expect(tags({ propertyName: 'petType', mapping }, ref('Cat'))).toEqual(['cat', 'kitten', 'Cat']);
    expect(tags({ propertyName: 'petType', mapping }, ref('Dog'))).toEqual(['Dog']);
  });

  it('take no mapping value that names another place whose last segment is alike', () => {
    // The mock matched by last segment and gave Cat the tag of another document's Cat.
    const mapping = { feline: 'https://example.com/schemas/Cat', other: '#/components/schemas/Nested/$defs/Cat' };
    expect(tags({ propertyName: 'petType', mapping }, ref('Cat'))).toEqual(['Cat']);
  });

  it('leave out its own name where a mapping key of that name names another branch', () => {
    const mapping = { Cat: 'Dog' };
    expect(tags({ propertyName: 'petType', mapping }, ref('Dog'))).toEqual(['Cat', 'Dog']);
    expect(tags({ propertyName: 'petType', mapping }, ref('Cat'))).toBeUndefined();
  });

  it('are none for a branch that says its own, unmapped, in an allOf in either order or behind a $ref', () => {
    // The suite read TagFirst's property as its base's plain string and tagged it "TagFirst",
    // which its own enum refuses: no value could be written of it.
    expect(tags({ propertyName: 'petType' }, ref('TagFirst'))).toBeUndefined();
    expect(tags({ propertyName: 'petType' }, ref('TagByRef'))).toBeUndefined();
    expect(tags({ propertyName: 'petType', mapping: { first: 'TagFirst' } }, ref('TagFirst'))).toEqual([
      'first',
      'TagFirst',
    ]);
  });

  it('are none for an inline branch, or one outside the components without a mapping', () => {
    expect(tags({ propertyName: 'petType' }, object({}))).toBeUndefined();
    expect(tags({ propertyName: 'petType' }, { $ref: '#/components/schemas/Nested/$defs/Owl' })).toBeUndefined();
    const mapping = { owl: '#/components/schemas/Nested/$defs/Owl' };
    expect(tags({ propertyName: 'petType', mapping }, { $ref: '#/components/schemas/Nested/$defs/Owl' })).toEqual([
      'owl',
    ]);
  });

  it("hold a mock's referenced branches to their tags beside an inline one", () => {
    // The mock held none of them where one branch was inline; the suite tagged the others.
    const schema = { discriminator: { propertyName: 'petType' }, oneOf: [ref('Cat'), object({ other: {} })] };
    const [cat, inline] = (taggedBranches(document, schema) as { oneOf: unknown[] }).oneOf;
    expect(JSON.stringify(cat)).toContain('"enum":["Cat"]');
    expect(inline).toEqual(object({ other: {} }));
  });
});

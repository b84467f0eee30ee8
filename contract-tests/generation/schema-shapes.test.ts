// The suite's values on schemas of any shape: a tree and a linked list end (an optional link is
// left out deep down, an array that may be empty is empty there), a chain no value ends is named,
// not followed without end, and an enum of 100,000 values is tried by a sample of them.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { validValue } from '../support/requests.js';
import { invalidValues } from './invalid-values.js';
import { UngeneratedValue, validValues } from './valid-values.js';

type Schema = Record<string, unknown>;

/** A node with a name, an optional next node and children: a linked list and a tree at once. */
function treeNode(): Schema {
  const node: Schema = { type: 'object', required: ['name'], properties: {} };
  node.properties = {
    name: { type: 'string', minLength: 1, maxLength: 8 },
    next: node,
    children: { type: 'array', maxItems: 3, items: node },
  };
  return node;
}

/** How deep a JSON value nests. */
function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  return 1 + Object.values(value).reduce((deepest: number, child) => Math.max(deepest, depthOf(child)), 0);
}

describe('values of schemas of any shape', () => {
  it('meets every part of an allOf that describes a property (ReadMe’s: a type in one, an example in another)', () => {
    const schema = {
      allOf: [
        { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
        { type: 'object', properties: { name: { example: 'buster' } } },
      ],
    };
    const { arbitrary, edges } = validValues(schema, 'body', {});
    const drawn = [...fc.sample(arbitrary, { seed: 1, numRuns: 50 }), ...edges] as Record<string, unknown>[];
    for (const value of drawn) expect(typeof value.name).toBe('string');
    expect(typeof (validValue(schema, 'body', {}) as { name?: unknown }).name).toBe('string');
  });

  it('meets the keywords beside a $ref (3.1; Lago’s create input requiring what its base leaves out)', () => {
    const schema = { $ref: '#/components/schemas/NewCategory', required: ['description'] };
    const { arbitrary, edges } = validValues(schema, 'body', {});
    const drawn = [...fc.sample(arbitrary, { seed: 1, numRuns: 30 }), ...edges] as Record<string, unknown>[];
    for (const value of drawn)
      expect(value).toEqual(expect.objectContaining({ name: expect.any(String), description: expect.any(String) }));
    expect(validValue(schema, 'body', {})).toHaveProperty('description');
    // A property both describe is met as both: its type kept, the bound beside the $ref added.
    const bounded = { $ref: '#/components/schemas/NewCategory', properties: { name: { maxLength: 5 } } };
    const names = validValues(bounded, 'body', {});
    for (const value of [...fc.sample(names.arbitrary, { seed: 1, numRuns: 30 }), ...names.edges] as Array<{
      name: unknown;
    }>)
      expect(value.name).toEqual(expect.stringMatching(/^.{1,5}$/su));
  });

  it('keeps of two parts’ enums the values both list: a tag’s one of its base’s several', () => {
    const base = {
      type: 'object',
      required: ['type'],
      properties: { type: { type: 'string', enum: ['slack', 'http'] } },
    };
    const schema = { allOf: [base, { properties: { type: { enum: ['slack'] } } }] };
    const { arbitrary, edges } = validValues(schema, 'body', {});
    const drawn = [...fc.sample(arbitrary, { seed: 1, numRuns: 30 }), ...edges] as Record<string, unknown>[];
    expect(new Set(drawn.map((value) => value.type))).toEqual(new Set(['slack']));
    // A const (3.1's tag) beside an enum is the value.
    const tagged = { allOf: [base, { properties: { type: { const: 'http' } } }] };
    const tags = validValues(tagged, 'body', {});
    const sampled = [...fc.sample(tags.arbitrary, { seed: 1, numRuns: 30 }), ...tags.edges] as Record<
      string,
      unknown
    >[];
    expect(new Set(sampled.map((value) => value.type))).toEqual(new Set(['http']));
    // And of their bounds, the tighter.
    const name = {
      allOf: [
        { type: 'string', maxLength: 100 },
        { maxLength: 3, minLength: 2 },
      ],
    };
    const names = validValues(name, 'name', {});
    for (const text of [...fc.sample(names.arbitrary, { seed: 1, numRuns: 30 }), ...names.edges] as string[])
      expect([...text].length >= 2 && [...text].length <= 3).toBe(true);
  });

  it('draws a value of each of OpenAPI 3.1’s several types, and null of type null', () => {
    const schema = {
      type: 'object',
      required: ['either', 'none'],
      properties: { either: { type: ['string', 'number'] }, none: { type: 'null' } },
    };
    const { arbitrary, edges } = validValues(schema, 'body', {});
    const drawn = [...fc.sample(arbitrary, { seed: 1, numRuns: 40 }), ...edges] as Record<string, unknown>[];
    expect(new Set(drawn.map((value) => typeof value.either))).toEqual(new Set(['string', 'number']));
    expect(drawn.every((value) => value.none === null)).toBe(true);
    expect(validValue(schema, 'body', {})).toEqual({ either: expect.any(String), none: null });
  });

  it('leaves out of an allOf of closed objects what one of them does not name (ReadMe’s additionalProperties)', () => {
    const closed = (name: string) => ({
      type: 'object',
      additionalProperties: false,
      properties: { [name]: { type: 'string' }, shared: { type: 'integer' } },
    });
    const schema = { allOf: [closed('primitiveProperty'), closed('alt_primitiveProperty')] };
    const { arbitrary, edges } = validValues(schema, 'body', {});
    const drawn = [...fc.sample(arbitrary, { seed: 1, numRuns: 30 }), ...edges] as Record<string, unknown>[];
    for (const value of drawn) expect(Object.keys(value).every((name) => name === 'shared')).toBe(true);
    expect(drawn.some((value) => 'shared' in value)).toBe(true);
  });

  it("draws a number whose one bound lies past the other bound's default (minimum 1e308), never throwing", () => {
    for (const schema of [
      { type: 'integer', minimum: 1e308 },
      { type: 'integer', maximum: -1e12 },
      { type: 'number', minimum: 1e12 },
    ]) {
      const { arbitrary, edges } = validValues(schema, 'body', {});
      const drawn = [...fc.sample(arbitrary, { seed: 1, numRuns: 5 }), ...edges] as number[];
      for (const value of drawn) {
        if (schema.minimum !== undefined) expect(value).toBeGreaterThanOrEqual(schema.minimum);
        if (schema.maximum !== undefined) expect(value).toBeLessThanOrEqual(schema.maximum);
      }
    }
  });

  it('end on a recursive schema: every generated tree is finite, and the deep levels hold what is required', () => {
    const values = validValues(treeNode(), 'body', {});
    const made = [...values.edges, ...fc.sample(values.arbitrary, { numRuns: 100, seed: 52 })];
    expect(made.length).toBeGreaterThan(100);
    for (const value of made) {
      expect(typeof (value as Schema).name).toBe('string');
      // Three levels with their optional parts, then only the name: a node and an array each.
      expect(depthOf(value)).toBeLessThanOrEqual(8);
    }
    // The optional parts are tried near the top.
    expect(made.some((value) => (value as Schema).next !== undefined)).toBe(true);
    expect(made.some((value) => ((value as Schema).children as unknown[] | undefined)?.length)).toBe(true);
  });

  it('make one fixed value of a recursive schema, which ends', () => {
    const value = validValue(treeNode(), 'body', {});
    expect(value).toEqual({ name: expect.any(String) });
  });

  it('name a chain no value ends (a required next of itself) instead of following it without end', () => {
    const node: Schema = { type: 'object', required: ['next'], properties: {} };
    node.properties = { next: node };
    expect(() => validValues(node, 'body', {})).toThrow(UngeneratedValue);
    expect(() => validValues(node, 'body', {})).toThrow(/nest more than 64 deep/);
  });

  it('merge a property named __proto__ from an allOf part as a property, and make a value with it', () => {
    const part = JSON.parse('{"type":"object","required":["__proto__"],"properties":{"__proto__":{"const":"kept"}}}');
    const values = validValues({ allOf: [{ type: 'object', properties: { name: { const: 'x' } } }, part] }, 'body', {});
    const value = values.edges[0] as Schema;
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toBe('kept');
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });

  it("make a value of one branch where a oneOf stands beside type: object (OpenAI's chunking_strategy)", () => {
    const branch = (kind: string) => ({
      type: 'object',
      required: ['type'],
      properties: { type: { type: 'string', enum: [kind] }, size: { type: 'integer' } },
    });
    const schema = { type: 'object', oneOf: [branch('auto'), branch('static')] };
    const values = validValues(schema, 'chunking_strategy', {});
    const made = [...values.edges, ...fc.sample(values.arbitrary, { numRuns: 30, seed: 7 })];
    for (const value of made) expect(['auto', 'static']).toContain((value as Schema).type);
    expect((validValue(schema, 'chunking_strategy', {}) as Schema).type).toBe('auto');
  });

  it('try an enum of 100,000 values by a sample, its first and last among them, and name it by its first', () => {
    const values = Array.from({ length: 100_000 }, (_, at) => `value-${at}`);
    const generated = validValues({ type: 'string', enum: values }, 'status', {});
    expect(generated.edges.length).toBeLessThanOrEqual(24);
    expect(generated.edges).toEqual(expect.arrayContaining(['value-0', 'value-99999']));
    const outside = invalidValues({ type: 'string', enum: values }).find((found) => found.rule.startsWith('outside'));
    expect(outside?.rule).toBe(
      'outside its enum (value-0, value-1, value-2, value-3, value-4, value-5, value-6, value-7, value-8, value-9, value-10, value-11 and 99988 more)',
    );
  });
});

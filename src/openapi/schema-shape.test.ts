// The shape of a schema of branches: a subtype that holds its base (Cat = allOf [Pet, ...], Pet
// = oneOf [Cat, Dog, ...]) brings the base's branches again at every level; each is read once
// on a path, so a contract of many subtypes is read in a moment, not in hours.
import { describe, expect, it } from '@jest/globals';
import type { JsonObject } from './json-pointer.js';
import { describeObjectSchema, resolveSchema } from './schema-shape.js';

const KINDS = ['Cat', 'Dog', 'Fox', 'Owl', 'Eel', 'Yak', 'Emu', 'Elk'];

/** A base of eight subtypes, each of them the base and a field of its own. */
const document: JsonObject = {
  components: {
    schemas: {
      Pet: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string' } },
        oneOf: KINDS.map((kind) => ({ $ref: `#/components/schemas/${kind}` })),
      },
      ...Object.fromEntries(
        KINDS.map((kind) => [
          kind,
          {
            allOf: [
              { $ref: '#/components/schemas/Pet' },
              { type: 'object', properties: { [kind.toLowerCase()]: { type: 'boolean' } } },
            ],
          },
        ]),
      ),
    },
  },
};

describe('describeObjectSchema on subtypes that hold their base', () => {
  it('reads every subtype once, their fields and what every one requires', () => {
    const shape = describeObjectSchema(document, { $ref: '#/components/schemas/Pet' });
    expect([...shape.properties.keys()].sort()).toEqual(['name', ...KINDS.map((kind) => kind.toLowerCase())].sort());
    expect([...shape.required]).toEqual(['name']);
  });
});

describe('resolveSchema on allOf parts that each say part of a field', () => {
  it("keeps each part's fields of a nested object and of its items (PagerDuty's sets: ids in one part, rules in the other)", () => {
    const path = (items: object) => ({
      type: 'object',
      properties: { path: { type: 'object', properties: { sets: { type: 'array', items } }, required: ['sets'] } },
    });
    const parts: JsonObject = {
      components: {
        schemas: {
          Global: {
            allOf: [
              path({ type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }),
              path({ type: 'object', properties: { rules: { type: 'array' } } }),
            ],
          },
        },
      },
    };
    const resolved = resolveSchema(parts, { $ref: '#/components/schemas/Global' });
    const sets = (resolved.properties as { path: { properties: { sets: { items: object } } } }).path.properties.sets;
    expect(sets.items).toEqual({
      type: 'object',
      properties: { id: { type: 'string' }, rules: { type: 'array' } },
      required: ['id'],
    });
  });
});

describe('resolveSchema on an allOf diamond (each level names the next one twice)', () => {
  const LEVELS = 16;
  /** Level i: allOf [level i+1, level i+1, a field of its own]; its allOf read through a getter that counts. */
  function diamond(reads: { count: number }): JsonObject {
    const schemas: JsonObject = { [`A${LEVELS}`]: { type: 'object', required: ['x'], properties: { x: {} } } };
    for (let level = 0; level < LEVELS; level += 1) {
      const next = { $ref: `#/components/schemas/A${level + 1}` };
      const parts = [next, next, { type: 'object', required: [`p${level}`], properties: { [`p${level}`]: {} } }];
      schemas[`A${level}`] = Object.defineProperty({}, 'allOf', {
        enumerable: true,
        get: () => {
          reads.count += 1;
          return parts;
        },
      });
    }
    return { components: { schemas } };
  }

  it('folds each level once and names each required field once', () => {
    const reads = { count: 0 };
    const resolved = resolveSchema(diamond(reads), { $ref: '#/components/schemas/A0' });
    // Before, level i was folded 2^i times (2^16 reads here; 40 levels of a draft held the start).
    expect(reads.count).toBeLessThanOrEqual(4 * LEVELS);
    expect(resolved.required).toHaveLength(LEVELS + 1);
    expect(Object.keys(resolved.properties as object)).toHaveLength(LEVELS + 1);
  });
});

// The shape of a schema of branches: a subtype that holds its base (Cat = allOf [Pet, ...], Pet
// = oneOf [Cat, Dog, ...]) brings the base's branches again at every level; each is read once
// on a path, so a contract of many subtypes is read in a moment, not in hours.
import { describe, expect, it } from '@jest/globals';
import type { JsonObject } from './json-pointer.js';
import { describeObjectSchema } from './schema-shape.js';

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

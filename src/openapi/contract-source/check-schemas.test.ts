// Which schemas of a draft are refused, and why: none that a value fits, a cycle through allOf, a
// recursion without end, a smallest value past the bounds; and which are not (a tree, an optional
// link, an array that may be empty), however the recursion is written.
import { describe, expect, it } from '@jest/globals';
import type { JsonObject } from '../json-pointer.js';
import { schemaFactsOf } from '../schema-analysis/schema-facts.js';
import { checkBounds } from './check-bounds.js';
import { checkSchemas } from './check-schemas.js';
import { type ContractLimits, DEFAULT_CONTRACT_LIMITS } from './contract-limits.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The faults of a document of these schemas (and bounds), as "pointer: message". */
function faultsOf(schemas: JsonObject, limits: Partial<ContractLimits> = {}, openapi = '3.1.0'): string[] {
  const document = { openapi, info: { title: 't', version: '1' }, paths: {}, components: { schemas } };
  const facts = schemaFactsOf(document);
  const bounds = { ...DEFAULT_CONTRACT_LIMITS, ...limits };
  const past = checkBounds(document, facts.index, bounds);
  // As the reader does: a schema past a bound is not measured.
  return [...past, ...(past.length > 0 ? [] : checkSchemas(facts, bounds))].map(
    (fault) => `${fault.pointer}: ${fault.message}`,
  );
}

describe('a schema no value fits', () => {
  it('is named with its bounds: a maximum below its minimum, lengths, items, properties', () => {
    expect(faultsOf({ Age: { type: 'integer', minimum: 10, maximum: 5 } })).toEqual([
      expect.stringMatching(/^\/components\/schemas\/Age: no value fits Age: no integer is at least 10 and at most 5/),
    ]);
    expect(faultsOf({ Code: { type: 'string', minLength: 4, maxLength: 3 } })).toEqual([
      expect.stringContaining('minLength 4 is above maxLength 3'),
    ]);
    expect(faultsOf({ Few: { type: 'array', minItems: 2, maxItems: 1 } })).toEqual([
      expect.stringContaining('minItems 2 is above maxItems 1'),
    ]);
    expect(faultsOf({ Odd: { type: 'integer', minimum: 1, maximum: 1, exclusiveMinimum: true } }, {}, '3.0.3')).toEqual(
      [expect.stringContaining('no integer is above 1 and at most 1')],
    );
    expect(faultsOf({ Tight: { type: 'object', required: ['a', 'b'], maxProperties: 1 } })).toEqual([
      expect.stringContaining('it requires 2 properties and allows at most 1'),
    ]);
    expect(faultsOf({ Listed: { type: 'string', enum: [1, 2] } })).toEqual([
      expect.stringContaining('none of its enum (or const) values fits'),
    ]);
  });

  it('is served with a warning where it is an optional property its object does without (Plaid’s)', () => {
    const kindsOf = (required: string[]) => {
      const schemas = {
        Asset: {
          type: 'object',
          required,
          properties: { id: { type: 'string' }, retirement: { type: 'string', nullable: true, enum: [true, false] } },
        },
      };
      const document = { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {}, components: { schemas } };
      return checkSchemas(schemaFactsOf(document), DEFAULT_CONTRACT_LIMITS).map((fault) => [fault.kind, fault.pointer]);
    };
    const pointer = '/components/schemas/Asset/properties/retirement';
    expect(kindsOf(['id'])).toEqual([['avoidable', pointer]]);
    // Required, it leaves its object no value either: refused.
    expect(kindsOf(['id', 'retirement'])).toEqual([['unservable', pointer]]);
  });

  it('is named once where it is written, not at every schema built on it', () => {
    const faults = faultsOf({
      Never: { allOf: [{ type: 'string' }, { type: 'integer' }] },
      Pet: { type: 'object', properties: { never: ref('Never') } },
      Again: { allOf: [ref('Never'), { description: 'the same' }] },
    });
    expect(faults).toEqual([
      expect.stringMatching(/^\/components\/schemas\/Never: .*types it must have at once \(string; integer\)/),
    ]);
  });

  it('is named at its object when two allOf parts give a required property types that never meet', () => {
    const faults = faultsOf({
      Pet: {
        allOf: [
          { type: 'object', required: ['age'], properties: { age: { type: 'string' } } },
          { type: 'object', properties: { age: { type: 'integer' } } },
        ],
      },
    });
    expect(faults).toEqual([
      expect.stringMatching(
        /^\/components\/schemas\/Pet: no value fits the property age of Pet: it must fit 2 schemas/,
      ),
    ]);
  });

  it('is not a number bound beside no type: a text fits {minimum: 10, maximum: 5}', () => {
    expect(faultsOf({ Loose: { minimum: 10, maximum: 5 } })).toEqual([]);
  });
});

describe('a recursion', () => {
  it('through a required property, or an array of at least one, has no end and is refused', () => {
    expect(faultsOf({ Link: { type: 'object', required: ['next'], properties: { next: ref('Link') } } })).toEqual([
      expect.stringMatching(/^\/components\/schemas\/Link: Link has no end: .* through next,/),
    ]);
    expect(
      faultsOf({
        Node: {
          type: 'object',
          required: ['kids'],
          properties: { kids: { type: 'array', minItems: 1, items: ref('Node') } },
        },
      }),
    ).toEqual([expect.stringMatching(/Node has no end: .* through kids, then at least 1 item,/)]);
    // Through two schemas: named once.
    expect(
      faultsOf({
        A: { type: 'object', required: ['b'], properties: { b: ref('B') } },
        B: { type: 'object', required: ['a'], properties: { a: ref('A') } },
      }),
    ).toEqual([expect.stringMatching(/^\/components\/schemas\/A: A has no end: .* through b, then a,/)]);
  });

  it('with an end is served: an optional child, an array that may be empty, a branch that stops', () => {
    expect(
      faultsOf({
        Category: {
          type: 'object',
          required: ['name', 'children'],
          properties: {
            name: { type: 'string' },
            parent: ref('Category'),
            children: { type: 'array', items: ref('Category') },
          },
        },
        Expression: {
          oneOf: [
            { type: 'integer' },
            {
              type: 'object',
              required: ['left', 'right'],
              properties: { left: ref('Expression'), right: ref('Expression') },
            },
          ],
        },
        Chain: {
          type: 'object',
          required: ['next'],
          properties: { next: { anyOf: [ref('Chain'), { type: 'null' }] } },
        },
      }),
    ).toEqual([]);
  });

  it('through allOf, anyOf or $ref alone applies a schema to its own value for ever, and is refused', () => {
    expect(faultsOf({ A: { allOf: [ref('B')] }, B: { allOf: [ref('A')] } })).toEqual([
      expect.stringMatching(/^\/components\/schemas\/A: A applies itself to its own value \(A → B → A,/),
    ]);
    expect(faultsOf({ Loop: { anyOf: [ref('Loop'), { type: 'string' }] } })).toEqual([
      expect.stringContaining('Loop applies itself to its own value (Loop → Loop,'),
    ]);
  });
});

describe('the smallest value of a schema', () => {
  const chain = (length: number) => {
    const schemas: JsonObject = { End: { type: 'object', required: ['v'], properties: { v: { type: 'string' } } } };
    for (let at = 0; at < length; at += 1) {
      schemas[`C${at}`] = {
        type: 'object',
        required: ['next'],
        properties: { next: ref(at + 1 === length ? 'End' : `C${at + 1}`) },
      };
    }
    return schemas;
  };

  it('nested past the bound is refused once, at the outermost schema, naming the option', () => {
    // 90 schemas in a chain also nest 183 deep: that bound is raised to see this one.
    expect(faultsOf(chain(90), { schemaDepth: 200 })).toEqual([
      expect.stringMatching(
        /^\/components\/schemas\/C0: the smallest value of C0 nests objects and arrays 91 deep, more than the 64 .*--contract-limit value-depth=N/,
      ),
    ]);
    expect(faultsOf(chain(90), { valueDepth: 100, schemaDepth: 200 })).toEqual([]);
  });

  it('larger than the bound is refused, minItems over minItems; a minItems past its own bound is named there', () => {
    const grid = {
      Grid: { type: 'array', minItems: 2_000, items: { type: 'array', minItems: 2_000, items: { type: 'integer' } } },
    };
    expect(faultsOf(grid)).toEqual([
      expect.stringMatching(
        /^\/components\/schemas\/Grid: the smallest value of Grid is 7\.6 MiB of JSON, more than the 1 MiB .*value-bytes=N/,
      ),
    ]);
    expect(faultsOf({ Huge: { type: 'array', minItems: 1e9 } })).toEqual([
      expect.stringMatching(
        /^\/components\/schemas\/Huge\/minItems: minItems 1,000,000,000 asks more than the 10,000 .*min-items=N/,
      ),
    ]);
  });
});

describe('schemas nested in one another', () => {
  /** Each schema of the chain extends the next through allOf; the last is an object. */
  const extending = (length: number) => {
    const schemas: JsonObject = { End: { type: 'object', properties: { v: { type: 'string' } } } };
    for (let at = 0; at < length; at += 1)
      schemas[`C${at}`] = { allOf: [ref(at + 1 === length ? 'End' : `C${at + 1}`)] };
    return schemas;
  };

  it('past the bound are refused where the chain starts, naming the schemas it passes and the option', () => {
    // Each step is two schemas (the allOf's part, the schema its $ref names): 70 steps and End's two nest 142 deep.
    expect(faultsOf(extending(70))).toEqual([
      '/components/schemas/C0: schemas nest 142 deep from here (through C0 → C1 → C2 → C3 → … → End), through properties, items, allOf, anyOf, oneOf and $refs, more than the 128 the mock compiles (raise it with --contract-limit schema-depth=N). Shorten the chain: a schema may name the one it extends once, not through every step.',
    ]);
    expect(faultsOf(extending(70), { schemaDepth: 142 })).toEqual([]);
    expect(faultsOf(extending(60))).toEqual([]);
  });

  it('count a recursion once, however many times a value may repeat it', () => {
    const tree = {
      Category: { type: 'object', properties: { children: { type: 'array', items: ref('Category') } } },
      Node: { type: 'object', properties: { left: ref('Node'), right: ref('Node'), value: ref('Category') } },
    };
    expect(faultsOf(tree, { schemaDepth: 12 })).toEqual([]);
    // Five schemas in a ring, each naming the next through a property: ten schemas (five $refs) counted once each.
    const ring: JsonObject = {};
    for (let at = 0; at < 5; at += 1)
      ring[`R${at}`] = { type: 'object', properties: { next: ref(`R${(at + 1) % 5}`) } };
    expect(faultsOf(ring, { schemaDepth: 10 })).toEqual([]);
    expect(faultsOf(ring, { schemaDepth: 9 })).toEqual([expect.stringContaining('schemas nest 10 deep from here')]);
  });
});

describe('schemas applied to one value', () => {
  /** Level i names level i+1 twice in its allOf, beside a field of its own: level 0 applies 2^levels schemas. */
  const diamond = (levels: number) => {
    const schemas: JsonObject = { [`A${levels}`]: { type: 'object', properties: { x: { type: 'string' } } } };
    for (let at = 0; at < levels; at += 1)
      schemas[`A${at}`] = { allOf: [ref(`A${at + 1}`), ref(`A${at + 1}`), { properties: { [`p${at}`]: {} } }] };
    return schemas;
  };

  it('past the bound are refused where they start, naming the option, in time linear in the schemas', () => {
    // 40 levels: 2^42 schemas on one value; a count that walked each path would never end.
    expect(faultsOf(diamond(40))).toEqual([
      expect.stringMatching(
        /^\/components\/schemas\/A0: it applies 5,497,558,138,876 schemas to one value, .* more than the 10,000 a validator may call for one value \(raise it with --contract-limit schemas-per-value=N\)/,
      ),
    ]);
    // 10 levels: 5,116 (each level itself, its two $refs and its own part, and twice the next level).
    expect(faultsOf(diamond(10))).toEqual([]);
    expect(faultsOf(diamond(10), { schemasPerValue: 5_115 })).toEqual([
      expect.stringContaining('it applies 5,116 schemas to one value'),
    ]);
  });

  it('count a property once per value: a oneOf of four at each of twelve levels, through properties, is served', () => {
    const tree: JsonObject = { L12: { type: 'string', maxLength: 5 } };
    for (let at = 0; at < 12; at += 1) {
      tree[`L${at}`] = {
        oneOf: ['a', 'b', 'c', 'd'].map((branch) => ({
          type: 'object',
          required: [`k${branch}`],
          additionalProperties: false,
          properties: { [`k${branch}`]: ref(`L${at + 1}`) },
        })),
      };
    }
    expect(faultsOf(tree)).toEqual([]);
  });
});

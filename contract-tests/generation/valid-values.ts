// Valid values from a JSON Schema, as fast-check arbitraries plus the edges every run tries
// first: each enum value, each optional field present and absent, lengths and numbers at their
// bounds. References to resources (a pet's categoryId) take the ids of data the suite made.
import fc from 'fast-check';
import { textsMatching } from '../../src/fixtures/pattern-writer.js';
import { multipleAt, multipleCounts } from '../../src/openapi/multiple-of.js';
import { schemaFactsOf } from '../../src/openapi/schema-analysis/schema-facts.js';
import { branchesMet, SPEC } from '../support/contract-spec.js';
import { setField } from '../support/own-fields.js';
import { formattedValues } from './formats.js';
import {
  drawnSchemaOf,
  foldedFits,
  type JsonSchema,
  MAX_SAFE,
  requiredInRequest,
  taggedBranch,
  withBranch,
  writablePropertiesOf,
} from './json-schema.js';
import { numberBounds } from './number-bounds.js';

export type Generated<T> = { arbitrary: fc.Arbitrary<T>; edges: T[] };

/** Ids of resources the suite made, by the name of the field or parameter that refers to them. */
export type ReferenceIds = Record<string, number>;

const MAX_RANDOM_LENGTH = 120;
/** Levels made with their optional parts; below, what a value requires. */
const FULL_DEPTH = 3;
/** Levels past which no value is made: the mock generates values at most this deep (--contract-limit value-depth). */
export const DEEPEST = 64;
/** Edges of one value tried first: its bounds and a sample of its enum. */
const MOST_EDGES = 24;

/** No valid value of a schema can be made (its chain is too long): the checks that need one are skipped, saying why. */
export class UngeneratedValue extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'UngeneratedValue';
  }
}

/** What the analysis knows of the contract's schemas: which a finite value fits, and their smallest. */
const facts = () => schemaFactsOf(SPEC);

/** One code point: mostly printable ASCII, sometimes anything else Unicode has (astral planes included). */
const CHARACTER = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 0xa0, max: 0x10ffff })
      .filter((code) => code < 0xd800 || code > 0xdfff)
      .map((code) => String.fromCodePoint(code)),
  },
);

/**
 * One of `values`, as fc.constantFrom draws them (shrinking towards the first), for a list of any
 * length: constantFrom takes its values spread into the call, and a 100,000-value enum overflows
 * the stack there.
 */
export function oneOfValues<T>(values: readonly T[]): fc.Arbitrary<T> {
  return fc.integer({ min: 0, max: values.length - 1 }).map((index) => values[index] as T);
}

/** A character outside the Basic Multilingual Plane. */
export const ASTRAL = '🐾';

/** `length` code points of letters with a combining acute accent: e + U+0301, which NFC would make one. */
export function combiningText(length: number): string {
  return 'e\u0301'.repeat(Math.floor(length / 2)) + (length % 2 === 1 ? 'e' : '');
}

/**
 * Past this many characters a text is one of a single character: fast-check shrinks a string as
 * an array, item by item, in nested iterators as deep as it is long, and a failing case of
 * 350,001 characters (Adyen's terminal logo, longer than its maxLength) overflowed the stack.
 */
const LONGEST_DRAWN_TEXT = 1_000;

/** A string of `min` to `max` code points (JSON Schema counts code points, not UTF-16 units). */
export function textOfLength(min: number, max: number): fc.Arbitrary<string> {
  if (min > LONGEST_DRAWN_TEXT) return fc.constant('x'.repeat(min));
  return fc.string({ unit: CHARACTER, minLength: min, maxLength: Math.min(max, Math.max(min, LONGEST_DRAWN_TEXT)) });
}

function integerBetween(min: number, max: number): fc.Arbitrary<number> {
  // A minimum past the safe integers (1e308) has itself as its one value drawn.
  if (max < min) return fc.constant(min);
  if (min >= -(2 ** 31) && max < 2 ** 31) return fc.integer({ min, max });
  // Small values are the common ones; the whole range still comes up.
  return fc.oneof(
    fc.integer({ min, max: Math.min(max, min + 1000) }),
    fc.bigInt(BigInt(min), BigInt(max)).map((value) => Number(value)),
  );
}

const unique = <T>(values: T[]) => {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = JSON.stringify(value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/** One value of `arbitrary` (the same each run), or none when it finds none. */
function sampleOf<T>(arbitrary: fc.Arbitrary<T>): T[] {
  try {
    return fc.sample(arbitrary, { seed: 0, numRuns: 1 });
  } catch {
    return [];
  }
}

function strings(schema: JsonSchema): Generated<string> {
  const formatted = formattedValues(schema.format, schema);
  if (formatted) return formatted;
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? min + MAX_RANDOM_LENGTH;
  // A pattern with no text found within the lengths (or none fast-check reads) draws plain texts.
  const arbitrary = schema.pattern === undefined ? undefined : textsMatching(schema.pattern, min, max);
  if (arbitrary) {
    // One text of the pattern as its edge: an object's first edge holds every required field.
    return { arbitrary, edges: sampleOf(arbitrary) };
  }
  const edges = [min > 0 ? 'a'.repeat(min) : ''];
  // At the minimum in a character outside the Basic Multilingual Plane (one code point, two UTF-16 units).
  if (min > 0) edges.push(ASTRAL.repeat(min));
  if (schema.maxLength !== undefined) {
    // At the maximum in code points: in ASCII, in astral characters, and in letters with a
    // combining accent (two code points each, one on screen; kept as sent, never normalised).
    edges.push('z'.repeat(max), ASTRAL.repeat(max), combiningText(max));
  }
  return { arbitrary: textOfLength(min, Math.min(max, min + MAX_RANDOM_LENGTH)), edges: unique(edges) };
}

/**
 * Multiples of `step` from `min` to `max`, written as people write them (12.34 under 0.01), the
 * first and the last as edges; undefined when none lies there.
 */
function multiples(min: number, max: number, step: number): Generated<number> | undefined {
  const counts = multipleCounts(min, max, step);
  if (!counts) return undefined;
  const { low, high } = counts;
  return {
    arbitrary: integerBetween(low, high).map((count) => multipleAt(count, step)),
    edges: unique([multipleAt(low, step), multipleAt(high, step)]),
  };
}

function numbers(schema: JsonSchema, integer: boolean): Generated<number> {
  const bounds = numberBounds(schema, integer);
  // A bound given alone widens the other's default to reach it: `minimum: 1e308` has no values below 2^31.
  const min = bounds.min ?? Math.min(bounds.max ?? 0, integer ? -(2 ** 31) : -1e9);
  const max = bounds.max ?? Math.max(min, integer ? 2 ** 31 - 1 : 1e9);
  const step = schema.multipleOf;
  const stepped = typeof step === 'number' && step > 0 ? multiples(min, max, step) : undefined;
  if (stepped) return stepped;
  const arbitrary = integer
    ? integerBetween(min, Math.min(max, MAX_SAFE))
    : max < min
      ? fc.constant(min)
      : // -0 is written 0 in JSON: drawn as 0, the value compared with the answer is the one sent.
        fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((value) => (value === 0 ? 0 : value));
  return { arbitrary, edges: unique([min, max]) };
}

/** At most MOST_EDGES of `edges`, its first and its last among them: a 100,000-value enum is tried by a sample. */
function fewEdges<T>(edges: readonly T[]): T[] {
  if (edges.length <= MOST_EDGES) return [...edges];
  const step = (edges.length - 1) / (MOST_EDGES - 1);
  return Array.from({ length: MOST_EDGES }, (_, index) => edges[Math.round(index * step)] as T);
}

function objects(schema: JsonSchema, references: ReferenceIds, depth: number): Generated<Record<string, unknown>> {
  const required = new Set(requiredInRequest(schema));
  const minProperties = schema.minProperties ?? 0;
  // What the server sets (readOnly) is never sent: a valid request leaves it out. Deep down, only
  // what the value requires (and what minProperties asks): a recursion that may stop, stops there.
  const writable = writablePropertiesOf(schema).filter(([, property]) => foldedFits(facts(), property));
  const kept = depth < FULL_DEPTH ? writable : writable.filter(([name]) => required.has(name));
  for (const entry of writable) {
    if (kept.length >= minProperties) break;
    if (!kept.includes(entry)) kept.push(entry);
  }
  const fields = kept.map(([name, property]) => [name, validValues(property, name, references, depth + 1)] as const);
  const arbitrary = fc
    .record(Object.fromEntries(fields.map(([name, values]) => [name, values.arbitrary])), {
      requiredKeys: fields.map(([name]) => name).filter((name) => required.has(name)),
    })
    .filter((value) => Object.keys(value).length >= minProperties) as fc.Arbitrary<Record<string, unknown>>;

  // The base: required fields at their first edge, and optional ones only if minProperties needs them.
  const base: Record<string, unknown> = {};
  for (const [name, values] of fields) if (required.has(name)) setField(base, name, values.edges[0]);
  for (const [name, values] of fields) {
    if (Object.keys(base).length >= minProperties) break;
    if (!Object.hasOwn(base, name)) setField(base, name, values.edges[0]);
  }
  const edges: Array<Record<string, unknown>> = [base];
  for (const [name, values] of fields) for (const edge of values.edges) edges.push({ ...base, [name]: edge });
  // Every optional field present at once, and each absent while the others are there.
  const full = Object.fromEntries(fields.map(([name, values]) => [name, values.edges[0]]));
  edges.push(full);
  for (const [name] of fields) {
    if (required.has(name)) continue;
    const { [name]: _absent, ...without } = full;
    if (Object.keys(without).length >= minProperties) edges.push(without);
  }
  return {
    arbitrary,
    edges: fewEdges(unique(edges.filter((edge) => Object.keys(edge).length >= minProperties))),
  };
}

function arrays(schema: JsonSchema, name: string, references: ReferenceIds, depth: number): Generated<unknown[]> {
  const least = schema.minItems ?? 0;
  // Deep down, or of items no finite value fits (an array of the schema that holds it): as few as allowed.
  if (least === 0 && (depth >= FULL_DEPTH || !facts().fits(schema.items ?? {})))
    return { arbitrary: fc.constant([]), edges: [[]] };
  const items = validValues(schema.items ?? {}, name, references, depth + 1);
  const most = depth >= FULL_DEPTH ? least : (schema.maxItems ?? 3);
  // The edge holds as many items as minItems asks (at least one), its items' edges in turn.
  const count = Math.max(1, least);
  const bounds = { minLength: least, maxLength: Math.max(least, most) };
  if (schema.uniqueItems === true) {
    // Each item once (Clerk's blocked_country_codes): the edge of distinct edges, else one drawn.
    const arbitrary = fc.uniqueArray(items.arbitrary, { ...bounds, selector: (item) => JSON.stringify(item) });
    const distinct = [...new Map(items.edges.map((item) => [JSON.stringify(item), item])).values()];
    const edge = distinct.length >= count ? distinct.slice(0, count) : fc.sample(arbitrary, { numRuns: 1, seed: 0 })[0];
    return { arbitrary, edges: edge === undefined ? [] : [edge] };
  }
  const edge = Array.from({ length: count }, (_, index) => items.edges[index % items.edges.length]);
  return { arbitrary: fc.array(items.arbitrary, bounds), edges: [edge] };
}

/** Values drawn to find whether a oneOf's branches can be met one at a time. */
const PROBES = 20;

/**
 * `values` of a oneOf's branch without those that meet another branch too, which the oneOf
 * refuses: InfluxDB's variable arguments are a query's, a constant's or a map's, none of them
 * requiring its `type`, so that `{}` meets all three. Where no value drawn meets one branch alone
 * (the branches overlap for every value), the values are left as they are.
 */
function meetingOneBranch(values: Generated<unknown>, branches: readonly unknown[]): Generated<unknown> {
  const met = branchesMet(branches);
  if (!met) return values;
  const alone = (value: unknown) => met(value) <= 1;
  let probes: unknown[];
  try {
    probes = fc.sample(values.arbitrary, { seed: 0, numRuns: PROBES });
  } catch {
    return values;
  }
  if (probes.every(alone) && values.edges.every(alone)) return values;
  // Open branches that take each other's values (ReadMe's oneOf of {a, b} and {c, d}, neither
  // requiring a field): no value drawn is valid, and none is sent.
  if (!probes.some(alone))
    throw new UngeneratedValue(
      'meets more than one branch of a oneOf in every value drawn: its branches overlap (make it an anyOf, or make the branches exclude each other)',
    );
  const edges = values.edges.filter(alone);
  return {
    arbitrary: values.arbitrary.filter(alone),
    edges: edges.length > 0 ? edges : probes.filter(alone).slice(0, 1),
  };
}

/** The branch of an anyOf or oneOf a value is made of: deep down, its smallest; else the first one a value fits. */
function branchOf(raw: unknown, branches: readonly unknown[], depth: number): unknown {
  const smallest = depth >= FULL_DEPTH ? facts().smallest(raw) : undefined;
  if (smallest?.choice.branch !== undefined) return branches[smallest.choice.branch];
  return branches.find((branch) => facts().fits(branch)) ?? branches[0];
}

/**
 * Valid values of `raw`; a field named in `references` always takes that id. Made to FULL_DEPTH
 * with every optional part, below it with what a value requires: a recursive schema (a tree, a
 * linked list) ends, and a chain of required parts is followed to its end. Past DEEPEST levels
 * (a chain the contract's reading would have refused) no value is made: UngeneratedValue.
 */
export function validValues(raw: unknown, name: string, references: ReferenceIds, depth = 0): Generated<unknown> {
  if (depth > DEEPEST) throw new UngeneratedValue(`its values nest more than ${DEEPEST} deep`);
  // Made once per schema, name and level: a schema used in many places costs what the document's size does.
  if (typeof raw !== 'object' || raw === null) return makeValues(raw, name, references, depth);
  const level = Math.min(depth, FULL_DEPTH);
  let forReferences = made.get(references);
  if (!forReferences) {
    forReferences = new WeakMap();
    made.set(references, forReferences);
  }
  let forSchema = forReferences.get(raw);
  if (!forSchema) {
    forSchema = new Map();
    forReferences.set(raw, forSchema);
  }
  const key = `${level} ${name}`;
  let values = forSchema.get(key);
  if (!values) {
    values = makeValues(raw, name, references, depth);
    forSchema.set(key, values);
  }
  return values;
}

const made = new WeakMap<ReferenceIds, WeakMap<object, Map<string, Generated<unknown>>>>();

function makeValues(raw: unknown, name: string, references: ReferenceIds, depth: number): Generated<unknown> {
  const schema = drawnSchemaOf(raw);
  const reference = Object.hasOwn(references, name) ? references[name] : undefined;
  if (reference !== undefined) return { arbitrary: fc.constant(reference), edges: [reference] };
  if (Array.isArray(schema.enum)) return { arbitrary: oneOfValues(schema.enum), edges: fewEdges(schema.enum) };
  if ('const' in schema) return { arbitrary: fc.constant(schema.const), edges: [schema.const] };
  const branches =
    (schema as { oneOf?: unknown[]; anyOf?: unknown[] }).oneOf ?? (schema as { anyOf?: unknown[] }).anyOf;
  if (Array.isArray(branches) && branches.length > 0) {
    const branch = taggedBranch(raw, branchOf(raw, branches, depth));
    const values =
      schema.type === undefined && schema.properties === undefined
        ? validValues(branch, name, references, depth)
        : makeValues(withBranch(raw, branch), name, references, depth);
    // A discriminated union is told apart by its tag, which the branch drawn carries.
    return Array.isArray(schema.oneOf) && schema.discriminator === undefined
      ? meetingOneBranch(values, schema.oneOf)
      : values;
  }
  // OpenAPI 3.1's several types (`[string, number]`): a value of each, drawn in turn.
  if (Array.isArray(schema.type) && schema.type.length > 0) {
    const each = (schema.type as string[]).map((type) => makeValues({ ...schema, type }, name, references, depth));
    return {
      arbitrary: oneOfValues(each).chain((values) => values.arbitrary),
      edges: each.flatMap((values) => values.edges),
    };
  }
  switch (schema.type) {
    case 'null':
      return { arbitrary: fc.constant(null), edges: [null] };
    case 'string':
      return strings(schema);
    case 'integer':
      return numbers(schema, true);
    case 'number':
      return numbers(schema, false);
    case 'boolean':
      return { arbitrary: fc.boolean(), edges: [false, true] };
    case 'array':
      return arrays(schema, name, references, depth);
    default:
      return objects(schema, references, depth);
  }
}

// Valid values from a JSON Schema, as fast-check arbitraries plus the edges every run tries
// first: each enum value, each optional field present and absent, lengths and numbers at their
// bounds. References to resources (a pet's categoryId) take the ids of data the suite made.
import fc from 'fast-check';
import { textsMatching } from '../../src/fixtures/pattern-writer.js';
import { formattedValues } from './formats.js';
import { type JsonSchema, MAX_SAFE, requiredInRequest, schemaOf, writablePropertiesOf } from './json-schema.js';

export type Generated<T> = { arbitrary: fc.Arbitrary<T>; edges: T[] };

/** Ids of resources the suite made, by the name of the field or parameter that refers to them. */
export type ReferenceIds = Record<string, number>;

const MAX_RANDOM_LENGTH = 120;

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

/** A string of `min` to `max` code points (JSON Schema counts code points, not UTF-16 units). */
export function textOfLength(min: number, max: number): fc.Arbitrary<string> {
  return fc.string({ unit: CHARACTER, minLength: min, maxLength: max });
}

function integerBetween(min: number, max: number): fc.Arbitrary<number> {
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
  if (schema.pattern !== undefined) {
    const arbitrary = textsMatching(schema.pattern, min, max);
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

function numbers(schema: JsonSchema, integer: boolean): Generated<number> {
  const min = schema.minimum ?? (integer ? -(2 ** 31) : -1e9);
  const max = schema.maximum ?? (integer ? 2 ** 31 - 1 : 1e9);
  const arbitrary = integer
    ? integerBetween(min, Math.min(max, MAX_SAFE))
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return { arbitrary, edges: unique([min, max]) };
}

function objects(schema: JsonSchema, references: ReferenceIds): Generated<Record<string, unknown>> {
  // What the server sets (readOnly) is never sent: a valid request leaves it out.
  const fields = writablePropertiesOf(schema).map(
    ([name, property]) => [name, validValues(property, name, references)] as const,
  );
  const required = new Set(requiredInRequest(schema));
  const minProperties = schema.minProperties ?? 0;
  const arbitrary = fc
    .record(Object.fromEntries(fields.map(([name, values]) => [name, values.arbitrary])), {
      requiredKeys: fields.map(([name]) => name).filter((name) => required.has(name)),
    })
    .filter((value) => Object.keys(value).length >= minProperties) as fc.Arbitrary<Record<string, unknown>>;

  // The base: required fields at their first edge, and optional ones only if minProperties needs them.
  const base: Record<string, unknown> = {};
  for (const [name, values] of fields) if (required.has(name)) base[name] = values.edges[0];
  for (const [name, values] of fields) {
    if (Object.keys(base).length >= minProperties) break;
    if (!(name in base)) base[name] = values.edges[0];
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
    edges: unique(edges.filter((edge) => Object.keys(edge).length >= minProperties)),
  };
}

/** Valid values of `raw`; a field named in `references` always takes that id. */
export function validValues(raw: unknown, name: string, references: ReferenceIds): Generated<unknown> {
  const schema = schemaOf(raw);
  const reference = references[name];
  if (reference !== undefined) return { arbitrary: fc.constant(reference), edges: [reference] };
  if (Array.isArray(schema.enum)) return { arbitrary: oneOfValues(schema.enum), edges: [...schema.enum] };
  if ('const' in schema) return { arbitrary: fc.constant(schema.const), edges: [schema.const] };
  switch (schema.type) {
    case 'string':
      return strings(schema);
    case 'integer':
      return numbers(schema, true);
    case 'number':
      return numbers(schema, false);
    case 'boolean':
      return { arbitrary: fc.boolean(), edges: [false, true] };
    case 'array': {
      const items = validValues(schema.items ?? {}, name, references);
      return {
        arbitrary: fc.array(items.arbitrary, { minLength: schema.minItems ?? 0, maxLength: schema.maxItems ?? 3 }),
        edges: [items.edges.slice(0, Math.max(1, schema.minItems ?? 1))],
      };
    }
    default:
      return objects(schema, references);
  }
}

// Values just past each bound a schema sets: one length too long or too short, one past the
// minimum or maximum, outside the enum, of the wrong type, not the format, a required field
// missing. Each case is an arbitrary, so that a failure shrinks to its smallest form.
import fc from 'fast-check';
import { commonPropertiesOf, type JsonSchema, requiredInRequest, schemaOf } from './json-schema.js';
import { adjacentDouble } from './number-bounds.js';
import { ASTRAL, combiningText, oneOfValues, textOfLength } from './valid-values.js';

export type InvalidValue = { rule: string; arbitrary: fc.Arbitrary<unknown> };

/**
 * Where the value travels: in a query, a path or a form's field everything is text, so "a
 * number" is no wrong type there.
 */
export type Place = 'body' | 'query' | 'path' | 'form';

/** Values of an enum a rule names. */
const LISTED_VALUES = 12;

const NOT_DATE_TIMES = ['tomorrow', '2030-13-01T00:00:00Z', '2030-01-01', '2030-01-01T25:00:00Z'];

/**
 * One past a bound (`up`: above it): by one, or by the next double where one is lost in the
 * rounding (1e308 - 1 is 1e308, which `minimum: 1e308` takes). Past 2^53 every double is whole.
 */
export function pastBound(bound: number, up: boolean): number {
  const byOne = up ? bound + 1 : bound - 1;
  return byOne !== bound ? byOne : adjacentDouble(bound, up);
}

/** Values of the wrong kind for a schema, and those just past its bounds. */
export function invalidValues(raw: unknown, place: Place = 'body'): InvalidValue[] {
  const schema = schemaOf(raw);
  const cases: InvalidValue[] = [];
  const add = (rule: string, arbitrary: fc.Arbitrary<unknown>) => cases.push({ rule, arbitrary });
  if (Array.isArray(schema.enum)) {
    const allowed = new Set(schema.enum.map(String));
    // A long enum is named by its first values: the rule is a check's name.
    const listed = schema.enum.slice(0, LISTED_VALUES).join(', ');
    const more = schema.enum.length > LISTED_VALUES ? ` and ${schema.enum.length - LISTED_VALUES} more` : '';
    add(
      `outside its enum (${listed}${more})`,
      fc.oneof(fc.constant('no-such-value'), textOfLength(1, 12)).filter((text) => !allowed.has(text)),
    );
  }
  switch (schema.type) {
    case 'string':
      if (place === 'body') add('of the wrong type (a number)', fc.integer());
      if (schema.minLength !== undefined && schema.minLength > 0) {
        const length = schema.minLength - 1;
        add(`shorter than minLength ${schema.minLength}`, textOfLength(length, length));
      }
      if (schema.maxLength !== undefined) {
        const length = schema.maxLength + 1;
        add(`longer than maxLength ${schema.maxLength}`, textOfLength(length, length));
        // One code point too many where counting UTF-16 units or what a screen shows would differ.
        add(`longer than maxLength ${schema.maxLength} in astral characters`, fc.constant(ASTRAL.repeat(length)));
        add(`longer than maxLength ${schema.maxLength} in combining sequences`, fc.constant(combiningText(length)));
      }
      if (schema.format === 'date-time') add('not a date-time (RFC 3339)', oneOfValues(NOT_DATE_TIMES));
      break;
    case 'integer':
    case 'number':
      // An empty path segment would name another path (a 404 of routing), not a bad id.
      add('of the wrong type (a string)', oneOfValues(place === 'path' ? ['abc', 'one'] : ['abc', 'one', '']));
      if (schema.type === 'integer')
        add(
          'not an integer',
          fc.integer({ min: 1, max: 100 }).map((n) => n + 0.5),
        );
      if (schema.minimum !== undefined)
        add(`below minimum ${schema.minimum}`, fc.constant(pastBound(schema.minimum, false)));
      if (schema.maximum !== undefined)
        add(`above maximum ${schema.maximum}`, fc.constant(pastBound(schema.maximum, true)));
      break;
    case 'boolean':
      add(
        place === 'body' ? 'of the wrong type (a string)' : 'not true or false',
        place === 'body' ? fc.constantFrom('yes', 'true', '1') : fc.constantFrom('yes', 'perhaps', 'nope'),
      );
      break;
    default:
      break;
  }
  return cases;
}

/** A field of an object body broken, or left out when required, or the whole body of the wrong shape. */
export type InvalidBody = { rule: string; change: fc.Arbitrary<(valid: Record<string, unknown>) => unknown> };

/**
 * Whether a schema takes objects only: `type: object`, or branches that each do. `properties`
 * alone binds only objects (JSON Schema): Discourse's bodies without a type take an array too.
 */
function takesObjectsOnly(raw: unknown, depth = 0): boolean {
  const schema = schemaOf(raw) as JsonSchema & { oneOf?: unknown[]; anyOf?: unknown[] };
  if (schema.type !== undefined) return schema.type === 'object';
  const branches = schema.oneOf ?? schema.anyOf;
  return (
    depth < 8 &&
    Array.isArray(branches) &&
    branches.length > 0 &&
    branches.every((branch) => takesObjectsOnly(branch, depth + 1))
  );
}

/** A body's invalid cases: a JSON body's, or a form's (`form`), whose fields are text and whose whole is no array. */
export function invalidBodies(raw: unknown, place: 'body' | 'form' = 'body'): InvalidBody[] {
  const schema: JsonSchema = schemaOf(raw);
  const cases: InvalidBody[] =
    place === 'body' && takesObjectsOnly(raw)
      ? [{ rule: 'a JSON array instead of an object', change: fc.constant((valid) => [valid]) }]
      : [];
  // A readOnly field is not the client's to send: whether one sent is refused or ignored, the
  // contract leaves open (OpenAPI 3.1 makes it an annotation), so no case breaks one. Of a oneOf
  // or anyOf, only a field every branch reads alike is broken: another may fit some branch.
  const writable = commonPropertiesOf(schema).filter(([, property]) => property.readOnly !== true);
  for (const [field, property] of writable) {
    for (const invalid of invalidValues(property, place)) {
      cases.push({
        rule: `${field} ${invalid.rule}`,
        change: invalid.arbitrary.map((value) => (valid: Record<string, unknown>) => ({ ...valid, [field]: value })),
      });
    }
  }
  const declared = new Map(commonPropertiesOf(schema));
  for (const field of requiredInRequest(schema)) {
    // One with a default is one a server may fill in, as Ajv's useDefaults does (InfluxDB's
    // required allowInsecureTLS, default false): no case leaves it out.
    if (declared.get(field)?.default !== undefined) continue;
    cases.push({
      rule: `without the required ${field}`,
      change: fc.constant((valid: Record<string, unknown>) => {
        const { [field]: _left, ...rest } = valid;
        return rest;
      }),
    });
  }
  if (schema.minProperties) {
    cases.push({ rule: `an empty object (minProperties ${schema.minProperties})`, change: fc.constant(() => ({})) });
  }
  return cases;
}

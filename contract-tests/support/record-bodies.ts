// Bodies for the checks of a draft's resources, and what their answers must keep: every property
// a write may set (readOnly ones are the server's), the defaults the request schema gives to what
// is left out, and a comparison that reads date-times as instants and ignores the order of keys.
import { isDeepStrictEqual } from 'node:util';
import {
  flatten,
  requiredOf as requiredFields,
  schemaOf,
  withBranch,
  writablePropertiesOf,
} from '../generation/json-schema.js';
import type { Exchange } from './exchange.js';
import { holds, ownField, setField } from './own-fields.js';
import { madeSchemaOf, type References, validValue } from './requests.js';
import { ContractViolation } from './violation.js';

export type Body = Record<string, unknown>;

type Property = { name: string; schema: { default?: unknown; readOnly?: boolean; format?: string } };

/** The properties a write may send: those of the request schema that are not readOnly. */
export function writableProperties(requestSchema: unknown): Property[] {
  return writablePropertiesOf(schemaOf(requestSchema ?? {})).map(([name, schema]) => ({ name, schema }));
}

export function requiredOf(requestSchema: unknown): Set<string> {
  return new Set<string>(requiredFields(schemaOf(requestSchema ?? {})));
}

/**
 * The schema one record's body is written by: the branch a value is made of, but where the
 * request takes one record or a list of them (Typesense's analytics rules), whose smallest value
 * is the empty list, the record's.
 */
function recordSchemaOf(raw: unknown): unknown {
  const made = madeSchemaOf(raw);
  if (flatten(made).type !== 'array') return made;
  const flat = flatten(raw);
  const branches: unknown[] = flat.oneOf ?? flat.anyOf ?? [];
  const record = branches.find((branch) => {
    const part = flatten(branch);
    return part.type === 'object' || part.properties !== undefined;
  });
  return record === undefined ? made : madeSchemaOf(withBranch(raw, record));
}

/**
 * A valid body: every writable property (or only the required ones), with those that have a
 * default left out, so that the answer shows the default applied.
 */
export function recordBody(requestSchema: unknown, references: References, only: 'all' | 'required'): Body {
  const sent = recordSchemaOf(requestSchema ?? {});
  const required = requiredOf(sent);
  const body: Body = {};
  for (const { name, schema } of writableProperties(sent)) {
    if (only === 'required' && !required.has(name)) continue;
    if (schema.default !== undefined && !required.has(name)) continue;
    setField(body, name, validValue(schema, name, references));
  }
  return body;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** Equal as JSON values, whatever the order of keys; two date-times are equal when they are the same instant. */
export function sameValue(actual: unknown, expected: unknown): boolean {
  if (typeof actual === 'string' && typeof expected === 'string' && DATE_TIME.test(actual) && DATE_TIME.test(expected))
    return Date.parse(actual) === Date.parse(expected);
  // An object within a record keeps what was written to it; what only the server adds to it
  // (a vet's specialty given its id) is the server's, as at the record's own level.
  if (isPlainObject(expected) && isPlainObject(actual))
    return Object.entries(expected).every(
      ([name, value]) => Object.hasOwn(actual, name) && sameValue(actual[name], value),
    );
  if (Array.isArray(expected) && Array.isArray(actual))
    return actual.length === expected.length && expected.every((value, index) => sameValue(actual[index], value));
  return isDeepStrictEqual(actual, expected);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Fails with `exchange` unless `record` has each field of `expected`, and none of `absent`. */
export function requireFields(
  exchange: Exchange,
  what: string,
  record: unknown,
  expected: Body,
  absent: readonly string[] = [],
): void {
  const got = (record ?? {}) as Body;
  const problems = [
    ...Object.entries(expected)
      .filter(([name, value]) => !sameValue(ownField(got, name), value))
      .map(
        ([name, value]) =>
          `${name} is ${holds(got, name) ? JSON.stringify(ownField(got, name)) : 'missing'}, expected ${JSON.stringify(value)}`,
      ),
    ...absent
      .filter((name) => holds(got, name))
      .map((name) => `${name} is ${JSON.stringify(ownField(got, name))}, expected none`),
  ];
  if (problems.length > 0) throw new ContractViolation(exchange, `${what}: ${JSON.stringify(expected)}`, problems);
}

// The least and the greatest number a schema takes, its exclusive bounds read both ways: a number
// of its own (OpenAPI 3.1, JSON Schema 2020-12: `exclusiveMinimum: 0`) or true beside minimum
// (OpenAPI 3.0, draft 4). The Train Travel API's payment amount is `exclusiveMinimum: 0`.
import type { JsonSchema } from './json-schema.js';

export type NumberBounds = { min: number | undefined; max: number | undefined };

/** The double next to `value` towards +Infinity (`up`) or -Infinity. */
export function adjacentDouble(value: number, up: boolean): number {
  if (value === 0) return up ? Number.MIN_VALUE : -Number.MIN_VALUE;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  view.setBigInt64(0, view.getBigInt64(0) + (value > 0 === up ? 1n : -1n));
  return view.getFloat64(0);
}

/** The first value past an exclusive bound: the next whole number, or the next double. */
function past(bound: number, up: boolean, integer: boolean): number {
  if (integer) return up ? Math.floor(bound) + 1 : Math.ceil(bound) - 1;
  return adjacentDouble(bound, up);
}

/** The tighter of two lower (`up`) or upper bounds, either of which may be missing. */
function tighter(one: number | undefined, other: number | undefined, up: boolean): number | undefined {
  if (one === undefined) return other;
  if (other === undefined) return one;
  return up ? Math.max(one, other) : Math.min(one, other);
}

/** One side of the bounds: `up` for the least value the schema takes, else the greatest. */
function boundOf(
  inclusive: number | undefined,
  exclusive: number | boolean | undefined,
  up: boolean,
  integer: boolean,
): number | undefined {
  const rounded = (value: number) => (integer ? (up ? Math.ceil(value) : Math.floor(value)) : value);
  if (exclusive === true && inclusive !== undefined) return past(inclusive, up, integer);
  const fromExclusive = typeof exclusive === 'number' ? past(exclusive, up, integer) : undefined;
  return tighter(inclusive === undefined ? undefined : rounded(inclusive), fromExclusive, up);
}

/** The least and greatest values `schema` takes (whole numbers for an integer); undefined where it sets none. */
export function numberBounds(schema: JsonSchema, integer: boolean): NumberBounds {
  return {
    min: boundOf(schema.minimum, schema.exclusiveMinimum, true, integer),
    max: boundOf(schema.maximum, schema.exclusiveMaximum, false, integer),
  };
}

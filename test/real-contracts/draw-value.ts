// A valid value of a schema for a request, as a client would write it: the schema's own example,
// default or first enum value when it gives one, else a plain value of its type, format, bounds
// and pattern. Written here rather than taken from the mock, so that the judge's requests owe
// nothing to the code they judge. Schemas are dereferenced (and may be cyclic): depth is bounded.
import fc from 'fast-check';

// biome-ignore lint/suspicious/noExplicitAny: a schema is arbitrary JSON from a published document
export type Schema = Record<string, any>;

const MAX_DEPTH = 8;
const FIXED_UUID = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
/** The value of a binary string (a file): the body's encoder sends it as a file in a multipart form. */
export const FILE_CONTENT = 'sample file content';

const nonNull = (type: unknown) => (Array.isArray(type) ? type.find((entry) => entry !== 'null') : type);

/** allOf merged into one schema (properties and required joined; the first word wins elsewhere). */
export function mergeAllOf(schema: Schema): Schema {
  if (!Array.isArray(schema.allOf)) return schema;
  const merged: Schema = {
    ...schema,
    properties: { ...(schema.properties ?? {}) },
    required: [...(schema.required ?? [])],
  };
  delete merged.allOf;
  for (const part of schema.allOf.map((entry: Schema) => mergeAllOf(entry ?? {}))) {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties') Object.assign(merged.properties, value);
      else if (key === 'required') merged.required = merged.required.concat(value as string[]);
      else merged[key] ??= value;
    }
  }
  return merged;
}

/** The first alternative of a oneOf/anyOf that is not only null. */
export function firstAlternative(schema: Schema): Schema {
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (!Array.isArray(alternatives)) return schema;
  const chosen = alternatives.find((entry: Schema) => nonNull(entry?.type) !== undefined || !entry?.nullable) ?? {};
  const { oneOf: _one, anyOf: _any, ...rest } = schema;
  return shapeOf({ ...rest, ...chosen });
}

/** The schema with its allOf merged and its first alternative taken. */
export function shapeOf(schema: Schema | undefined): Schema {
  return firstAlternative(mergeAllOf(schema ?? {}));
}

/** A text of the pattern within the lengths, of 50 drawn (a filter on the lengths never ends when none fits). */
function matching(pattern: string, min: number, max: number): string | undefined {
  for (const flags of ['u', '']) {
    try {
      const drawn = fc.sample(fc.stringMatching(new RegExp(pattern, flags)), { seed: 7, numRuns: 50 });
      const fitting = drawn.find((text) => text.length >= min && text.length <= max);
      if (fitting !== undefined) return fitting;
    } catch {
      // Not readable with this flag: try the next.
    }
  }
  return undefined;
}

function stringOf(schema: Schema): string {
  const min = schema.minLength ?? 0;
  // Only the schema's own bound, for a pattern: `^user_\w{27}$` is 32 long.
  const max = schema.maxLength ?? (typeof schema.pattern === 'string' ? Number.POSITIVE_INFINITY : Math.max(min, 24));
  switch (schema.format) {
    case 'date-time':
      return new Date(Date.UTC(2030, 0, 2, 3, 4, 5)).toISOString();
    case 'date':
      return '2030-01-02';
    case 'time':
      return '03:04:05Z';
    case 'uuid':
      return FIXED_UUID;
    case 'email':
      return 'demo@example.com';
    case 'uri':
    case 'url':
      return 'https://example.com/item';
    case 'hostname':
      return 'example.com';
    case 'ipv4':
      return '192.0.2.1';
    case 'ipv6':
      return '2001:db8::1';
    case 'byte':
      return 'aGVsbG8=';
    case 'binary':
      return FILE_CONTENT;
  }
  if (typeof schema.pattern === 'string') {
    const text = matching(schema.pattern, min, max);
    if (text !== undefined) return text;
  }
  const text = 'sample';
  return text.length >= min ? text.slice(0, max) : text.padEnd(min, 'x');
}

function numberOf(schema: Schema, integer: boolean): number {
  const low = schema.minimum ?? (schema.exclusiveMinimum === true ? undefined : schema.exclusiveMinimum);
  const high = schema.maximum ?? (schema.exclusiveMaximum === true ? undefined : schema.exclusiveMaximum);
  let value = low !== undefined ? Math.max(low, 1) : 1;
  if (high !== undefined && value > high) value = high;
  if (schema.exclusiveMinimum !== undefined && value <= (low ?? value - 1)) value += 1;
  if (typeof schema.multipleOf === 'number') value = Math.ceil(value / schema.multipleOf) * schema.multipleOf;
  return integer ? Math.ceil(value) : value;
}

/** The value a schema gives itself: an example, a default, a const or the first of its enum. */
export function ownValue(schema: Schema): { value: unknown } | undefined {
  if (schema.example !== undefined) return { value: schema.example };
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return { value: schema.examples[0] };
  if (schema.const !== undefined) return { value: schema.const };
  if (schema.default !== undefined) return { value: schema.default };
  if (Array.isArray(schema.enum)) {
    const value = schema.enum.find((entry: unknown) => entry !== null);
    if (value !== undefined) return { value };
  }
  return undefined;
}

const JSON_TYPES: Record<string, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number',
  integer: (value) => Number.isInteger(value),
  boolean: (value) => typeof value === 'boolean',
  array: Array.isArray,
  object: (value) => value !== null && typeof value === 'object' && !Array.isArray(value),
  null: (value) => value === null,
};

/**
 * Whether a value has the JSON types its schema names, all the way down: a document's own request
 * example may not (Lob's postcard: `"width": "2.5"` for a number), and a client sends it refused.
 * Only types: a schema that names none (a oneOf) is taken as it comes.
 */
export function typesFit(value: unknown, raw: Schema | undefined, depth = 0): boolean {
  const schema = shapeOf(raw);
  if (depth >= MAX_DEPTH) return true;
  if (value === null && (schema.nullable === true || schema.type === undefined)) return true;
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
    (type): type is string => typeof type === 'string' && type in JSON_TYPES,
  );
  if (types.length > 0 && !types.some((type) => JSON_TYPES[type]?.(value))) return false;
  if (Array.isArray(value)) return value.every((item) => typesFit(item, schema.items, depth + 1));
  if (value === null || typeof value !== 'object') return true;
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  return Object.entries(value).every(
    ([name, item]) => !Object.hasOwn(properties, name) || typesFit(item, properties[name], depth + 1),
  );
}

/** A valid value of `raw` for a request: readOnly properties left out, optional ones too. */
export function drawValue(raw: Schema | undefined, depth = 0): unknown {
  const schema = shapeOf(raw);
  const own = ownValue(schema);
  if (own) return own.value;
  const type = nonNull(schema.type) ?? (schema.properties ? 'object' : schema.items ? 'array' : undefined);
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return numberOf(schema, false);
    case 'boolean':
      return true;
    case 'array': {
      if (depth >= MAX_DEPTH) return [];
      const count = Math.max(1, schema.minItems ?? 1);
      return Array.from({ length: Math.min(count, schema.maxItems ?? count) }, () =>
        drawValue(schema.items, depth + 1),
      );
    }
    case 'object':
      return depth >= MAX_DEPTH ? {} : objectOf(schema, depth);
    default:
      return 'sample';
  }
}

/** The properties a request may write: all but readOnly ones. */
export function writableProperties(schema: Schema): Array<[string, Schema]> {
  return Object.entries((schema.properties ?? {}) as Record<string, Schema>).filter(
    ([, property]) => shapeOf(property).readOnly !== true,
  );
}

function objectOf(schema: Schema, depth: number): Record<string, unknown> {
  const writable = new Map(writableProperties(schema));
  const value: Record<string, unknown> = {};
  for (const name of schema.required ?? []) {
    if (writable.has(name)) value[name] = drawValue(writable.get(name), depth + 1);
  }
  for (const [name, property] of writable) {
    if (Object.keys(value).length >= (schema.minProperties ?? 0)) break;
    if (!(name in value)) value[name] = drawValue(property, depth + 1);
  }
  return value;
}

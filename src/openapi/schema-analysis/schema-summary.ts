// What a value must be to fit a schema, read from the keywords that bound it: its kinds (type),
// numbers' range, texts' lengths, arrays' items, objects' required properties, its enum. Each
// schema's $ref and allOf parts are folded in, as the validator applies them together. Keywords
// not read here (pattern, format, not, if...) only narrow a schema further: what this finds
// empty is empty, what it finds possible may still be refused by the validator.
import { asObject, type JsonObject } from '../json-pointer.js';
import type { SchemaIndex, SchemaValue } from './schema-index.js';

/** The kinds of JSON value, integers apart from other numbers. */
export type ValueKind = 'null' | 'boolean' | 'integer' | 'fraction' | 'string' | 'array' | 'object';
export const ALL_KINDS: readonly ValueKind[] = ['null', 'boolean', 'integer', 'fraction', 'string', 'array', 'object'];

export type Bound = { value: number; exclusive: boolean };

export type Summary = {
  /** The kinds its `type`s allow together (every kind when none is given). */
  kinds: Set<ValueKind>;
  /** Each `type` met, as written: a message says which ones disagree. */
  typesWritten: string[];
  minimum?: Bound;
  maximum?: Bound;
  multipleOf?: number;
  minLength: number;
  maxLength: number;
  minItems: number;
  maxItems: number;
  /** The schemas every item must fit (items), and those of the first positions (prefixItems). */
  items: SchemaValue[];
  prefixItems: SchemaValue[][];
  /** The schemas each property must fit, by name. */
  properties: Map<string, SchemaValue[]>;
  required: Set<string>;
  minProperties: number;
  maxProperties: number;
  /** The schemas a property of another name must fit (additionalProperties). */
  additional: SchemaValue[];
  /** The values allowed (enum, const), or undefined when not listed. */
  values?: unknown[];
  /** Each anyOf or oneOf: one of its branches must fit too. */
  groups: SchemaValue[][];
  /** A part is the schema false: nothing fits. */
  nothing: boolean;
};

/** The kinds of value each JSON Schema type takes. */
export const TYPE_KINDS: Readonly<Record<string, readonly ValueKind[]>> = {
  null: ['null'],
  boolean: ['boolean'],
  integer: ['integer'],
  number: ['integer', 'fraction'],
  string: ['string'],
  array: ['array'],
  object: ['object'],
};

const stricter = (one: Bound | undefined, other: Bound | undefined, lower: boolean): Bound | undefined => {
  if (!one || !other) return one ?? other;
  if (one.value === other.value) return { value: one.value, exclusive: one.exclusive || other.exclusive };
  return one.value > other.value === lower ? one : other;
};

const finite = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** The keywords of one schema object (its $ref and allOf not followed) folded into `summary`. */
function foldOwn(summary: Summary, schema: JsonObject, openApi30: boolean): void {
  const types = typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type : undefined;
  if (types) {
    const allowed = new Set(types.flatMap((type) => TYPE_KINDS[String(type)] ?? []));
    if (schema.nullable === true) allowed.add('null');
    for (const kind of [...summary.kinds]) if (!allowed.has(kind)) summary.kinds.delete(kind);
    summary.typesWritten.push(types.join(' or ') + (schema.nullable === true ? ' or null' : ''));
  }
  // OpenAPI 3.0 writes an exclusive bound as a boolean beside minimum or maximum.
  const exclusiveMinimum = openApi30 ? schema.exclusiveMinimum === true : false;
  const exclusiveMaximum = openApi30 ? schema.exclusiveMaximum === true : false;
  const minimum = finite(schema.minimum);
  const maximum = finite(schema.maximum);
  if (minimum !== undefined)
    summary.minimum = stricter(summary.minimum, { value: minimum, exclusive: exclusiveMinimum }, true);
  if (maximum !== undefined)
    summary.maximum = stricter(summary.maximum, { value: maximum, exclusive: exclusiveMaximum }, false);
  const exclusiveLow = finite(schema.exclusiveMinimum);
  const exclusiveHigh = finite(schema.exclusiveMaximum);
  if (exclusiveLow !== undefined)
    summary.minimum = stricter(summary.minimum, { value: exclusiveLow, exclusive: true }, true);
  if (exclusiveHigh !== undefined)
    summary.maximum = stricter(summary.maximum, { value: exclusiveHigh, exclusive: true }, false);
  const multipleOf = finite(schema.multipleOf);
  if (multipleOf !== undefined && multipleOf > 0) summary.multipleOf = multipleOf;
  summary.minLength = Math.max(summary.minLength, finite(schema.minLength) ?? 0);
  summary.maxLength = Math.min(summary.maxLength, finite(schema.maxLength) ?? Number.POSITIVE_INFINITY);
  summary.minItems = Math.max(summary.minItems, finite(schema.minItems) ?? 0);
  summary.maxItems = Math.min(summary.maxItems, finite(schema.maxItems) ?? Number.POSITIVE_INFINITY);
  summary.minProperties = Math.max(summary.minProperties, finite(schema.minProperties) ?? 0);
  summary.maxProperties = Math.min(summary.maxProperties, finite(schema.maxProperties) ?? Number.POSITIVE_INFINITY);
  if (isSchema(schema.items)) summary.items.push(schema.items);
  if (Array.isArray(schema.prefixItems)) {
    schema.prefixItems.forEach((item, index) => {
      if (!isSchema(item)) return;
      summary.prefixItems[index] ??= [];
      summary.prefixItems[index].push(item);
    });
  }
  for (const [name, property] of Object.entries(asObject(schema.properties))) {
    if (!isSchema(property)) continue;
    const known = summary.properties.get(name);
    if (known) known.push(property);
    else summary.properties.set(name, [property]);
  }
  if (Array.isArray(schema.required)) for (const name of schema.required) summary.required.add(String(name));
  if (isSchema(schema.additionalProperties)) summary.additional.push(schema.additionalProperties);
  const listed = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined;
  if (listed) summary.values = summary.values === undefined ? listed : commonValues(summary.values, listed);
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches) && branches.length > 0) summary.groups.push(branches.filter(isSchema));
  }
}

export const isSchema = (value: unknown): value is SchemaValue =>
  typeof value === 'boolean' || (typeof value === 'object' && value !== null && !Array.isArray(value));

/** The values in both lists, compared as JSON writes them. */
function commonValues(one: readonly unknown[], other: readonly unknown[]): unknown[] {
  const written = new Set(other.map((value) => JSON.stringify(value)));
  return one.filter((value) => written.has(JSON.stringify(value)));
}

/** The parts a schema applies to the same value as itself: its $ref's target and its allOf. */
export function inPlaceParts(schema: JsonObject, index: SchemaIndex): SchemaValue[] {
  const parts: SchemaValue[] = [];
  if (typeof schema.$ref === 'string') {
    const target = index.target(schema.$ref);
    if (target !== undefined) parts.push(target);
  }
  if (Array.isArray(schema.allOf)) for (const part of schema.allOf) if (isSchema(part)) parts.push(part);
  return parts;
}

/** What a value must be to fit every schema of `schemas` at once. */
export function summarise(schemas: readonly SchemaValue[], index: SchemaIndex, openApi30: boolean): Summary {
  const summary: Summary = {
    kinds: new Set(ALL_KINDS),
    typesWritten: [],
    minLength: 0,
    maxLength: Number.POSITIVE_INFINITY,
    minItems: 0,
    maxItems: Number.POSITIVE_INFINITY,
    items: [],
    prefixItems: [],
    properties: new Map(),
    required: new Set(),
    minProperties: 0,
    maxProperties: Number.POSITIVE_INFINITY,
    additional: [],
    groups: [],
    nothing: false,
  };
  // Each part once: a cycle through allOf is named by in-place-cycles.ts, not followed for ever here.
  const seen = new Set<object>();
  // In the order written, so that a message lists the parts as the draft does.
  const queue = [...schemas];
  for (let next = 0; next < queue.length; next += 1) {
    const schema = queue[next] as SchemaValue;
    if (schema === false) summary.nothing = true;
    if (typeof schema === 'boolean' || seen.has(schema)) continue;
    seen.add(schema);
    foldOwn(summary, schema, openApi30);
    for (const part of inPlaceParts(schema, index)) queue.push(part);
  }
  return summary;
}

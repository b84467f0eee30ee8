// The parts of JSON Schema the generators read, typed, with allOf merged and $refs followed.
import { resolve } from '../support/contract-spec.js';
import { setField } from '../support/own-fields.js';

export type JsonSchema = {
  type?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  description?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  /** A number (OpenAPI 3.1, JSON Schema 2020-12) or, beside minimum, true (3.0, draft 4). */
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minProperties?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  /** Set by the server: never sent in a request (OpenAPI 3.0 §4.7.25, JSON Schema validation §9.4). */
  readOnly?: boolean;
  /** Sent by clients only: never expected in an answer. */
  writeOnly?: boolean;
  additionalProperties?: unknown;
  patternProperties?: Record<string, unknown>;
  unevaluatedProperties?: unknown;
  /** Branches a value meets one of (oneOf) or any of (anyOf); flatten leaves them as they are. */
  oneOf?: unknown[];
  anyOf?: unknown[];
};

// biome-ignore lint/suspicious/noExplicitAny: schemas are arbitrary JSON until flattened
type RawSchema = any;

/** Merges allOf parts and follows $refs: the shape a value must have (keywords beside an allOf win). */
/**
 * OpenAPI 3.1's `type: [string, "null"]` read as the one type that is not null: the values the
 * suite writes are of it (null is valid too, but never needed), and a value of another type is
 * still wrong. A list of several types other than null is left as it is.
 */
function withoutNullType(schema: RawSchema): RawSchema {
  if (!Array.isArray(schema.type) || !schema.type.includes('null')) return schema;
  const others = schema.type.filter((type: unknown) => type !== 'null');
  return others.length === 1 ? { ...schema, type: others[0] } : schema;
}

export function flatten(raw: RawSchema): RawSchema {
  const schema = withoutNullType(resolve(raw) ?? {});
  if (!Array.isArray(schema.allOf)) return schema;
  const merged: RawSchema = {
    ...schema,
    properties: { ...(schema.properties ?? {}) },
    required: [...(schema.required ?? [])],
  };
  delete merged.allOf;
  for (const part of schema.allOf.map(flatten)) {
    for (const [key, value] of Object.entries(part)) {
      // Each property defined, not assigned: one named __proto__ would set the map's prototype.
      if (key === 'properties')
        for (const [name, property] of Object.entries(value as RawSchema)) setField(merged.properties, name, property);
      else if (key === 'required') merged.required = merged.required.concat(value as string[]);
      else merged[key] ??= value;
    }
  }
  return merged;
}

/**
 * One branch of a oneOf or anyOf whose schema says more beside it (`type: object`, shared
 * properties): a value must meet both, so both are merged, as allOf parts are.
 */
export function withBranch(raw: RawSchema, branch: unknown): RawSchema {
  const { oneOf: _oneOf, anyOf: _anyOf, discriminator: _discriminator, ...beside } = flatten(raw);
  return flatten({ allOf: [beside, branch] });
}

const tagged = new WeakMap<object, Map<unknown, unknown>>();
/**
 * A branch of a oneOf or anyOf with a discriminator, its property holding the value that names
 * that branch: the mapping's key for its $ref, else the name of the schema it refers to (OpenAPI
 * 3.x, Discriminator Object), unless the branch says its own (an enum or a const of it). Any
 * other value picks no branch (Ory's method of a login: "password").
 */
export function taggedBranch(raw: RawSchema, branch: unknown): unknown {
  const { discriminator } = flatten(raw);
  const property: unknown = discriminator?.propertyName;
  const ref: unknown = (branch as { $ref?: unknown } | null)?.$ref;
  if (typeof property !== 'string' || typeof ref !== 'string') return branch;
  let forSchema = tagged.get(raw);
  if (!forSchema) {
    forSchema = new Map();
    tagged.set(raw, forSchema);
  }
  if (!forSchema.has(branch)) {
    // A mapping names a schema by its $ref or by its name alone.
    const mapped = Object.entries((discriminator.mapping ?? {}) as Record<string, unknown>).find(
      ([, target]) => target === ref || `#/components/schemas/${String(target)}` === ref,
    )?.[0];
    // A branch that says its own value, unmapped (OpenAI's type: [auto]), is made as it says.
    const own = flatten(branch).properties?.[property] as { enum?: unknown; const?: unknown } | undefined;
    const tag = mapped ?? (own?.enum !== undefined || own?.const !== undefined ? undefined : ref.split('/').at(-1));
    // One object per branch: values made of it are made once, as of any schema.
    forSchema.set(
      branch,
      tag === undefined
        ? branch
        : { allOf: [branch, { properties: { [property]: { type: 'string', enum: [tag] } }, required: [property] }] },
    );
  }
  return forSchema.get(branch);
}

/** The shape a value must have: allOf parts merged, $refs followed. */
export function schemaOf(raw: unknown): JsonSchema {
  return flatten(raw) as JsonSchema;
}

/** The branches of a oneOf or anyOf, each with what the schema says beside them. */
function branchesOf(schema: JsonSchema): JsonSchema[] {
  const branches = [schema.oneOf, schema.anyOf].flatMap((list) => (Array.isArray(list) ? list : []));
  return branches.map((branch) => withBranch(schema, branch) as JsonSchema);
}

/** Deeper than this, a oneOf of oneOfs is read by its own keywords only (a schema that holds itself). */
const BRANCH_DEPTH = 8;
/**
 * Branches read at most, in all, for one reading: a subtype that holds its base (Cat = allOf
 * [Pet, ...], Pet = oneOf [Cat, Dog]) brings the base's branches again at every level.
 */
const MOST_BRANCHES = 64;

type Budget = { left: number };

/** The branches to read at this depth, where the reading's budget has room for them all; else none. */
function branchesWithin(schema: JsonSchema, depth: number, budget: Budget): JsonSchema[] {
  const branches = depth < BRANCH_DEPTH ? branchesOf(schema) : [];
  if (branches.length > budget.left) return [];
  budget.left -= branches.length;
  return branches;
}

/**
 * The properties of an object schema, each flattened. One that is a oneOf or anyOf of objects
 * (DigitalOcean's droplet: one name or many) has those of every branch: a value may hold any of
 * them. A property only some branches have gives no default: a value of another takes none.
 */
export function propertiesOf(
  schema: JsonSchema,
  depth = 0,
  budget: Budget = { left: MOST_BRANCHES },
): Array<[string, JsonSchema]> {
  const branches = branchesWithin(schema, depth, budget);
  if (branches.length === 0)
    return Object.entries(schema.properties ?? {}).map(([name, property]) => [name, schemaOf(property)]);
  const readings = branches.map((branch) => new Map(propertiesOf(branch, depth + 1, budget)));
  const properties = new Map<string, JsonSchema>();
  for (const reading of readings)
    for (const [name, property] of reading) {
      if (properties.has(name)) continue;
      const { default: _default, ...withoutDefault } = property;
      properties.set(name, readings.every((each) => each.has(name)) ? property : withoutDefault);
    }
  return [...properties];
}

/**
 * The properties every value of the schema reads alike: for a oneOf or anyOf, those every branch
 * declares by the same schema. A value one of them refuses breaks every branch, so the body; one
 * only some branches declare may still fit another (an Ory login flow's identifier).
 */
export function commonPropertiesOf(
  schema: JsonSchema,
  depth = 0,
  budget: Budget = { left: MOST_BRANCHES },
): Array<[string, JsonSchema]> {
  const branches = branchesWithin(schema, depth, budget);
  if (branches.length === 0) return propertiesOf(schema, depth, budget);
  const [first = new Map<string, JsonSchema>(), ...others] = branches.map(
    (branch) => new Map(commonPropertiesOf(branch, depth + 1, budget)),
  );
  const said = (property: JsonSchema | undefined) => JSON.stringify(property);
  return [...first].filter(([name, property]) => others.every((other) => said(other.get(name)) === said(property)));
}

/** The properties a request may carry: all but the readOnly ones, which the server sets. */
export function writablePropertiesOf(schema: JsonSchema): Array<[string, JsonSchema]> {
  return propertiesOf(schema).filter(([, property]) => property.readOnly !== true);
}

/** The properties every value of the schema holds: those every branch of a oneOf or anyOf requires. */
export function requiredOf(schema: JsonSchema, depth = 0, budget: Budget = { left: MOST_BRANCHES }): string[] {
  const branches = branchesWithin(schema, depth, budget);
  // Once each: allOf parts merged (a subtype and its base) may name one twice.
  if (branches.length === 0) return [...new Set(schema.required ?? [])];
  const readings = branches.map((branch) => requiredOf(branch, depth + 1, budget));
  return (readings[0] ?? []).filter((name) => readings.every((required) => required.includes(name)));
}

/**
 * The properties a request must carry: a required readOnly one is required of answers only
 * (OpenAPI 3.0 §4.7.25; the same reading for 3.1's annotations).
 */
export function requiredInRequest(schema: JsonSchema): string[] {
  const readOnly = new Set(
    propertiesOf(schema)
      .filter(([, property]) => property.readOnly === true)
      .map(([name]) => name),
  );
  return requiredOf(schema).filter((name) => !readOnly.has(name));
}

/**
 * Whether a property is sent but never answered as sent: writeOnly, or a file's bytes (format
 * binary: a multipart upload's file part, Asana's attachment file), which an answer may describe
 * (its size, a URL) but no document promises to echo.
 */
export function neverAnsweredAsSent(property: JsonSchema): boolean {
  return property.writeOnly === true || property.format === 'binary';
}

/**
 * Whether an object of the schema may hold no field but those it names: `additionalProperties:
 * false` (or `unevaluatedProperties: false`) and no patternProperties that might let one in.
 */
export function forbidsOtherFields(schema: JsonSchema): boolean {
  if (schema.patternProperties !== undefined && Object.keys(schema.patternProperties).length > 0) return false;
  return schema.additionalProperties === false || schema.unevaluatedProperties === false;
}

/** The largest integer the contract's ids (and JSON numbers read by JavaScript) take exactly. */
export const MAX_SAFE = Number.MAX_SAFE_INTEGER;

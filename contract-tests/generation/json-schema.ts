// The parts of JSON Schema the generators read, typed, with allOf merged and $refs followed.
import { commonPropertiesOfBranches, type SchemaReader, unionOfBranches } from '../../src/openapi/branch-union.js';
import { conditionsChosen } from '../../src/openapi/conditions-chosen.js';
import { branchTags, tagRequirement, unionDiscriminator } from '../../src/openapi/discriminator-tags.js';
import { enumValuesOf } from '../../src/openapi/enum-values.js';
import { asObject } from '../../src/openapi/json-pointer.js';
import type { SchemaFacts } from '../../src/openapi/schema-analysis/schema-facts.js';
import type { SchemaValue } from '../../src/openapi/schema-analysis/schema-index.js';
import { undeclaredPropertySchema } from '../../src/openapi/undeclared-required.js';
import { resolve, SPEC } from '../support/contract-spec.js';
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
  multipleOf?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minProperties?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
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
  /** What tells a oneOf's or anyOf's branches apart, where one does. */
  discriminator?: unknown;
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
  const parts = schema.allOf.map(flatten);
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      // Each property defined, not assigned: one named __proto__ would set the map's prototype.
      if (key === 'properties')
        for (const [name, property] of Object.entries(value as RawSchema)) {
          // A property several parts describe meets each of them (ReadMe's: a type in one, an example in another).
          const before = Object.hasOwn(merged.properties, name) ? merged.properties[name] : undefined;
          setField(merged.properties, name, before === undefined ? property : describedTwice(before, property));
        }
      else if (key === 'required') merged.required = merged.required.concat(value as string[]);
      else if (key === 'enum') merged.enum = bothEnums(merged.enum, value);
      else if (typeof merged[key] === 'number' && typeof value === 'number' && Object.hasOwn(TIGHTER, key))
        merged[key] = (TIGHTER[key] as (one: number, other: number) => number)(merged[key], value);
      else merged[key] ??= value;
    }
  }
  // A const (3.1's tag) beside an enum narrows it: the generators read enum first.
  if ('const' in merged && Array.isArray(merged.enum)) merged.enum = [merged.const];
  const folded = withClosedParts(merged, [schema, ...parts]);
  foldedFrom.set(folded, schema);
  return folded;
}

const foldedFrom = new WeakMap<object, unknown>();
/** A property's parts where several describe it: the contract's own schemas, met together. */
const describedBy = new WeakMap<object, unknown[]>();

function describedTwice(before: unknown, property: unknown): object {
  const both = { allOf: [before, property] };
  describedBy.set(both, [...partsOf(before), ...partsOf(property)]);
  return both;
}

const partsOf = (schema: unknown): unknown[] =>
  (typeof schema === 'object' && schema !== null ? describedBy.get(schema) : undefined) ?? [schema];

/**
 * Whether a value fits a folded schema, as the analysis of the contract's schemas (`facts`)
 * finds: asked of the schemas it was folded from, all at once where several parts describe it.
 */
export function foldedFits(facts: SchemaFacts, schema: unknown): boolean {
  const parts = partsOf(unfoldedOf(schema));
  if (parts.length === 1) return facts.fits(parts[0]);
  const known = parts.filter((part) => facts.index.pointers.has(part as object));
  return known.length === 0 || facts.nodeOf(known as SchemaValue[]).smallest !== undefined;
}

/**
 * The contract's own schema a folded one was made of, for the analysis to read: folding keeps
 * the first part's type, so an allOf of a string and an integer (ReadMe's) reads as a string.
 */
function unfoldedOf(schema: unknown): unknown {
  return (typeof schema === 'object' && schema !== null ? foldedFrom.get(schema) : undefined) ?? schema;
}

/** Of two parts' bounds, the tighter: a value meets both. */
const TIGHTER: Record<string, (one: number, other: number) => number> = Object.fromEntries([
  ...['minimum', 'minLength', 'minItems', 'minProperties'].map((key) => [key, Math.max]),
  ...['maximum', 'maxLength', 'maxItems', 'maxProperties'].map((key) => [key, Math.min]),
  // OpenAPI 3.1's numeric exclusive bounds (3.0's booleans are left to the first part that says one).
  ['exclusiveMinimum', Math.max],
  ['exclusiveMaximum', Math.min],
]);

/** The values two parts' enums both list (a tag's one of a base's several), in the first's order; the first where they share none. */
function bothEnums(first: unknown, second: unknown): unknown {
  if (!Array.isArray(first) || !Array.isArray(second)) return first ?? second;
  if (first === second) return first;
  // Once per pair of arrays: a 100,000-value enum in two parts is folded on every draw.
  let bySecond = sharedEnums.get(first);
  if (!bySecond) {
    bySecond = new WeakMap();
    sharedEnums.set(first, bySecond);
  }
  let shared = bySecond.get(second);
  if (!shared) {
    const listed = new Set(second.map((value) => JSON.stringify(value)));
    const both = first.filter((value) => listed.has(JSON.stringify(value)));
    shared = both.length > 0 ? both : first;
    bySecond.set(second, shared);
  }
  return shared;
}

const sharedEnums = new WeakMap<unknown[], WeakMap<unknown[], unknown[]>>();

/**
 * A part closed by `additionalProperties: false` refuses the properties it does not name, though
 * another part names them (ReadMe's allOf of two closed objects): a value leaves them out.
 */
function withClosedParts(merged: RawSchema, parts: readonly RawSchema[]): RawSchema {
  const closed = parts.filter((part) => part.additionalProperties === false && part.patternProperties === undefined);
  if (closed.length === 0) return merged;
  const allowed = (name: string) => closed.every((part) => Object.hasOwn(part.properties ?? {}, name));
  const properties: RawSchema = {};
  for (const [name, property] of Object.entries(merged.properties as RawSchema))
    if (allowed(name)) setField(properties, name, property);
  return { ...merged, properties };
}

/**
 * One branch of a oneOf or anyOf whose schema says more beside it (`type: object`, shared
 * properties): a value must meet both, so both are merged, as allOf parts are.
 */
export function withBranch(raw: RawSchema, branch: unknown): RawSchema {
  const { oneOf, anyOf: _anyOf, discriminator: _discriminator, ...beside } = flatten(raw);
  const merged = flatten({ allOf: [beside, branch] });
  if (!Array.isArray(oneOf)) return merged;
  // Of a oneOf, a value meets one branch alone: what only the others require is left out (Outline's
  // shares.create, `oneOf: [{required: [documentId]}, {required: [collectionId]}]`, takes one of them).
  const kept = new Set(requiredOf(merged as JsonSchema));
  const othersRequire = oneOf
    .filter((other) => other !== branch)
    .flatMap((other) => requiredOf(schemaOf(other)))
    .filter((name) => !kept.has(name));
  if (othersRequire.length === 0 || typeof merged.properties !== 'object' || merged.properties === null) return merged;
  const properties = Object.fromEntries(
    Object.entries(merged.properties as Record<string, unknown>).filter(([name]) => !othersRequire.includes(name)),
  );
  return { ...merged, properties };
}

const tagged = new WeakMap<object, Map<unknown, unknown>>();
/**
 * A branch of a oneOf or anyOf with a discriminator, its property holding the first tag that
 * names that branch (discriminator-tags.ts), unless the branch says its own. Any other value
 * picks no branch (Ory's method of a login: "password").
 */
export function taggedBranch(raw: RawSchema, branch: unknown): unknown {
  // Its own, or one its branches inherit from a common base (Cat and Dog, each an allOf of Pet).
  const discriminator = flatten(raw).discriminator ?? unionDiscriminator(SPEC, raw);
  const property: unknown = discriminator?.propertyName;
  if (typeof property !== 'string' || typeof branch !== 'object' || branch === null) return branch;
  let forSchema = tagged.get(raw);
  if (!forSchema) {
    forSchema = new Map();
    tagged.set(raw, forSchema);
  }
  if (!forSchema.has(branch)) {
    // The mapping's first tag: the one every implementation reads.
    const [tag] = branchTags(SPEC, discriminator, branch) ?? [];
    // One object per branch: values made of it are made once, as of any schema.
    forSchema.set(branch, tag === undefined ? branch : { allOf: [branch, tagRequirement(property, [tag])] });
  }
  return forSchema.get(branch);
}

/** The shape a value must have: allOf parts merged, $refs followed. */
export function schemaOf(raw: unknown): JsonSchema {
  return flatten(raw) as JsonSchema;
}

/**
 * The shape a valid value is drawn from: schemaOf's, with its if/then/else and dependent
 * keywords chosen (conditions-chosen.ts). For the generators only: what a check says is required
 * or refused reads schemaOf.
 */
export function drawnSchemaOf(raw: unknown): JsonSchema {
  const schema = conditionsChosen(flatten(raw), flatten) as JsonSchema;
  if (!Array.isArray(schema.enum)) return schema;
  const values = enumValuesOf(schema);
  return values === schema.enum ? schema : { ...schema, enum: [...values] };
}

/** The suite's reading of a schema, for the walk of its branches (branch-union.ts). */
const READER: SchemaReader<JsonSchema> = { flatten: (raw) => asObject(flatten(raw)), property: schemaOf };

/**
 * The properties of an object schema, each flattened. One that is a oneOf or anyOf of objects
 * (DigitalOcean's droplet: one name or many) has those of every branch: a value may hold any of
 * them. A property only some branches have gives no default: a value of another takes none.
 */
export function propertiesOf(schema: JsonSchema): Array<[string, JsonSchema]> {
  const { properties, required } = unionOfBranches(READER, schema);
  // And the names it requires without describing them (Xero's Folder requires a \`name\` beside
  // its \`Name\`): a value holds them, of what the object takes beside its properties.
  const flat = READER.flatten(schema);
  const undeclared = [...required]
    .filter((name) => !properties.has(name))
    .map((name): [string, JsonSchema] => [name, schemaOf(undeclaredPropertySchema(flat, name))]);
  return [...properties, ...undeclared];
}

/** The properties every value of the schema reads alike (commonPropertiesOfBranches). */
export function commonPropertiesOf(schema: JsonSchema): Array<[string, JsonSchema]> {
  return [...commonPropertiesOfBranches(READER, schema)];
}

/** The properties a request may carry: all but the readOnly ones, which the server sets. */
export function writablePropertiesOf(schema: JsonSchema): Array<[string, JsonSchema]> {
  return propertiesOf(schema).filter(([, property]) => property.readOnly !== true);
}

/** The properties every value of the schema holds: those every branch of a oneOf or anyOf requires. */
export function requiredOf(schema: JsonSchema): string[] {
  return [...unionOfBranches(READER, schema).required];
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

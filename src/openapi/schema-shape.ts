// What an object schema of the contract says of its properties, read once: $refs followed and
// allOf parts merged (as Pet = NewPet + id). The conventions (resource-model.ts, the handlers,
// the fixtures) need only this much of JSON Schema; the validator checks the rest.

import { setOwn } from '../store/own-keys.js';
import { type BranchUnion, unionOfBranches } from './branch-union.js';
import { enumValuesOf } from './enum-values.js';
import { asObject, type JsonObject, refPointer, resolveLocalRef, valueAt } from './json-pointer.js';

/** Each property's schema ($refs and allOf parts followed), what is required, whether it is closed. */
export type SchemaShape = BranchUnion<JsonObject>;

/** A schema with its $refs and allOf parts folded into one (the shallow keywords only). */
/**
 * The properties of two parts of an allOf. One both declare takes the later part's words over
 * the earlier's, keeping the earlier's the later does not say (Asana's parent: a task's
 * resource_subtype keeps its enum where a later part only lets it be null); a later $ref is
 * taken whole (a collection wrapper's items given their schema).
 */
function mergedProperties(document: JsonObject, earlier: JsonObject, later: JsonObject): JsonObject {
  const merged: JsonObject = { ...earlier };
  for (const [name, property] of Object.entries(later)) {
    const before = Object.hasOwn(earlier, name) ? resolveLocalRef(document, earlier[name]) : undefined;
    const combined =
      before === undefined || typeof asObject(property).$ref === 'string'
        ? property
        : mergedField(document, before, asObject(property));
    setOwn(merged, name, combined);
  }
  return merged;
}

/**
 * A field two parts declare, the later's words over the earlier's, and each one's own fields and
 * items' fields kept (PagerDuty's global orchestration: one part names its sets' ids, the other
 * their rules).
 */
function mergedField(document: JsonObject, before: JsonObject, after: JsonObject): JsonObject {
  const combined: JsonObject = { ...before, ...after };
  const [beforeProperties, afterProperties] = [before.properties, after.properties];
  if (isPlainObject(beforeProperties) && isPlainObject(afterProperties))
    combined.properties = mergedProperties(document, beforeProperties, afterProperties);
  if (Array.isArray(before.required) && Array.isArray(after.required))
    combined.required = [...new Set([...before.required, ...after.required])];
  const [beforeItems, afterItems] = [before.items, after.items];
  if (isPlainObject(beforeItems) && isPlainObject(afterItems) && typeof afterItems.$ref !== 'string')
    combined.items = mergedField(document, resolveLocalRef(document, beforeItems), afterItems);
  return combined;
}

const isPlainObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Per document, each schema object read once: a large document asks for the same ones thousands of times at start. */
function memoPer<T>(): (document: JsonObject, schema: unknown, read: () => T) => T {
  const byDocument = new WeakMap<JsonObject, WeakMap<object, T>>();
  return (document, schema, read) => {
    if (typeof schema !== 'object' || schema === null) return read();
    let known = byDocument.get(document);
    if (known === undefined) {
      known = new WeakMap();
      byDocument.set(document, known);
    }
    let value = known.get(schema);
    if (value === undefined) {
      value = read();
      known.set(schema, value);
    }
    return value;
  };
}

const resolvedOnce = memoPer<JsonObject>();
const shapedOnce = memoPer<SchemaShape>();

/** The schemas being folded: a part that holds its whole again (a cycle of allOf) is taken as written. */
const folding = new Set<object>();

/** `schema` with its $ref followed and its allOf parts merged; the same object for the same schema (read it, never change it). */
export function resolveSchema(document: JsonObject, schema: unknown): JsonObject {
  // Kept by what the $ref names: each $ref to one schema is merged once.
  const target = resolveLocalRef(document, schema);
  if (folding.has(target)) return target;
  return resolvedOnce(document, target, () => {
    folding.add(target);
    try {
      return resolveParts(document, target);
    } finally {
      folding.delete(target);
    }
  });
}

/**
 * Each part is folded through resolveSchema, once however many parts and levels name it: an
 * allOf that names a schema twice at each of 40 levels was folded 2^40 times.
 */
function resolveParts(document: JsonObject, resolved: JsonObject): JsonObject {
  if (!Array.isArray(resolved.allOf)) return resolved;
  const merged: JsonObject = { ...resolved };
  delete merged.allOf;
  for (const part of resolved.allOf) {
    const folded = resolveSchema(document, part);
    for (const [keyword, value] of Object.entries(folded)) {
      if (keyword === 'properties')
        merged.properties = mergedProperties(document, asObject(merged.properties), asObject(value));
      else if (keyword === 'required')
        merged.required = [...new Set([...(Array.isArray(merged.required) ? merged.required : []), ...asArray(value)])];
      else if (!(keyword in merged)) merged[keyword] = value;
    }
  }
  return merged;
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The type a schema names: its `type`, or the first of a list of types other than null. */
export function schemaType(schema: JsonObject): string | undefined {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.find((entry): entry is string => typeof entry === 'string' && entry !== 'null');
  if (schema.properties !== undefined) return 'object';
  if (schema.items !== undefined) return 'array';
  return undefined;
}

/** A value the schema itself gives: its const, default, example or first enum value. */
export function declaredValue(schema: JsonObject): { value: unknown } | undefined {
  if ('const' in schema) return { value: schema.const };
  for (const value of [schema.default, schema.example, Array.isArray(schema.examples) ? schema.examples[0] : undefined])
    if (value !== undefined) return { value };
  return Array.isArray(schema.enum) && schema.enum.length > 0 ? { value: enumValuesOf(schema)[0] } : undefined;
}

/**
 * An object schema's shape, read as any of its branches (branch-union.ts: DigitalOcean's droplet,
 * one name or many; a domain record of each type).
 */
export function describeObjectSchema(document: JsonObject, schema: unknown): SchemaShape {
  const read = (part: unknown) => resolveSchema(document, part);
  return shapedOnce(document, schema, () => unionOfBranches({ flatten: read, property: read }, schema));
}

/**
 * Where a schema comes from, to tell two uses of one schema: its $ref to a component, or its JSON
 * where it is written. A $ref to another place (a bundle writes a schema where it is first used
 * and points its later uses there: DigitalOcean's) names the schema written at that place.
 */
export function schemaIdentity(document: JsonObject, schema: unknown): string {
  let object = asObject(schema);
  // A bound, not a guard: a cycle of $refs is refused when the contract is read.
  for (let step = 0; step < 64 && isRefToPlace(object.$ref); step += 1)
    object = valueAt(document, refPointer(object.$ref as string));
  return typeof object.$ref === 'string' ? object.$ref : JSON.stringify(resolveSchema(document, object));
}

const isRefToPlace = (ref: unknown) =>
  typeof ref === 'string' && ref.startsWith('#/') && !ref.startsWith('#/components/');

/** Whether a schema lets a value be null (3.1's list of types, or 3.0's nullable). */
export function allowsNull(schema: JsonObject): boolean {
  const type = schema.type;
  return Array.isArray(type) ? type.includes('null') : schema.nullable === true || type === 'null';
}

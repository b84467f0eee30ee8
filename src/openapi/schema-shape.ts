// What an object schema of the contract says of its properties, read once: $refs followed and
// allOf parts merged (as Pet = NewPet + id). The conventions (resource-model.ts, the handlers,
// the fixtures) need only this much of JSON Schema; the validator checks the rest.

import { setOwn } from '../store/own-keys.js';
import { asObject, type JsonObject, resolveLocalRef } from './json-pointer.js';

export type SchemaShape = {
  /** Each property's schema, $refs and allOf parts followed. */
  properties: ReadonlyMap<string, JsonObject>;
  required: ReadonlySet<string>;
  /** Whether a property it does not name breaks it (additionalProperties or unevaluatedProperties false). */
  closed: boolean;
};

const EMPTY: SchemaShape = { properties: new Map(), required: new Set(), closed: false };

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
        : { ...before, ...asObject(property) };
    setOwn(merged, name, combined);
  }
  return merged;
}

export function resolveSchema(document: JsonObject, schema: unknown, depth = 0): JsonObject {
  const resolved = resolveLocalRef(document, schema);
  if (depth > 32 || !Array.isArray(resolved.allOf)) return resolved;
  const merged: JsonObject = { ...resolved };
  delete merged.allOf;
  for (const part of resolved.allOf) {
    const folded = resolveSchema(document, part, depth + 1);
    for (const [keyword, value] of Object.entries(folded)) {
      if (keyword === 'properties')
        merged.properties = mergedProperties(document, asObject(merged.properties), asObject(value));
      else if (keyword === 'required')
        merged.required = [...(Array.isArray(merged.required) ? merged.required : []), ...(value as unknown[])];
      else if (!(keyword in merged)) merged[keyword] = value;
    }
  }
  return merged;
}

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
  return Array.isArray(schema.enum) && schema.enum.length > 0 ? { value: schema.enum[0] } : undefined;
}

/** The shape of an object schema's own keywords, its oneOf and anyOf left aside. */
function ownShape(document: JsonObject, resolved: JsonObject): SchemaShape {
  const properties = new Map(
    Object.entries(asObject(resolved.properties)).map(([name, property]): [string, JsonObject] => [
      name,
      resolveSchema(document, property),
    ]),
  );
  const required = new Set(Array.isArray(resolved.required) ? resolved.required.map(String) : []);
  return {
    properties,
    required,
    closed: resolved.additionalProperties === false || resolved.unevaluatedProperties === false,
  };
}

/** The branches of a oneOf or anyOf: the schemas one of which (or several) a value meets. */
function branchesOf(resolved: JsonObject): unknown[] {
  return [resolved.oneOf, resolved.anyOf].flatMap((list) => (Array.isArray(list) ? list : []));
}

/**
 * An object schema read as any of its branches (DigitalOcean's droplet: one name or many; a
 * domain record of each type): a value may hold what any branch names, and must hold what
 * every branch requires. A property's default is a branch's only where every branch has it:
 * a value of another branch takes no default from it.
 */
function anyOfShapes(own: SchemaShape, branches: readonly SchemaShape[]): SchemaShape {
  const properties = new Map(own.properties);
  for (const branch of branches)
    for (const [name, property] of branch.properties) {
      if (properties.has(name)) continue;
      const everywhere = branches.every((each) => each.properties.has(name));
      const { default: _default, ...withoutDefault } = property;
      properties.set(name, everywhere ? property : withoutDefault);
    }
  const everyRequires = [...(branches[0]?.required ?? [])].filter((name) =>
    branches.every((branch) => branch.required.has(name)),
  );
  return {
    properties,
    required: new Set([...own.required, ...everyRequires]),
    closed: own.closed || branches.every((branch) => branch.closed),
  };
}

/** Branches read at most, in all, for one schema: a contract's oneOf of oneOfs stays cheap. */
const MOST_BRANCHES = 64;

export function describeObjectSchema(document: JsonObject, schema: unknown): SchemaShape {
  return shapeOfBranches(document, schema, new Set(), { left: MOST_BRANCHES });
}

/**
 * A schema's shape with its branches', each $ref once on a path: a subtype that holds its base
 * (Cat = allOf [Pet, ...], Pet = oneOf [Cat, Dog]) brings the base's branches again, and read
 * again they would multiply with every level.
 */
function shapeOfBranches(
  document: JsonObject,
  schema: unknown,
  onPath: ReadonlySet<string>,
  budget: { left: number },
): SchemaShape {
  const resolved = resolveSchema(document, schema);
  if (Object.keys(resolved).length === 0) return EMPTY;
  const own = ownShape(document, resolved);
  const ref = asObject(schema).$ref;
  const path = typeof ref === 'string' ? new Set([...onPath, ref]) : onPath;
  const branches = branchesOf(resolved).filter((branch) => {
    const branchRef = asObject(branch).$ref;
    return typeof branchRef !== 'string' || !path.has(branchRef);
  });
  if (branches.length === 0 || budget.left < branches.length) return own;
  budget.left -= branches.length;
  return anyOfShapes(
    own,
    branches.map((branch) => shapeOfBranches(document, branch, path, budget)),
  );
}

/** Where a schema comes from, to tell two uses of one schema: its $ref, or its JSON when written inline. */
export function schemaIdentity(document: JsonObject, schema: unknown): string {
  const object = asObject(schema);
  return typeof object.$ref === 'string' ? object.$ref : JSON.stringify(resolveSchema(document, object));
}

/** Whether a schema lets a value be null (3.1's list of types, or 3.0's nullable). */
export function allowsNull(schema: JsonObject): boolean {
  const type = schema.type;
  return Array.isArray(type) ? type.includes('null') : schema.nullable === true || type === 'null';
}

// A record that is one of several kinds, as Lob's address is a US one or an international one: a
// schema with no type of its own whose oneOf or anyOf branches are each an object's. The union of
// the kinds (branch-union.ts) says what a record of any kind may hold; one record is of one kind,
// drawn, completed and filled by that kind's schema alone, as a real API makes it: a US address
// holds no field only international ones have, and its key is drawn as the kind draws it.
import { asObject, type JsonObject } from './json-pointer.js';
import { matcherOf } from './patterns/pattern-matchers.js';
import { describeObjectSchema, resolveSchema, type SchemaShape, schemaType } from './schema-shape.js';

export type RecordKind = {
  /** The kind's schema: its branch, with what the record's schema says beside its branches. */
  schema: unknown;
  /** Its branch as the record's schema writes it (a reference, where it names a schema). */
  branch: unknown;
  shape: SchemaShape;
};

/** The branches of a schema with no type of its own, when each is an object's; empty otherwise. */
function objectBranches(document: JsonObject, schema: unknown): unknown[] {
  if (schema === undefined) return [];
  const resolved = resolveSchema(document, schema);
  if (schemaType(resolved) !== undefined) return [];
  const branches = Array.isArray(resolved.oneOf) ? resolved.oneOf : Array.isArray(resolved.anyOf) ? resolved.anyOf : [];
  return branches.every((branch) => schemaType(resolveSchema(document, branch)) === 'object') ? branches : [];
}

/** Whether a schema's values are objects, or one of several kinds of objects: what a record is. */
export const isRecordSchema = (document: JsonObject, schema: unknown): boolean =>
  schema !== undefined &&
  (schemaType(resolveSchema(document, schema)) === 'object' || objectBranches(document, schema).length > 0);

/** The kinds a record of `schema` is one of; empty where it is of one shape (its own type is object). */
export function recordKinds(document: JsonObject, schema: unknown): RecordKind[] {
  const branches = objectBranches(document, schema);
  if (branches.length === 0) return [];
  const { oneOf: _oneOf, anyOf: _anyOf, ...own } = resolveSchema(document, schema);
  // Its own properties and required beside the branches constrain every kind.
  const constrains = own.properties !== undefined || own.required !== undefined;
  return branches.map((branch) => {
    const kindSchema = constrains ? { allOf: [own, branch] } : branch;
    return { schema: kindSchema, branch, shape: describeObjectSchema(document, kindSchema) };
  });
}

const TYPE_OF: Readonly<Record<string, (value: unknown) => boolean>> = {
  string: (value) => typeof value === 'string',
  integer: (value) => Number.isInteger(value),
  number: (value) => typeof value === 'number',
  boolean: (value) => typeof value === 'boolean',
  array: Array.isArray,
  object: (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
};

/** Whether a text breaks a property's pattern or lengths (a US zip code's, for a British one). */
function textRefused(property: JsonObject, text: string): boolean {
  const length = [...text].length;
  if (typeof property.maxLength === 'number' && length > property.maxLength) return true;
  if (typeof property.minLength === 'number' && length < property.minLength) return true;
  if (typeof property.pattern !== 'string') return false;
  try {
    return !matcherOf(property.pattern).test(text);
  } catch {
    return false;
  }
}

/**
 * Whether a property's schema takes null: nullable (3.0), a type of null (3.1, alone or among
 * others), null listed, a branch that takes it, or no word that could refuse it (OpenAPI 3.0's
 * `nullable` beside no type is read as such a schema, or null: nullable-without-type.ts).
 */
function takesNull(property: JsonObject): boolean {
  const { type, nullable, anyOf, oneOf } = property;
  if (nullable === true || type === 'null' || (Array.isArray(type) && type.includes('null'))) return true;
  if ('const' in property) return property.const === null;
  if (Array.isArray(property.enum)) return property.enum.includes(null);
  const branches = [anyOf, oneOf].flatMap((list) => (Array.isArray(list) ? list : []));
  if (branches.length > 0) return branches.some((branch) => takesNull(asObject(branch)));
  return (
    type === undefined && property.allOf === undefined && property.$ref === undefined && property.not === undefined
  );
}

/** Whether a property's own words refuse the value: its const, its enum, its type, its pattern and lengths. */
export function refuses(property: JsonObject, value: unknown): boolean {
  const said = JSON.stringify(value);
  if ('const' in property && JSON.stringify(property.const) !== said) return true;
  if (Array.isArray(property.enum) && !property.enum.some((allowed) => JSON.stringify(allowed) === said)) return true;
  const type = schemaType(property);
  if (value === null) return !takesNull(property);
  if (typeof value === 'string' && textRefused(property, value)) return true;
  return type !== undefined && TYPE_OF[type] !== undefined && !TYPE_OF[type](value);
}

/**
 * The kind a record (a create's body) is: the one that declares the most of its fields and
 * refuses none of their values (a card's number and its `kind: card`); the first on a tie.
 */
export function kindOf(kinds: readonly RecordKind[], record: JsonObject): RecordKind | undefined {
  let chosen: RecordKind | undefined;
  let best = Number.NEGATIVE_INFINITY;
  for (const kind of kinds) {
    let score = 0;
    for (const [name, value] of Object.entries(record)) {
      const property = kind.shape.properties.get(name);
      if (property === undefined) score -= 1;
      else score += refuses(property, value) ? -100 : 1;
    }
    if (score > best) [chosen, best] = [kind, score];
  }
  return chosen;
}

/**
 * `properties` (a record's fields and their schemas, as every kind reads them) as one kind reads
 * them: a field only other kinds declare left out, one the union read as another kind's read as
 * this kind's; a field beyond every kind (one an answer requires besides) kept.
 */
export function propertiesOfKind(
  properties: ReadonlyMap<string, JsonObject>,
  union: SchemaShape,
  kind: RecordKind,
): Map<string, JsonObject> {
  const ofKind = new Map<string, JsonObject>();
  for (const [name, schema] of properties) {
    const own = kind.shape.properties.get(name);
    if (!union.properties.has(name)) ofKind.set(name, schema);
    else if (own !== undefined) ofKind.set(name, schema === union.properties.get(name) ? own : schema);
  }
  return ofKind;
}

// A schema's conditions chosen before a value is drawn from it, so that the value fits them:
// `if` with `then` (or alone, beside an `else`), `dependentSchemas` and `dependentRequired`
// (draft 2019's `dependencies` too). A generator that reads only properties, required and bounds
// drew values such a schema refuses (an object with no `v` where `then` requires one). Chosen:
// the value is made to meet `if`, so that `then` is the branch that applies, both merged into the
// schema; every dependent schema is merged and every dependent property required, whether or not
// the property they hang on is drawn (asking more of a value keeps it valid). Shared by the
// mock's drawn records and the suite's requests.
import { setOwn } from '../store/own-keys.js';
import { asObject, type JsonObject } from './json-pointer.js';

const CONDITIONS = ['if', 'then', 'else', 'dependentSchemas', 'dependentRequired', 'dependencies'] as const;
/** Rounds of folding: a merged part may bring conditions of its own. */
const MOST_ROUNDS = 8;
/** Bounds of which the merge keeps the tighter: the greater lower bound, the lesser upper one. */
const LOWER_BOUNDS = new Set(['minimum', 'minLength', 'minItems', 'minProperties']);
const UPPER_BOUNDS = new Set(['maximum', 'maxLength', 'maxItems', 'maxProperties']);

/** Whether a schema says one of the conditions. */
export function hasConditions(schema: JsonObject): boolean {
  return CONDITIONS.some((keyword) => schema[keyword] !== undefined);
}

/**
 * `schema` (its $refs and allOf already folded by `resolve`) with its conditions chosen: the
 * same object when it has none. `resolve` reads each part the conditions name.
 */
export function conditionsChosen(schema: JsonObject, resolve: Resolve): JsonObject {
  let current = schema;
  for (let round = 0; round < MOST_ROUNDS && hasConditions(current); round += 1) {
    const { parts, required } = conditionParts(current, resolve);
    const rest: JsonObject = {};
    for (const [keyword, value] of Object.entries(current))
      if (!(CONDITIONS as readonly string[]).includes(keyword)) setOwn(rest, keyword, value);
    current = mergedSchemas(rest, parts, required, resolve);
  }
  return current;
}

/** The parts a value must meet once the conditions are chosen, and the names it must hold. */
function conditionParts(schema: JsonObject, resolve: Resolve): { parts: JsonObject[]; required: string[] } {
  const parts: JsonObject[] = [];
  const required: string[] = [];
  // Meeting `if` makes `then` the branch that applies; an `if` with only an `else` is met alone.
  if (schema.if !== undefined && typeof schema.if === 'object') parts.push(resolve(schema.if));
  if (schema.if !== undefined && typeof schema.then === 'object') parts.push(resolve(schema.then));
  const dependents = [
    asObject(schema.dependentSchemas),
    asObject(schema.dependentRequired),
    asObject(schema.dependencies),
  ];
  for (const dependent of dependents) {
    for (const value of Object.values(dependent)) {
      if (Array.isArray(value)) for (const name of value) required.push(String(name));
      else if (typeof value === 'object' && value !== null) parts.push(resolve(value));
    }
  }
  return { parts, required };
}

/** Levels of properties merged keyword by keyword; deeper (a recursion on both sides), both are kept as an allOf. */
const MERGE_DEPTH = 16;

type Resolve = (raw: unknown) => JsonObject;

/**
 * `schema` with each of `parts` merged in: a property both declare must meet both (merged in
 * turn), bounds take the tighter, a const wins over an enum, two enums keep the values of both.
 */
function mergedSchemas(
  schema: JsonObject,
  parts: readonly JsonObject[],
  required: readonly string[],
  resolve: Resolve,
  depth = 0,
): JsonObject {
  const merged: JsonObject = { ...schema };
  const names = new Set<string>(Array.isArray(schema.required) ? schema.required.map(String) : []);
  for (const name of required) names.add(name);
  for (const part of parts) {
    for (const [keyword, value] of Object.entries(part)) {
      if (keyword === 'properties')
        merged.properties = mergedProperties(asObject(merged.properties), asObject(value), resolve, depth);
      else if (keyword === 'required' && Array.isArray(value)) for (const name of value) names.add(String(name));
      else if (merged[keyword] === undefined) setOwn(merged, keyword, value);
      else if (typeof value === 'number' && typeof merged[keyword] === 'number')
        merged[keyword] = tighter(keyword, merged[keyword] as number, value);
      else if (keyword === 'enum' && Array.isArray(value) && Array.isArray(merged.enum)) {
        const kept = new Set(value.map((item) => JSON.stringify(item)));
        const both = merged.enum.filter((item) => kept.has(JSON.stringify(item)));
        if (both.length > 0) merged.enum = both;
      }
    }
  }
  // A value drawn takes an enum before a const: the const is the one both allow.
  if ('const' in merged) delete merged.enum;
  if (names.size > 0) merged.required = [...names];
  return merged;
}

function tighter(keyword: string, one: number, other: number): number {
  if (LOWER_BOUNDS.has(keyword)) return Math.max(one, other);
  if (UPPER_BOUNDS.has(keyword)) return Math.min(one, other);
  return one;
}

/** Properties of two schemas: one both declare meets both. */
function mergedProperties(earlier: JsonObject, later: JsonObject, resolve: Resolve, depth: number): JsonObject {
  const merged: JsonObject = {};
  for (const [name, property] of Object.entries(earlier)) setOwn(merged, name, property);
  for (const [name, property] of Object.entries(later)) {
    if (!Object.hasOwn(earlier, name)) setOwn(merged, name, property);
    else if (depth >= MERGE_DEPTH) setOwn(merged, name, { allOf: [earlier[name], property] });
    else setOwn(merged, name, mergedSchemas(resolve(earlier[name]), [resolve(property)], [], resolve, depth + 1));
  }
  return merged;
}

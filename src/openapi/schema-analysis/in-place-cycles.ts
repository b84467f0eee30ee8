// Schemas that apply themselves to the same value, with no property or item between: A = allOf
// [B] and B = allOf [A], or A = anyOf [A, ...]. A validator checking a value against A checks it
// against B, then A again, for ever (Ajv's stack overflows on every request). A recursion through
// a property or an item (a tree of categories) is not one: each step goes one value deeper.
import type { JsonObject } from '../json-pointer.js';
import type { SchemaIndex, SchemaValue } from './schema-index.js';
import { findCycles } from './strongly-connected.js';

/** The schemas `schema` applies to its own value. */
export function sameValueParts(schema: JsonObject, index: SchemaIndex): object[] {
  const parts: unknown[] = [];
  if (typeof schema.$ref === 'string') parts.push(index.target(schema.$ref));
  for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = schema[keyword];
    if (Array.isArray(list)) for (const part of list) parts.push(part);
  }
  for (const keyword of ['not', 'if', 'then', 'else'] as const) parts.push(schema[keyword]);
  const dependent = schema.dependentSchemas;
  if (typeof dependent === 'object' && dependent !== null)
    for (const part of Object.values(dependent)) parts.push(part);
  return parts.filter((part): part is object => typeof part === 'object' && part !== null && !Array.isArray(part));
}

/** sameValueParts of each schema of `index`, read once. */
export function sameValuePartsOnce(index: SchemaIndex): (schema: object) => object[] {
  const partsOf = new Map<object, object[]>();
  return (schema) => {
    let found = partsOf.get(schema);
    if (!found) {
      found = sameValueParts(schema as JsonObject, index);
      partsOf.set(schema, found);
    }
    return found;
  };
}

/** Each cycle of schemas applied to the same value, from the first of them the document names. */
export function findInPlaceCycles(index: SchemaIndex): SchemaValue[][] {
  const parts = sameValuePartsOnce(index);
  return findCycles(index.pointers.keys(), parts).map((cycle) => inCycleOrder(cycle, parts, index));
}

/** The members of a cycle from its first-named one, each followed by the part that leads on. */
function inCycleOrder(component: object[], parts: (schema: object) => object[], index: SchemaIndex): SchemaValue[] {
  const members = new Set(component);
  const named = component.filter((member) => index.pointers.has(member));
  const first = (named.length > 0 ? named : component).reduce((earliest, member) =>
    (index.pointers.get(member) ?? '') < (index.pointers.get(earliest) ?? '') ? member : earliest,
  );
  const ordered: object[] = [first];
  const taken = new Set<object>(ordered);
  let at = first;
  for (let step = 0; step < component.length; step += 1) {
    const next = parts(at).find((part) => members.has(part) && (part === first || !taken.has(part)));
    if (!next || next === first) break;
    ordered.push(next);
    taken.add(next);
    at = next;
  }
  return ordered as SchemaValue[];
}

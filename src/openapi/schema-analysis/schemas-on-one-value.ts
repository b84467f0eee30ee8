// How many schemas a validator applies to one value: a schema, its $ref's target, the parts of
// its allOf, anyOf and oneOf, its not, if, then, else and dependentSchemas, and theirs in turn,
// each counted on every path that reaches it. A schema named twice by each of 40 levels of allOf
// is applied 2^40 times to one value: Ajv compiles it once, and calls it that many times per
// value. Counted with each schema's count kept, in time linear in the schemas.
import { sameValuePartsOnce } from './in-place-cycles.js';
import type { SchemaIndex } from './schema-index.js';
import { stronglyConnected } from './strongly-connected.js';

export type SchemasOnOneValue = {
  /** The most schemas applied to one value, from `start`. */
  count: number;
  /** The schema that applies them; undefined for a document of no schema. */
  start: object | undefined;
};

export function mostSchemasOnOneValue(index: SchemaIndex): SchemasOnOneValue {
  const parts = sameValuePartsOnce(index);
  const countOf = new Map<object, number>();
  let most: SchemasOnOneValue = { count: 0, start: undefined };
  // Each component comes after every one it leads to. A cycle (refused on its own, check-schemas.ts)
  // counts its members once.
  for (const component of stronglyConnected(index.pointers.keys(), parts)) {
    const members = new Set(component);
    let count = component.length;
    for (const member of component)
      for (const part of parts(member)) if (!members.has(part)) count += countOf.get(part) ?? 1;
    for (const member of component) countOf.set(member, count);
    if (count > most.count) most = { count, start: component[0] };
  }
  return most;
}

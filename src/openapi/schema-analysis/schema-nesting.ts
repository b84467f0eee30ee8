// How deep a contract's schemas nest in one another, through properties, items, the parts of
// allOf, anyOf and oneOf, and $refs: the depth a validator compiles and a generator walks, one
// call inside another. A recursion (a tree of categories) is compiled once, so the schemas of a
// cycle count once each, as one step of the chain. Measured without recursion, in linear time.
import type { JsonObject } from '../json-pointer.js';
import { type SchemaIndex, schemaChildren } from './schema-index.js';
import { stronglyConnected } from './strongly-connected.js';

export type DeepestNesting = {
  /** Schemas nested in one another along the deepest chain. */
  depth: number;
  /** The schemas of that chain, outermost first: one of each recursion it passes. */
  chain: object[];
};

/** The deepest chain of schemas nested in one another in the index. */
export function deepestNesting(index: SchemaIndex): DeepestNesting {
  const next = (schema: object): readonly object[] => {
    const found: object[] = [];
    schemaChildren(schema as JsonObject, '', (child) => {
      if (typeof child === 'object' && child !== null && !Array.isArray(child)) found.push(child);
    });
    const ref = (schema as { $ref?: unknown }).$ref;
    const target = typeof ref === 'string' && ref.startsWith('#') ? index.target(ref) : undefined;
    if (typeof target === 'object') found.push(target);
    return found;
  };
  const depthOf = new Map<object, number>();
  /** Each component's way down its deepest chain: the schema below it that starts that chain. */
  const deeperOf = new Map<object, object>();
  let start: object | undefined;
  // Each component comes after every component it leads to: theirs are known when it is reached.
  for (const component of stronglyConnected(index.pointers.keys(), next)) {
    const members = new Set(component);
    let below: object | undefined;
    for (const member of component) {
      for (const child of next(member)) {
        if (!members.has(child) && (depthOf.get(child) ?? 0) > (below ? (depthOf.get(below) ?? 0) : 0)) below = child;
      }
    }
    const depth = component.length + (below ? (depthOf.get(below) ?? 0) : 0);
    for (const member of component) {
      depthOf.set(member, depth);
      if (below) deeperOf.set(member, below);
    }
    if (depth > (start ? (depthOf.get(start) ?? 0) : 0)) start = component[0];
  }
  const chain: object[] = [];
  for (let at = start; at !== undefined; at = deeperOf.get(at)) chain.push(at);
  return { depth: start ? (depthOf.get(start) ?? 0) : 0, chain };
}

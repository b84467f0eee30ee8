// Names a contract may give its properties and parameters that every JavaScript object already
// answers to: constructor, __proto__, hasOwnProperty, toString... Ajv reads `data.constructor`,
// and on a plain object that is Object's function, so a record without such a property "has"
// one that is no string, and a property named __proto__ would be the object's prototype.
// Values handed to the validator are then copied into objects without a prototype, where a name
// is only what the value holds. Only a contract that uses such a name pays for the copy.
import { someObject } from './each-object.js';
import type { JsonObject } from './json-pointer.js';

/** Every name an object inherits from Object.prototype. */
const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Values, not schemas: a name in them is not one the document gives. */
const VALUES = new Set(['example', 'examples', 'default', 'enum']);

/** Whether the document names a property or a parameter as one an object inherits. */
export function usesInheritedNames(document: JsonObject): boolean {
  return someObject(
    document,
    (object) =>
      (isObject(object.properties) && Object.keys(object.properties).some((name) => INHERITED.has(name))) ||
      (Array.isArray(object.required) && object.required.some((name) => INHERITED.has(String(name)))) ||
      (typeof object.name === 'string' && typeof object.in === 'string' && INHERITED.has(object.name)),
    (key) => !VALUES.has(key),
  );
}

/**
 * A copy of a JSON value whose objects have no prototype: `copy.constructor` is undefined unless
 * the value holds one, and a key "__proto__" is a key. Arrays stay arrays. Without recursion.
 * With `renamed`, each key `from` is written `to` (proto-alias.ts).
 */
export function withoutPrototypes(value: unknown, renamed?: { from: string; to: string }): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const copyOf = (from: object): object => (Array.isArray(from) ? new Array(from.length) : Object.create(null));
  const root = copyOf(value);
  const stack: Array<[object, object]> = [[value, root]];
  while (stack.length > 0) {
    const [from, to] = stack.pop() as [object, object];
    for (const [key, child] of Object.entries(from)) {
      const copied = typeof child === 'object' && child !== null ? copyOf(child) : child;
      // A plain assignment: on an object without a prototype, "__proto__" makes a property too.
      (to as Record<string, unknown>)[renamed && key === renamed.from && !Array.isArray(to) ? renamed.to : key] =
        copied;
      if (copied !== child) stack.push([child as object, copied as object]);
    }
  }
  return root;
}

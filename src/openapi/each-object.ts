// Every object a JSON value holds, itself included, visited once each without recursion (a
// document nested thousands deep must not overflow the stack): the walk of the checks of names.
import type { JsonObject } from './json-pointer.js';

/**
 * Calls `visit` on each object of `root` until it answers true (then says so), going into the
 * members whose key `into` takes; arrays are gone through, their items visited. `visit` may change
 * the object it is given: its members are read after it.
 */
export function someObject(
  root: unknown,
  visit: (object: JsonObject) => boolean,
  into: (key: string) => boolean = () => true,
): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
      continue;
    }
    const object = value as JsonObject;
    if (visit(object)) return true;
    for (const [key, child] of Object.entries(object)) if (into(key)) stack.push(child);
  }
  return false;
}

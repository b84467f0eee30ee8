// Keys that are data: a collection, a counter, a field named by a contract. A contract may name
// one __proto__, constructor or hasOwnProperty, and then `object[name] = value` would set the
// object's prototype, and `object[name]` read Object's own function where nothing is stored.
// These two read and write the object's own property, whatever its name.

/** Sets `key` as `target`'s own property: "__proto__" included, whatever the prototype holds. */
export function setOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The value `source` holds itself at `key`, or undefined: never one it inherits. */
export function ownValue(source: object, key: string): unknown {
  return Object.hasOwn(source, key) ? (source as Record<string, unknown>)[key] : undefined;
}

// Fields a contract names, read and written as data: a field named constructor is absent from a
// record that does not hold one (record.constructor would be Object's function), and one named
// __proto__ is set as a field (an assignment would set the object's prototype).

/** The value `record` holds itself at `name`, or undefined: never one it inherits. */
export function ownField(record: unknown, name: string): unknown {
  return typeof record === 'object' && record !== null && Object.hasOwn(record, name)
    ? (record as Record<string, unknown>)[name]
    : undefined;
}

/** Whether `record` holds a field named `name` itself. */
export const holds = (record: unknown, name: string): boolean =>
  typeof record === 'object' && record !== null && Object.hasOwn(record, name);

/** Sets `name` as `target`'s own field, whatever the name. */
export function setField(target: object, name: string, value: unknown): void {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
}

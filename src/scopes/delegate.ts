// An object whose methods call those of whatever object `current()` answers at each call: a
// scope's handle keeps working when the scope is dropped and made anew (its world is replaced).

type Methods<T> = { [K in keyof T]: T[K] extends (...args: never[]) => unknown ? T[K] : never };

/** `shape` names the methods (its own enumerable ones); `current` gives the object that runs each call. */
export function delegateTo<T extends Methods<T>>(shape: T, current: () => T): T {
  const delegate: Partial<T> = {};
  for (const name of Object.keys(shape) as Array<keyof T>) {
    const call = (...args: unknown[]) =>
      // biome-ignore lint/plugin: the caller's own arguments, no more than its call put on the stack
      (current()[name] as (...args: unknown[]) => unknown)(...args);
    delegate[name] = call as T[typeof name];
  }
  return delegate as T;
}

// A small value read on every request without awaiting (the clock's settings, the latency), kept
// where the rest of the state is: in this process, or shared through Redis, where a write
// resolves once stored and reads see the copy brought up to date at the start of each request.

export type SharedValue<T> = {
  read(): T;
  /** Stores `next`; a shared store resolves once every process can read it. */
  write(next: T): void | Promise<void>;
  /**
   * Stores `change` of the value as it stands when the change lands, so that no change made at
   * the same time (by another request, or another process) is lost; resolves with what was stored.
   */
  update(change: (current: T) => T): T | Promise<T>;
};

export function createLocalValue<T>(initial: T): SharedValue<T> {
  let value = initial;
  return {
    read: () => value,
    write: (next) => {
      value = next;
    },
    update: (change) => {
      value = change(value);
      return value;
    },
  };
}

// Runs tasks one at a time per key, in the order they came, while tasks of different keys run
// together: a process's own decisions on one subject then never race each other for Redis.

export type KeyedChain = <T>(key: string, task: () => Promise<T>) => Promise<T>;

export function createKeyedChain(): KeyedChain {
  // The last task's settlement per key; dropped once idle, so keys seen once are not kept.
  const tails = new Map<string, Promise<void>>();
  return (key, task) => {
    const previous = tails.get(key);
    const run = previous ? previous.then(task) : task();
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}

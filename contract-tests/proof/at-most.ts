// The proof's suite runs side by side, a few at a time: each is a jest process of its own, and
// on a machine of two cores more than a few at once only wait on each other.
export function atMost(count: number): <T>(run: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (run) => {
    if (running >= count) await new Promise<void>((go) => waiting.push(go));
    else running += 1;
    try {
      return await run();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

// A read of shared state that many callers want at once: those who come while one is under way
// share the next one, which starts after they came, so each sees every change acknowledged
// before it asked (a run it joined midway might not), and a burst costs two runs, not one each.
export function sharedNextRun<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const start = (): Promise<T> => {
    if (!running) {
      running = run().finally(() => {
        running = undefined;
      });
      return running;
    }
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return start();
      });
    return next;
  };
  return start;
}

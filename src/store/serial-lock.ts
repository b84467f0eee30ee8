// A promise-chain lock: holders run one at a time, in the order they asked.
export type Release = () => void;

export type SerialLock = {
  /** Resolves once every earlier holder has released; call the answer (once or more) to release. */
  acquire(): Promise<Release>;
  /** Resolves once every holder so far has released. */
  idle(): Promise<void>;
};

export function createSerialLock(): SerialLock {
  let tail: Promise<void> = Promise.resolve();
  return {
    acquire() {
      let release: Release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const acquired = tail.then(() => release);
      tail = acquired.then(() => released);
      return acquired;
    },
    idle: () => tail,
  };
}

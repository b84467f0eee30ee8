// Requests are recorded after their answers have gone, many at a time under load: those added in
// the same turn of the event loop are stored together by one script, in the order they came,
// which costs Redis and this process one round trip per batch instead of one per request.

export type RecordBatches<T> = {
  /** Adds an entry; resolves once the batch holding it is stored (rejects with its failure). */
  add(entry: T): Promise<void>;
  /** Resolves once every entry added so far is stored or has failed: what a read of the record waits for. */
  settled(): Promise<void>;
};

export function createRecordBatches<T>(store: (batch: T[]) => Promise<void>, maxBatch: number): RecordBatches<T> {
  let waiting: { entries: T[]; stored: Promise<void> } | undefined;
  const inFlight = new Set<Promise<void>>();

  const open = () => {
    const batch: { entries: T[]; stored: Promise<void> } = { entries: [], stored: Promise.resolve() };
    batch.stored = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      if (waiting === batch) waiting = undefined;
      return store(batch.entries);
    });
    const settled = batch.stored.then(
      () => undefined,
      () => undefined,
    );
    inFlight.add(settled);
    void settled.then(() => inFlight.delete(settled));
    return batch;
  };

  return {
    add(entry) {
      if (!waiting || waiting.entries.length >= maxBatch) waiting = open();
      waiting.entries.push(entry);
      return waiting.stored;
    },
    async settled() {
      await Promise.all([...inFlight]);
    },
  };
}

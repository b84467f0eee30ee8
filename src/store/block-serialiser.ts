// Serialises the data set for the data file without redoing what has not changed: the
// collections' lists are cut into blocks of records, each kept as UTF-8 bytes and reused while its
// records are the same objects; records appended to a block add a part to it instead of remaking
// it. Records are frozen once serialised, so a change must replace a record (the store's rule):
// changing one in place would throw instead of leaving the file stale.
// The work is done a slice at a time, between which the server answers requests: a data file of
// a million pets is over 100 MB of JSON, seconds of work the first time.
import { collectionNames, type DataSet } from './data-set.js';
import { nextTurn } from './group-commit.js';

const BLOCK_SIZE = 1_000;
/** A block grown by more appends than this is serialised again as one part: writes stay a few hundred buffers. */
const MAX_PARTS_PER_BLOCK = 16;
/** The longest the serialiser works before it lets the server answer requests. */
const SLICE_MS = 8;

/** A block's records, and their JSON as comma-separated parts: a block that grows gets a part more. */
type Block = { readonly records: readonly object[]; readonly parts: readonly Buffer[] };

const COMMA = Buffer.from(',');

/** How many records the cached block and records[start, end) share from their start; -1 if the block is not a prefix. */
function keptPrefix(cached: readonly object[], records: readonly object[], start: number, end: number): number {
  if (cached.length > end - start) return -1;
  for (let index = 0; index < cached.length; index += 1) if (cached[index] !== records[start + index]) return -1;
  return cached.length;
}

/**
 * JSON bytes in shared memory: the file's writer thread receives them without a copy (a part
 * never changes once made).
 */
function sharedBytes(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const shared = Buffer.from(new SharedArrayBuffer(bytes.length));
  bytes.copy(shared);
  return shared;
}

const toJson = (record: object): string => JSON.stringify(Object.freeze(record));

const partOf = (records: readonly object[], start: number, end: number): Buffer =>
  sharedBytes(records.slice(start, end).map(toJson).join(','));

export type DataSetSerialiser = {
  /**
   * The file's bytes for `data`, with the fields of `head` first after its version. `data` must
   * not change until the answer resolves: give a copy of the lists (the records are frozen).
   */
  serialise(data: DataSet, head?: Readonly<Record<string, unknown>>): Promise<Buffer[]>;
};

export function createBlockSerialiser(): DataSetSerialiser {
  const cache = new Map<string, Block[]>();
  let sliceStart = 0;
  /** Lets the server answer once a slice of work is done. */
  const pause = async () => {
    if (performance.now() - sliceStart < SLICE_MS) return;
    await nextTurn();
    sliceStart = performance.now();
  };

  async function listBytes(name: string, records: readonly object[]): Promise<Buffer[]> {
    const previous = cache.get(name) ?? [];
    const blocks: Block[] = [];
    for (let start = 0; start < records.length; start += BLOCK_SIZE) {
      const end = Math.min(start + BLOCK_SIZE, records.length);
      const cached = previous[blocks.length];
      const kept = cached ? keptPrefix(cached.records, records, start, end) : -1;
      if (cached && kept === end - start) {
        blocks.push(cached);
      } else if (cached && kept > 0 && cached.parts.length < MAX_PARTS_PER_BLOCK) {
        // Records appended (creates land in the last block): only theirs are serialised.
        blocks.push({
          records: records.slice(start, end),
          parts: [...cached.parts, partOf(records, start + kept, end)],
        });
      } else {
        blocks.push({ records: records.slice(start, end), parts: [partOf(records, start, end)] });
      }
      await pause();
    }
    cache.set(name, blocks);
    const bytes: Buffer[] = [];
    for (const block of blocks) {
      for (const part of block.parts) {
        if (bytes.length > 0) bytes.push(COMMA);
        bytes.push(part);
      }
    }
    return bytes;
  }

  return {
    async serialise(data, head = {}) {
      sliceStart = performance.now();
      const big = collectionNames(data);
      const { version, ...rest } = data;
      const small: Record<string, unknown> = { version, ...head, ...rest };
      for (const name of big) delete small[name];
      for (const name of cache.keys()) if (!big.includes(name)) cache.delete(name);
      // Everything but the collections' lists is small: serialised afresh each time.
      const parts: Buffer[] = [Buffer.from(JSON.stringify(small).slice(0, -1), 'utf8')];
      for (const name of big) {
        parts.push(Buffer.from(`,${JSON.stringify(name)}:[`));
        for (const part of await listBytes(name, data[name] as object[])) parts.push(part);
        parts.push(Buffer.from(']'));
      }
      parts.push(Buffer.from('}'));
      return parts;
    },
  };
}

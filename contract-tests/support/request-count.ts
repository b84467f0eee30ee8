// How many of a key's requests an implementation counted across a step, told apart from another
// client's requests on the same key (another CI job, another run). The run's own other requests
// of the key wait meanwhile (the key is held alone). The step is bracketed by two reads before
// and two after: each pair one apart says no one else sent then. Another client only ever takes
// more: a count that fell by less than expected is the implementation's at once; one that fell
// by more is the implementation's only when it falls the same with quiet brackets twice.
import type { Exchange } from './exchange.js';
import { withKeyAlone } from './key-pace.js';
import { sharing, WRITES } from './run-locks.js';
import { CheckSkipped } from './scheduler.js';

const TRIES = 6;

const remainingOf = (exchange: Exchange) => Number(exchange.headers['x-ratelimit-remaining']);
const windowOf = (exchange: Exchange) =>
  `${exchange.headers['x-ratelimit-limit']} ${exchange.headers['x-ratelimit-reset']}`;

export type CountedStep = {
  /** The key's id (keys.ts keyId), held alone while the step is counted. */
  key: string;
  /** How the key is shown, for the skip's reason. */
  shownAs: string;
  /** One request of the key that counts one (a plain read). */
  read: () => Promise<Exchange>;
  /** The step whose requests are counted; what it answers goes to `fault`. */
  step: () => Promise<Exchange | undefined>;
  /** How far Remaining falls from the read before the step to the read after it (that read included). */
  expected: number;
  /** The fault to report: what the step answered, and the reads around it. */
  fault: (fell: { before: Exchange; after: Exchange; sent: Exchange | undefined }) => Error;
};

type Measured = { before: Exchange; after: Exchange; sent: Exchange | undefined; quiet: boolean };

async function measure(counted: CountedStep): Promise<Measured | undefined> {
  // The step may write (a 409, a 422): the run's writes are shared first, as the locks' order asks.
  return sharing(WRITES, () =>
    withKeyAlone(counted.key, async () => {
      const first = await counted.read();
      const before = await counted.read();
      const sent = await counted.step();
      const after = await counted.read();
      const last = await counted.read();
      const reads = [first, before, after, last];
      if (reads.some((read) => windowOf(read) !== windowOf(first))) return undefined;
      const quiet = remainingOf(first) - remainingOf(before) === 1 && remainingOf(after) - remainingOf(last) === 1;
      return { before, after, sent, quiet };
    }),
  );
}

/** Passes when the step was counted as expected; throws the fault, or skips when others kept sending. */
export async function requireCounted(counted: CountedStep): Promise<void> {
  let fellByMoreQuietly: number | undefined;
  let busy = 0;
  for (let attempt = 0; attempt < TRIES; attempt += 1) {
    const measured = await measure(counted);
    // A window ended between the reads: read again.
    if (!measured) continue;
    const fell = remainingOf(measured.before) - remainingOf(measured.after);
    if (fell === counted.expected) return;
    if (fell < counted.expected) throw counted.fault(measured);
    if (!measured.quiet) {
      busy += 1;
      // Another client's burst may pass: a moment before the next try.
      await new Promise((done) => setTimeout(done, 200 * (1 + Math.random() * 4)));
      continue;
    }
    if (fellByMoreQuietly === fell) throw counted.fault(measured);
    fellByMoreQuietly = fell;
  }
  if (busy > 0 || fellByMoreQuietly !== undefined) {
    throw new CheckSkipped(
      `another client used ${counted.shownAs} during the check: X-RateLimit-Remaining fell by more than this check's own requests on ${TRIES} tries; run it when the key is not in use, or give a key of its own`,
    );
  }
  throw new CheckSkipped(`${TRIES} tries in a row straddled a window boundary of ${counted.shownAs}`);
}

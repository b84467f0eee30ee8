// How many of a key's requests an implementation counted across a step, told apart from another
// client's requests on the same key (another CI job, another run). The run's own other requests
// of the key wait meanwhile (the key is held alone). The step is bracketed by three reads before
// and three after: each one apart from the next says no one else sent then. Another client only
// ever takes more: a count that fell by less than expected is the implementation's at once; one
// that fell by more is the implementation's only when it falls the same, with quiet brackets,
// three tries in a row (another run on the same key sends many requests a second: once or twice,
// its requests may fall between quiet reads).
import type { Exchange } from './exchange.js';
import { withKeyAlone } from './key-pace.js';
import { LIMIT_NAME, limitValue, windowOf } from './limit-window.js';
import { sharing, WRITES } from './run-locks.js';
import { CheckSkipped } from './scheduler.js';

const TRIES = 8;
/** Reads on each side of the step. */
const BRACKET = 3;
/** Quiet tries that fell the same wrong way before it is the implementation's count. */
const SAME_WRONG = 3;

const remainingOf = (exchange: Exchange) => limitValue(exchange, 'remaining');

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
      const reads = async () => {
        const answers: Exchange[] = [];
        for (let read = 0; read < BRACKET; read += 1) answers.push(await counted.read());
        return answers;
      };
      const beforeReads = await reads();
      const sent = await counted.step();
      const afterReads = await reads();
      const all = [...beforeReads, ...afterReads];
      if (all.some((read) => windowOf(read) !== windowOf(all[0] as Exchange))) return undefined;
      const oneApart = (answers: Exchange[]) =>
        answers.every(
          (read, index) => index === 0 || remainingOf(answers[index - 1] as Exchange) - remainingOf(read) === 1,
        );
      return {
        before: beforeReads.at(-1) as Exchange,
        after: afterReads[0] as Exchange,
        sent,
        quiet: oneApart(beforeReads) && oneApart(afterReads),
      };
    }),
  );
}

/** A moment before the next try: another client's burst may pass. */
const pause = () => new Promise((done) => setTimeout(done, 200 * (1 + Math.random() * 4)));

/** Passes when the step was counted as expected; throws the fault, or skips when others kept sending. */
export async function requireCounted(counted: CountedStep): Promise<void> {
  let sameWrong = { fell: Number.NaN, tries: 0 };
  let busy = 0;
  for (let attempt = 0; attempt < TRIES; attempt += 1) {
    const measured = await measure(counted);
    // A window ended between the reads: read again.
    if (!measured) continue;
    const fell = remainingOf(measured.before) - remainingOf(measured.after);
    if (fell === counted.expected) return;
    if (fell < counted.expected) throw counted.fault(measured);
    if (measured.quiet) {
      sameWrong = { fell, tries: sameWrong.fell === fell ? sameWrong.tries + 1 : 1 };
      if (sameWrong.tries >= SAME_WRONG) throw counted.fault(measured);
    } else {
      busy += 1;
      sameWrong = { fell: Number.NaN, tries: 0 };
    }
    await pause();
  }
  if (busy > 0 || sameWrong.tries > 0) {
    throw new CheckSkipped(
      `another client used ${counted.shownAs} during the check: ${LIMIT_NAME.remaining} fell by more than this check's own requests on ${TRIES} tries; run it when the key is not in use, or give a key of its own`,
    );
  }
  throw new CheckSkipped(`${TRIES} tries in a row straddled a window boundary of ${counted.shownAs}`);
}

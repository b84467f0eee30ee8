// The verdicts of the fault cases whose answers break (the 503 of `fault-unavailable` is a
// refusal, judged as a 429): a read reset, cut short or stalled is read again, after a wait
// (never at once) where it was reset, and never taken as answered; a stalled one is timed out; a
// create whose answer was lost is not sent again blindly, for it was stored (a duplicate, both
// ids shown). A client that makes no create is not judged on the last.
import type { GateExchange } from './case-gate.js';
import type { SdkCase } from './catalogue.js';
import { type BusySample, waitedBeforeLastWordsMs } from './client-busy.js';
import { leftHeldFrom } from './judge-resends.js';
import { judgedWaits, seconds } from './judge-retries.js';
import type { TimedRequest } from './timed-requests.js';

export type FaultRun = {
  exitCode: number | null;
  timedOut: boolean;
  timeoutSeconds: number;
  exchanges?: readonly GateExchange[];
  clientBusy?: readonly BusySample[];
};

const BROKEN: Record<string, string> = {
  reset: 'its connection was reset before the answer',
  cut: 'its answer was cut short of its Content-Length',
  stall: 'its answer stalled after the head',
};

/**
 * Judges a read case whose answers break. Returns whether the run's end was judged here (the
 * caller then says nothing more of how it ended), or, judged here, why a busy machine hid it.
 */
export function judgeBrokenReads(
  testCase: SdkCase,
  record: readonly TimedRequest[],
  run: FaultRun,
  reasons: string[],
  notes: string[],
): boolean | string {
  const kind = testCase.setUp.fault?.kind;
  if (testCase.setUp.fault?.on !== 'reads' || kind === undefined || kind === 'unavailable') return false;
  const broken = record.flatMap((request, position) => (request.fault === kind ? [position] : []));
  const lastAt = broken.at(-1);
  if (lastAt === undefined) return false;
  const last = record[lastAt] as TimedRequest;
  const next = record[lastAt + 1];
  const what = `${last.method} ${last.path}, after ${BROKEN[kind]}`;
  if (!next) {
    if (run.timedOut)
      reasons.push(
        kind === 'stall'
          ? `hung on a stalled answer: still waiting for the body of ${last.method} ${last.path} when the case's time limit (${run.timeoutSeconds} s) ended. Give every request a timeout well within that, one that covers its body (fetch: signal: AbortSignal.timeout(10_000); got: timeout.request), then read again`
          : `still running when the case's time limit (${run.timeoutSeconds} s) ended, with no request after ${what}: the client hangs`,
      );
    else if (kind === 'cut' && run.exitCode === 0)
      reasons.push(
        `ended (exit code 0) with no request after ${what}: it took the partial body for the answer, or dropped the read. An answer short of its Content-Length is no answer (RFC 9112 section 6.3): read again`,
      );
    else {
      // Its own timeout, on the broken read or on its read again, where a busy machine held the mock.
      const ended = `ended (exit code ${run.exitCode ?? 'none'})`;
      const held = leftHeldFrom(run.exchanges ?? [], last, testCase.setUp.latencyMs ?? 0, ended);
      if (held) return held;
      const lingered = lingeredAfter(
        last,
        run.clientBusy,
        `${last.method} ${last.path} broke (${BROKEN[kind]})`,
        ended,
      );
      if (lingered) return lingered;
      reasons.push(
        `gave up on ${what} (exit code ${run.exitCode ?? 'none'}): read again${kind === 'reset' ? ', with growing waits,' : ''} instead of ending`,
      );
    }
    return true;
  }
  if (kind === 'cut' && (next.method !== last.method || next.path !== last.path))
    reasons.push(
      `went on to ${next.method} ${next.path} without reading ${last.method} ${last.path} again, after its answer was cut short of its Content-Length: it used the partial body, or dropped the read; read it again`,
    );
  if (kind === 'cut' && next.method === last.method && next.path === last.path)
    notes.push('read again after its answer was cut short of its Content-Length, and went on');
  if (kind === 'stall')
    notes.push(`timed the stalled read out after ${seconds((next.arrivedMs - last.arrivedMs) / 1000)}, and read again`);
  if (kind === 'reset') {
    const after = broken.filter((position) => position + 1 < record.length).map((position) => position + 1);
    const { atOnce, shown } = judgedWaits(record, after, run.clientBusy);
    const resets = `${broken.length} ${broken.length === 1 ? 'reset' : 'resets in a row'}`;
    if (atOnce)
      reasons.push(
        `read again at once (waits of ${shown}) after ${resets}: wait before reading again, and back off (each wait longer)`,
      );
    else notes.push(`read again after each reset (waits of ${shown}), and went on`);
  }
  return false;
}

/**
 * A client that gives up on a broken read says so without a wait of its own (however long a busy
 * machine keeps it queued). One that waited this long before its last words was waiting to read again.
 */
const LINGER_MS = 400;

/**
 * The end of a client that waited after the break before its last words (its error), then ended
 * with no request reaching the mock:
 * its read again can have been stopped before it was sent by its own timeout, counted from its
 * first attempt and run out on a busy machine (ofetch's covers its retries). Undefined where it
 * waited for nothing, or its readings are missing.
 */
function lingeredAfter(
  last: TimedRequest,
  clientBusy: readonly BusySample[] | undefined,
  broken: string,
  ended: string,
): string | undefined {
  const waitedMs = clientBusy ? waitedBeforeLastWordsMs(clientBusy, last.answeredMs ?? last.arrivedMs) : undefined;
  if (waitedMs === undefined || waitedMs < LINGER_MS) return undefined;
  return `undetermined: it waited ${seconds(waitedMs / 1000)} after ${broken}, before its last output, then ${ended} with no request reaching the mock: a client that gives up says so without a wait, so it was waiting to read again, and its own timeout can have stopped that read before it was sent, run out while a busy machine kept the client or the mock off a CPU. Run the case again on a machine with a CPU free`;
}

/** The id a create's Location named; undefined where its answer named none (a contract that declares no Location). */
const idOf = (exchange: GateExchange) => exchange.location?.split('/').at(-1);
const stored = (exchange: GateExchange) =>
  exchange.status !== undefined && exchange.status >= 200 && exchange.status < 300;

/**
 * The create case: undefined where the client made no create (the case was not exercised);
 * otherwise whether it sent the lost create again blindly, with the ids it made.
 */
export function judgeLostCreate(run: FaultRun, reasons: string[], notes: string[]): 'judged' | 'not-exercised' {
  const exchanges = run.exchanges ?? [];
  const creates = exchanges.filter((exchange) => exchange.method === 'POST');
  const lost = creates.find((exchange) => exchange.broken);
  if (!lost) {
    notes.push(
      creates.length === 0
        ? 'not exercised: the client made no create (POST). Make one where PETSTORE_SDK_CHECK_CASE is fault-create-reset, to learn what it does when the answer of a create is lost'
        : 'not exercised: the create the fault was for never reached the mock',
    );
    return 'not-exercised';
  }
  const again = creates.filter(
    (exchange) =>
      exchange.arrivedMs > lost.arrivedMs && exchange.path === lost.path && exchange.sentBody === lost.sentBody,
  );
  const firstAgain = again[0];
  const readFirst = exchanges.some(
    (exchange) =>
      exchange.method === 'GET' &&
      exchange.arrivedMs > lost.arrivedMs &&
      exchange.arrivedMs < (firstAgain?.arrivedMs ?? Number.POSITIVE_INFINITY),
  );
  const lostId = idOf(lost);
  if (!firstAgain) {
    notes.push(
      `did not send ${lost.method} ${lost.path} again after its connection was reset (${readFirst ? 'it read first' : 'it surfaced the error'}): the mock holds the one it stored${lostId ? `, id ${lostId}` : ''}`,
    );
    return 'judged';
  }
  const duplicates = again.filter(stored);
  const ids = [lost, ...duplicates].map(idOf);
  const when = `${seconds((firstAgain.arrivedMs - lost.arrivedMs) / 1000)} after its connection was reset${readFirst ? ', though it read in between' : ', without reading first'}`;
  reasons.push(
    duplicates.length > 0
      ? `sent ${lost.method} ${lost.path} again ${when}: the first had been stored, so the mock now holds ${duplicates.length + 1} of it${ids.every(Boolean) ? `, ids ${ids.join(' and ')}` : ''}. A create whose answer was lost may have been stored: read before sending it again, or surface the error`
      : `sent ${lost.method} ${lost.path} again ${when}, and got ${firstAgain.status ?? 'no answer'}: the first had been stored${lostId ? ` (id ${lostId})` : ''}. A create whose answer was lost may have been stored: read before sending it again, or surface the error`,
  );
  return 'judged';
}

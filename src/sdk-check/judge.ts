// The verdict of one case, from what the client did: the mock's record of its requests (the same
// the dashboard's timeline draws), with the gate's times of each on this machine's clock
// (timed-requests.ts), in words an SDK author acts on. A verdict rests on the client's own waits,
// each measured from when the answer it followed went out, and on counts; never on where a window
// boundary fell, on a storm's draw, or on how fast the machine was. A client that never met the
// case's edge is told so: neither passed nor failed. The words cite what the RFCs and the seed say.
import type { RecordedRequest } from '../limits/request-record.js';
import { answersAsRead } from './answers-read.js';
import type { EmptyConnection, GateExchange } from './case-gate.js';
import { PETSTORE_WORDS } from './case-words.js';
import { LONG_WAIT_SECONDS, MIN_CALLS, type SdkCase } from './catalogue.js';
import { type BusySample, sendsShown } from './client-busy.js';
import { judgeBrokenReads, judgeLostCreate } from './judge-faults.js';
import { judgeLeftUnanswered, judgeResends, leftHeldFrom } from './judge-resends.js';
import { judgeBackoff, seconds } from './judge-retries.js';
import {
  callsWhileBanned,
  type EarlyRetry,
  earlyRetries,
  isRefusal,
  type TimedRequest,
  timedRequests,
} from './timed-requests.js';

export type ClientRun = {
  exitCode: number | null;
  timedOut: boolean;
  seconds: number;
  timeoutSeconds: number;
  /** Seconds from the command's start to its first request (the case's start). */
  firstRequestSeconds?: number;
  /** Why the command could not be started at all. */
  startError?: string;
  /** Whether the case cleared the road after the client came back from its edge. */
  roadCleared?: boolean;
  /** The client's busy time over the run (client-busy.ts), where it could be read. */
  clientBusy?: readonly BusySample[];
  /** When each request arrived and was answered (real ms), and how, in the record's order. */
  exchanges?: readonly GateExchange[];
  /** Connections it opened and closed with no request on them. */
  emptyConnections?: readonly EmptyConnection[];
};

/**
 * Passed, failed, or not exercised (the client never did what the case is about: neither), or
 * undetermined (a busy machine hid whether it waited as told: neither); or skipped, never run:
 * the contract served lacks what the case needs (contract-cases.ts).
 */
export type VerdictStatus = 'passed' | 'failed' | 'not-exercised' | 'undetermined' | 'skipped';

export type Verdict = {
  status: VerdictStatus;
  /** Why it failed, each a thing to change in the client. */
  reasons: string[];
  /** What was seen, and what was credited. */
  notes: string[];
};

const verdictOf = (reasons: string[], notes: string[]): Verdict => ({
  status: reasons.length === 0 ? 'passed' : 'failed',
  reasons,
  notes,
});
const notExercised = (why: string, notes: string[]): Verdict => ({
  status: 'not-exercised',
  reasons: [],
  notes: [...notes, `not exercised: ${why}`],
});
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** How a refusal said to wait, as the client read it. */
function waitSaid(refusal: RecordedRequest, testCase: SdkCase): string {
  const wait = refusal.retryAfterSeconds ?? 0;
  const hours = wait >= 3_600 ? ` (${Math.round(wait / 360) / 10} h)` : '';
  const limitRefusal = refusal.status === 429 && !refusal.storm;
  if (testCase.setUp.withoutRetryAfter && limitRefusal)
    return `no Retry-After, and ${(testCase.words ?? PETSTORE_WORDS).reset} ${wait} s after the answer's Date${hours}`;
  return testCase.setUp.retryAfterFormat === 'http-date' && limitRefusal
    ? `Retry-After: an HTTP-date ${wait} s after the answer's Date${hours}`
    : `Retry-After: ${wait}${hours}`;
}

/** Why the client never met the case's edge (what the case is about), or undefined where it did. */
function unmetEdge(testCase: SdkCase, record: readonly RecordedRequest[]): string | undefined {
  const { meets } = testCase.expect;
  const needs = `make ${MIN_CALLS} or more calls in one run`;
  const made = `the client made ${plural(record.length, 'request')}`;
  if (meets === 'rate-limited' || meets === 'day-limit') {
    if (record.some((request) => request.status === 429 && !request.storm)) return undefined;
    return `${made} and never reached the limit (${testCase.setUp.limits.perMinute} a minute, ${testCase.setUp.limits.perDay} a day): ${needs}`;
  }
  if (meets === 'storm')
    return record.some((request) => request.storm) ? undefined : `${made} and met no storm 429: ${needs}`;
  if (meets === 'banned')
    return record.some((request) => request.code === 'API_KEY_BANNED') ? undefined : `${made} and met no ban: ${needs}`;
  if (meets === 'fault') {
    const kind = testCase.setUp.fault?.kind;
    const reads = testCase.setUp.fault?.on === 'reads' ? ', none of them a read (GET)' : '';
    return record.some((request) => request.fault === kind)
      ? undefined
      : `${made}${record.some((request) => request.method === 'GET') ? '' : reads} and met no fault: ${needs}`;
  }
  if (meets === 'limit-or-pacing') {
    // The answer that says X-RateLimit-Remaining: 0 is the one that takes the last of the window.
    const { limits, windows } = testCase.setUp;
    const lastServed = limits.perMinute - (windows?.minute?.used ?? 0);
    return record.length > lastServed
      ? undefined
      : `${made}, none after the answer that said ${(testCase.words ?? PETSTORE_WORDS).remainingZero}: ${needs}`;
  }
  return record.filter((request) => request.status < 400).length >= 2 ? undefined : `${made}: ${needs}`;
}

/** What the client did in counts: its requests, their answers, how and when it ended. */
function countsNote(record: readonly RecordedRequest[], run: ClientRun): string {
  const refusals = record.filter(isRefusal);
  const answered = record.filter((request) => request.status < 400);
  const started =
    run.firstRequestSeconds !== undefined && run.firstRequestSeconds >= 1
      ? `; its first request ${seconds(run.firstRequestSeconds)} after the start, where the case began`
      : '';
  // Requests it left before the mock came to them are in the gate's exchanges alone.
  const unrecorded = Math.max(0, (run.exchanges?.length ?? 0) - record.length);
  const leftShown = unrecorded > 0 ? `, ${unrecorded} left before an answer` : '';
  return `${plural(record.length + unrecorded, 'request')}: ${answered.length} answered, ${refusals.filter((r) => r.status === 429).length} refused 429, ${refusals.filter((r) => r.status === 403).length} refused 403${leftShown}; exit code ${run.exitCode ?? 'none'} after ${seconds(run.seconds)}${started}`;
}

/**
 * A run whose record holds no request: one the client left before the mock came to it is judged
 * by when it left; otherwise the command never started, sent nothing in time, or ended first.
 */
function judgeNoRecord(testCase: SdkCase, run: ClientRun, notes: string[]): Verdict {
  const ended = `ended (exit code ${run.exitCode ?? 'none'})`;
  const left = run.startError
    ? undefined
    : judgeLeftUnanswered(run.exchanges ?? [], testCase.setUp.latencyMs ?? 0, ended);
  if (left?.kind === 'too-short') return verdictOf([left.reason], notes);
  if (left?.kind === 'hidden') return { status: 'undetermined', reasons: [], notes: [...notes, left.note] };
  const opened = run.emptyConnections?.[0];
  if (opened)
    return {
      status: 'undetermined',
      reasons: [],
      notes: [
        ...notes,
        `undetermined: it opened ${plural(run.emptyConnections?.length ?? 1, 'connection')} to the API and closed ${run.emptyConnections?.length === 1 ? 'it' : 'them'} without sending a request (the first ${opened.closedMs - opened.acceptedMs} ms after the mock accepted it), and ${ended}: a busy machine can have kept it off a CPU until its own timeout was due, before it sent. Run the case again on a machine with a CPU free; if it says the same, the client connects and never sends`,
      ],
    };
  return verdictOf(
    [
      run.startError
        ? `the command could not be started (${run.startError}): check the command after --`
        : run.timedOut
          ? `the client sent no request within ${run.timeoutSeconds} s of its start: it must call the API at PETSTORE_BASE_URL with the key in PETSTORE_API_KEY`
          : `the client ${ended} without sending a request: it must call the API at PETSTORE_BASE_URL with the key in PETSTORE_API_KEY`,
    ],
    notes,
  );
}

export function judgeCase(testCase: SdkCase, record: readonly RecordedRequest[], run: ClientRun): Verdict {
  const reasons: string[] = [];
  const notes: string[] = [countsNote(record, run)];
  if (record.length === 0) return judgeNoRecord(testCase, run, notes);
  if (testCase.setUp.fault?.on === 'creates') {
    const judged = judgeLostCreate(run, reasons, notes);
    return judged === 'not-exercised' ? { status: 'not-exercised', reasons, notes } : verdictOf(reasons, notes);
  }
  const unmet = unmetEdge(testCase, record);
  if (unmet) return notExercised(unmet, notes);

  // Answers the client's reads show it never took in told it nothing (answers-read.ts).
  const exchanges = run.exchanges && run.clientBusy ? answersAsRead(run.exchanges, run.clientBusy) : run.exchanges;
  const timed = timedRequests(record, exchanges);
  // The client's readings judge a retry's send only where they show its sends at all.
  const busy = run.clientBusy && sendsShown(run.clientBusy, timed) ? run.clientBusy : [];
  const keepsAlive = (exchanges ?? []).some((exchange) => exchange.opensConnection !== true);
  const judged = earlyRetries(timed, testCase.expect.mustNotBeBanned === true, busy, keepsAlive);
  const early = judged.filter((retry) => !retry.unknowable);
  const first = early[0];
  const backoff = judgeBackoff(testCase, timed, early, run.clientBusy, reasons, notes);
  if (!backoff && first)
    reasons.push(
      `${retried(first)} after a ${first.refusal.status} that said ${waitSaid(first.refusal, testCase)}${early.length > 1 ? ` (${early.length} early retries in all)` : ''}${cameLate(first)}`,
    );
  const bannedCalls = callsWhileBanned(timed, busy);
  const whileBanned = bannedCalls.filter((call) => !call.unknowable);
  if (whileBanned.length > 0)
    reasons.push(
      `sent ${plural(whileBanned.length, 'request')} while banned (the 403 said to wait ${whileBanned[0]?.refusal.retryAfterSeconds ?? 0} s)`,
    );
  if (testCase.expect.mustNotBeBanned && record.some((request) => request.code === 'API_KEY_BANNED'))
    reasons.push(
      `its requests together reached the ban (${testCase.setUp.banThreshold ?? 'the threshold of'} requests while limited): requests in flight on one key must all wait the Retry-After of the first 429`,
    );

  const brokenEnd = judgeBrokenReads(testCase, timed, run, reasons, notes);
  const endHidden =
    brokenEnd === false
      ? judgeTheEnd(testCase, timed, run, Boolean(first), reasons, notes)
      : typeof brokenEnd === 'string'
        ? brokenEnd
        : undefined;

  if (testCase.expect.meets === 'limit-or-pacing' && !record.some((request) => request.status === 429))
    notes.push(
      `paced itself: no 429, it waited for the window once ${(testCase.words ?? PETSTORE_WORDS).remaining} reached 0 (credited)`,
    );
  // Every request the gate saw: one the client left before its answer may be missing from the record.
  const resends =
    testCase.expect.meets === 'slow-answers'
      ? judgeResends(exchanges ?? timed, testCase.setUp.latencyMs ?? 0)
      : { kind: 'none' as const };
  if (resends.kind === 'too-short') reasons.push(resends.reason);
  if (resends.kind === 'outlasted') notes.push(resends.note);
  if (run.roadCleared) notes.push('came back from its edge: the case then lifted its limits for the rest of the run');
  const unsure = backoff ? bannedCalls : judged.concat(bannedCalls);
  const hidden = unsure.find((retry) => retry.unknowable);
  if (reasons.length === 0 && typeof backoff === 'object')
    return { status: 'undetermined', reasons, notes: [...notes, backoff.undetermined] };
  if (reasons.length === 0 && hidden) return undetermined(hidden, testCase, notes);
  if (reasons.length === 0 && endHidden) return { status: 'undetermined', reasons, notes: [...notes, endHidden] };
  if (reasons.length === 0 && resends.kind === 'hidden')
    return { status: 'undetermined', reasons, notes: [...notes, resends.note] };
  return verdictOf(reasons, notes);
}

/** How long after the answer the client retried: when it woke for it, where that shows it early. */
const retried = (retry: EarlyRetry) =>
  retry.wokeSeconds === undefined
    ? `retried ${seconds(retry.waitedSeconds)}`
    : `woke to retry ${seconds(retry.wokeSeconds)}`;
const cameLate = (retry: EarlyRetry) =>
  retry.wokeSeconds === undefined
    ? ''
    : `; its request came ${seconds(retry.waitedSeconds)} after the answer only because a busy machine made it wait for a CPU`;

/** A retry that a busy machine hid: neither passed nor failed, with what was seen. */
function undetermined(retry: EarlyRetry, testCase: SdkCase, notes: string[]): Verdict {
  const seen = whatWasSeen(retry, `a ${retry.refusal.status} that said ${waitSaid(retry.refusal, testCase)}`);
  return {
    status: 'undetermined',
    reasons: [],
    notes: [...notes, `undetermined: ${seen}. Run the case again on a machine with a CPU free`],
  };
}

/** What the readings showed of a retry after its wait that they cannot tell from an early one. */
function whatWasSeen(retry: EarlyRetry, said: string): string {
  const came = `${seconds(retry.waitedSeconds)} after ${said}, after the wait`;
  switch (retry.unknowable?.why) {
    case 'sibling':
      return `a request on a connection it opened with its first requests came ${came}; its readings show it sent a request at once after the answer, but not whether that one was sent with the refused request or as its retry`;
    case 'own-connection':
      return `a request on a connection of its own came ${seconds(retry.waitedSeconds)} after ${said}, before the wait was over, and no request of the client came back on a connection: whether it was sent with the refused request (a sibling a busy machine let leave late) or as its retry cannot be told`;
    case 'other-answer':
      return `its retry came ${came}; it woke ${seconds(retry.wokeSeconds ?? 0)} after that answer, as another answer came to it, and a busy machine kept it queued for a CPU until it sent the retry: whether it woke to read that answer or to retry early cannot be told`;
    case 'mid-wait':
      return `its retry came ${came}; it woke ${seconds(retry.wokeSeconds ?? 0)} after that answer, before the wait was over, and a busy machine kept it queued for a CPU until it sent the retry: whether it woke to retry early or for a timer of its own (a runtime's housekeeping), the retry's timer run in the same turn, cannot be told, and no other retry of the case came early`;
    case 'unsampled':
      return `its retry came ${came}, but a busy machine held the readings of the client from before the wait was over until it sent the retry: whether it woke to send it before the wait was over or after cannot be told`;
    case 'unread':
      return `its retry came ${came}, but a busy machine held the mock and the readings of the client so long that they do not show when it sent it: at once (the mock read it late) or after the wait`;
    default:
      return `it woke to retry ${seconds(retry.wokeSeconds ?? retry.waitedSeconds)} after ${said}, after the wait, but waited only ${seconds(retry.unknowable?.unqueuedSeconds ?? 0)} of it off the CPU queue: a busy machine let it read the answer late, so whether it counts the wait from the answer cannot be told`;
  }
}

/**
 * How the run ended, one statement only: waiting at the time limit, giving up after a refusal
 * (fine where the wait was long, a ban, or the case asks it), or still working when cut. Answers
 * why the end cannot be judged, where a busy machine hid it.
 */
function judgeTheEnd(
  testCase: SdkCase,
  record: readonly TimedRequest[],
  run: ClientRun,
  retriedEarly: boolean,
  reasons: string[],
  notes: string[],
): string | undefined {
  const last = record.at(-1) as TimedRequest;
  const lastRefusal = isRefusal(last) ? last : undefined;
  const said = lastRefusal ? waitSaid(lastRefusal, testCase) : '';
  const wait = lastRefusal?.retryAfterSeconds ?? 0;
  const banned = lastRefusal?.code === 'API_KEY_BANNED';
  if (testCase.expect.givesUp) {
    // The refusal the client got: one whose head went out before it left (its own timeout, on a
    // machine busy enough to hold the mock past it) never reached it, and a retry of it is no fault.
    const firstRefusal = record.find((request) => isRefusal(request) && request.answeredMs !== undefined);
    if (!firstRefusal) return;
    const after = record.filter((request) => request.index > firstRefusal.index).length;
    if (after > 0 && !retriedEarly && !banned)
      reasons.push(
        `sent ${plural(after, 'request')} after the ${firstRefusal.status} that said ${waitSaid(firstRefusal, testCase)}: give up and surface the error`,
      );
    if (run.timedOut)
      reasons.push(
        `still waiting when the case's time limit (${run.timeoutSeconds} s) ended, after a ${firstRefusal.status} that said ${waitSaid(firstRefusal, testCase)}: surface a wait this long instead of waiting it out`,
      );
    else if (after === 0)
      notes.push(`gave up at once on ${waitSaid(firstRefusal, testCase)}${banned ? ' (the ban)' : ''}, as it should`);
    return;
  }
  if (run.timedOut) {
    if (lastRefusal && wait > LONG_WAIT_SECONDS)
      reasons.push(
        `still waiting when the case's time limit (${run.timeoutSeconds} s) ended, after a ${lastRefusal.status} that said ${said}: surface a wait this long instead of waiting it out`,
      );
    else if (lastRefusal) {
      const held = leftHeldFrom(
        run.exchanges ?? [],
        last,
        testCase.setUp.latencyMs ?? 0,
        `was stopped at the case's time limit (${run.timeoutSeconds} s)`,
      );
      if (held) return held;
      reasons.push(
        `still running when the case's time limit (${run.timeoutSeconds} s) ended, well past the ${seconds(wait)} its last ${lastRefusal.status} asked to wait: the client hangs`,
      );
    } else
      notes.push(
        `still making calls when the case's time limit (${run.timeoutSeconds} s) ended: judged on its ${plural(record.length, 'request')}`,
      );
    return;
  }
  if (!testCase.expect.recovers || !lastRefusal) return;
  // RFC 9110 leaves a ban to the client: wait it out or surface it, but never call while banned.
  if (banned) {
    notes.push(`surfaced the ban (${said}) instead of waiting it out: fine, as long as it stops calling`);
    return;
  }
  if (wait > LONG_WAIT_SECONDS) {
    notes.push(
      `surfaced a ${lastRefusal.status} that said ${said}, a wait longer than ${LONG_WAIT_SECONDS} s: fine, as got's and ky's maxRetryAfter let a client do`,
    );
    return;
  }
  // It did try again: the mock, held by a busy machine, had not come to that request when it left.
  const held = leftHeldFrom(
    run.exchanges ?? [],
    last,
    testCase.setUp.latencyMs ?? 0,
    `ended (exit code ${run.exitCode ?? 'none'})`,
  );
  if (held) return held;
  reasons.push(
    `no request after the ${lastRefusal.status}: the client gave up where it should have waited ${seconds(wait)} and tried again`,
  );
}

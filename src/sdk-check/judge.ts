// The verdict of one case, from what the mock recorded of the client (the request record and the
// compliance report, the same that the dashboard's timeline draws), in words an SDK author acts on.
// The words cite what the RFCs and the seed say, nothing they do not.
import type { ComplianceReport } from '../limits/compliance.js';
import type { RecordedRequest } from '../limits/request-record.js';
import type { GateExchange } from './case-gate.js';
import { LONG_WAIT_SECONDS, MIN_CALLS, type SdkCase } from './catalogue.js';
import { judgeBrokenReads, judgeLostCreate } from './judge-faults.js';
import { clientWaits, isRefusal, judgeBackoff, seconds } from './judge-retries.js';

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
  /** When each request arrived and was answered (real ms), and how, in the record's order. */
  exchanges?: readonly GateExchange[];
};

/** Passed, failed, or not exercised (the client never did what the case is about: neither). */
export type VerdictStatus = 'passed' | 'failed' | 'not-exercised';

export type Verdict = {
  status: VerdictStatus;
  /** Why it failed, each a thing to change in the client. */
  reasons: string[];
  /** What was seen, and what was credited. */
  notes: string[];
};

/**
 * Sooner than this after an answer on another connection, a request that opens a connection of its
 * own was sent with it, not because of it: the waits any case tells are a second or more. (From a
 * client that keeps its connections alive, at any time before it came back on one: see `openedWithTheFirst`.)
 */
const SIBLING_MS = 1_000;

const verdictOf = (reasons: string[], notes: string[]): Verdict => ({
  status: reasons.length === 0 ? 'passed' : 'failed',
  reasons,
  notes,
});
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** How a refusal said to wait, as the client read it. */
function waitSaid(refusal: RecordedRequest, testCase: SdkCase): string {
  const wait = refusal.retryAfterSeconds ?? 0;
  const hours = wait >= 3_600 ? ` (${Math.round(wait / 360) / 10} h)` : '';
  const limitRefusal = refusal.status === 429 && !refusal.storm;
  if (testCase.setUp.withoutRetryAfter && limitRefusal)
    return `no Retry-After, and X-RateLimit-Reset ${wait} s after the answer's Date${hours}`;
  return testCase.setUp.retryAfterFormat === 'http-date' && limitRefusal
    ? `Retry-After: an HTTP-date ${wait} s after the answer's Date${hours}`
    : `Retry-After: ${wait}${hours}`;
}

function metTheEdge(testCase: SdkCase, record: readonly RecordedRequest[]): string | undefined {
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
  if (meets === 'limit-or-pacing')
    return record.length > testCase.setUp.limits.perMinute || record.some((request) => request.status === 429)
      ? undefined
      : `${made}, no more than the limit of ${testCase.setUp.limits.perMinute}: ${needs}`;
  return record.filter((request) => request.status < 400).length >= 2 ? undefined : `${made}: ${needs}`;
}

/**
 * The exchanges in the record's order. The record lists requests as they were answered, the gate as
 * they came: the n-th to come is the n-th decided (on the mock's clock), so each is matched by that.
 */
function inRecordOrder(record: readonly RecordedRequest[], exchanges?: readonly GateExchange[]) {
  if (!exchanges || exchanges.length !== record.length) return exchanges;
  const decided = record.map((request, position) => ({ request, position }));
  decided.sort((one, other) => one.request.atMs - other.request.atMs || one.request.index - other.request.index);
  const aligned: GateExchange[] = new Array(record.length);
  decided.forEach(({ position }, nth) => {
    aligned[position] = exchanges[nth] as GateExchange;
  });
  return aligned;
}

export function judgeCase(
  testCase: SdkCase,
  record: readonly RecordedRequest[],
  compliance: ComplianceReport,
  given: ClientRun,
): Verdict {
  const exchanges = inRecordOrder(record, given.exchanges);
  const run: ClientRun = exchanges ? { ...given, exchanges } : given;
  const reasons: string[] = [];
  const notes: string[] = [];
  const refusals = record.filter(isRefusal);
  const answered = record.filter((request) => request.status < 400);
  const started =
    run.firstRequestSeconds !== undefined && run.firstRequestSeconds >= 1
      ? `; its first request ${seconds(run.firstRequestSeconds)} after the start, where the case began`
      : '';
  notes.push(
    `${plural(record.length, 'request')}: ${answered.length} answered, ${refusals.filter((r) => r.status === 429).length} refused 429, ${refusals.filter((r) => r.status === 403).length} refused 403; exit code ${run.exitCode ?? 'none'} after ${seconds(run.seconds)}${started}`,
  );
  if (record.length === 0) {
    reasons.push(
      run.startError
        ? `the command could not be started (${run.startError}): check the command after --`
        : run.timedOut
          ? `the client sent no request within ${run.timeoutSeconds} s of its start: it must call the API at PETSTORE_BASE_URL with the key in PETSTORE_API_KEY`
          : `the client ended (exit code ${run.exitCode ?? 'none'}) without sending a request: it must call the API at PETSTORE_BASE_URL with the key in PETSTORE_API_KEY`,
    );
    return verdictOf(reasons, notes);
  }
  if (testCase.setUp.fault?.on === 'creates') {
    const judged = judgeLostCreate(run, reasons, notes);
    return judged === 'not-exercised' ? { status: 'not-exercised', reasons, notes } : verdictOf(reasons, notes);
  }
  const missed = metTheEdge(testCase, record);
  if (missed) reasons.push(missed);

  const byIndex = new Map(record.map((request) => [request.index, request]));
  // A request sent before the refusal it follows was answered is a sibling in flight, not a retry.
  const position = new Map(record.map((request, at) => [request.index, at]));
  const exchangeOf = (index: number) => run.exchanges?.[position.get(index) ?? -1];
  const sentBeforeAnswer = (index: number, previousIndex: number) => {
    const sent = exchangeOf(index)?.arrivedMs;
    const answered = exchangeOf(previousIndex)?.answeredMs;
    return sent !== undefined && answered !== undefined && sent < answered;
  };
  // With several in flight, a retry may follow a sibling's refusal, on whichever connection the
  // client's pool gives it: it is early only where it came before every wait told to the requests
  // refused since the last one served that it can have read (the others are siblings sent with it,
  // on connections opened for them).
  const inFlight = testCase.expect.mustNotBeBanned === true;
  // A client that keeps its connections alive opens one per request it sends at once, and comes
  // back on them once answered: the requests that opened a connection before it first came back
  // on one were sent together, however late a loaded machine let them leave (ky's second and third
  // of three came 1.3 and 1.5 s after the first was refused). Time alone cannot tell them from
  // retries there, as a starved client's retry at once can come as late.
  const firstReuse = run.exchanges?.findIndex((exchange) => !exchange.opensConnection) ?? -1;
  const openedWithTheFirst = (at: number) => firstReuse >= 0 && at < firstReuse;
  const earlyForEverySibling = (index: number) => {
    const at = position.get(index) ?? 0;
    const own = run.exchanges?.[at];
    const sent = own?.arrivedMs ?? Number.POSITIVE_INFINITY;
    const told: number[] = [];
    for (let before = at - 1; before >= 0; before -= 1) {
      const earlier = run.exchanges?.[before];
      const answeredMs = earlier?.answeredMs;
      if (answeredMs === undefined || answeredMs > sent) continue;
      if (
        earlier?.connection !== own?.connection &&
        own?.opensConnection &&
        (openedWithTheFirst(at) || sent - answeredMs < SIBLING_MS)
      )
        continue;
      const previous = record[before] as RecordedRequest;
      if (!isRefusal(previous)) break;
      told.push(previous.retryAtMs ?? previous.atMs + (previous.retryAfterSeconds ?? 0) * 1000);
    }
    return (
      told.length > 0 &&
      (record[at] as RecordedRequest).atMs <
        told.reduce((earliest, ms) => Math.min(earliest, ms), Number.POSITIVE_INFINITY)
    );
  };
  const early = compliance.violations.filter(
    (violation) =>
      violation.kind === 'retried-too-early' &&
      !sentBeforeAnswer(violation.requestIndex, violation.afterRequestIndex) &&
      (!inFlight || earlyForEverySibling(violation.requestIndex)),
  );
  const first = early[0];
  const waits = clientWaits(record, run.exchanges);
  // The client's own wait before a retry; with several in flight, the one after the refusal before it.
  const waited = (violation: (typeof early)[number]) =>
    inFlight ? violation.waitedSeconds : (waits[position.get(violation.requestIndex) ?? -1] ?? violation.waitedSeconds);
  if (judgeBackoff(testCase, record, waits, early, reasons, notes)) {
    // Judged as backing off (or not): said there, with the ban.
  } else if (first) {
    const refusal = byIndex.get(first.afterRequestIndex);
    const said = refusal ? waitSaid(refusal, testCase) : `Retry-After: ${first.requiredSeconds ?? 0}`;
    reasons.push(
      `retried ${seconds(waited(first))} after a ${refusal?.status ?? 429} that said ${said}${early.length > 1 ? ` (${early.length} early retries in all)` : ''}`,
    );
  }
  const whileBanned = compliance.violations.filter((violation) => violation.kind === 'called-while-banned');
  if (whileBanned.length > 0)
    reasons.push(
      `sent ${plural(whileBanned.length, 'request')} while banned (the 403 said to wait ${whileBanned[0]?.requiredSeconds ?? 0} s)`,
    );
  if (testCase.expect.mustNotBeBanned && record.some((request) => request.code === 'API_KEY_BANNED'))
    reasons.push(
      `its requests together reached the ban (${testCase.setUp.banThreshold ?? 'the threshold of'} requests while limited): requests in flight on one key must all wait the Retry-After of the first 429`,
    );
  if (compliance.violations.some((violation) => violation.kind === 'no-backoff'))
    notes.push('retries did not back off (gaps did not grow); fine where each followed its Retry-After');

  if (!judgeBrokenReads(testCase, record, run, reasons, notes))
    judgeTheEnd(testCase, record, run, Boolean(first), reasons, notes);

  if (testCase.expect.meets === 'limit-or-pacing' && !record.some((request) => request.status === 429) && !missed)
    notes.push('paced itself: no 429, it waited for the window once X-RateLimit-Remaining reached 0 (credited)');
  if (testCase.expect.meets === 'slow-answers') {
    const slowSeconds = (testCase.setUp.latencyMs ?? 0) / 1000;
    // Sent again while the same request was still unanswered: the client's own timeout fired.
    const resent = record.find((request, index) => {
      const previous = record[index - 1];
      return (
        previous &&
        previous.method === request.method &&
        previous.path === request.path &&
        sentBeforeAnswer(request.index, previous.index)
      );
    });
    if (resent) {
      const previous = record[record.indexOf(resent) - 1] as RecordedRequest;
      reasons.push(
        `sent ${resent.method} ${resent.path} again ${seconds((resent.atMs - previous.atMs) / 1000)} after the previous one, while answers take ${seconds(slowSeconds)}: the client's timeout is shorter than the answer (raise it)`,
      );
    }
  }
  if (run.roadCleared) notes.push('came back from its edge: the case then lifted its limits for the rest of the run');
  return verdictOf(reasons, notes);
}

/**
 * How the run ended, one statement only: waiting at the time limit, giving up after a refusal
 * (fine where the wait was long, a ban, or the case asks it), or still working when cut.
 */
function judgeTheEnd(
  testCase: SdkCase,
  record: readonly RecordedRequest[],
  run: ClientRun,
  retriedEarly: boolean,
  reasons: string[],
  notes: string[],
): void {
  const last = record.at(-1) as RecordedRequest;
  const lastRefusal = isRefusal(last) ? last : undefined;
  const said = lastRefusal ? waitSaid(lastRefusal, testCase) : '';
  const wait = lastRefusal?.retryAfterSeconds ?? 0;
  const banned = lastRefusal?.code === 'API_KEY_BANNED';
  if (testCase.expect.givesUp) {
    const firstRefusal = record.find(isRefusal);
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
    else if (lastRefusal)
      reasons.push(
        `still running when the case's time limit (${run.timeoutSeconds} s) ended, well past the ${seconds(wait)} its last ${lastRefusal.status} asked to wait: the client hangs`,
      );
    else
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
  reasons.push(
    `no request after the ${lastRefusal.status}: the client gave up where it should have waited ${seconds(wait)} and tried again`,
  );
}

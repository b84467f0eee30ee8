// The verdict of one case, from what the mock recorded of the client (the request record and the
// compliance report, the same that the dashboard's timeline draws), in words an SDK author acts on.
import type { ComplianceReport } from '../limits/compliance.js';
import type { RecordedRequest } from '../limits/request-record.js';
import { MIN_CALLS, type SdkCase } from './catalogue.js';

export type ClientRun = { exitCode: number | null; timedOut: boolean; seconds: number; timeoutSeconds: number };

export type Verdict = {
  passed: boolean;
  /** Why it failed, each a thing to change in the client. */
  reasons: string[];
  /** What was seen, and what was credited. */
  notes: string[];
};

const seconds = (value: number) => `${Math.round(value * 10) / 10} s`;
const isRefusal = (request: RecordedRequest) => request.status === 429 || request.status === 403;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** How a refusal said to wait, as the client read it. */
function waitSaid(refusal: RecordedRequest, testCase: SdkCase): string {
  const wait = refusal.retryAfterSeconds ?? 0;
  const hours = wait >= 3_600 ? ` (${Math.round(wait / 360) / 10} h)` : '';
  return testCase.setUp.retryAfterFormat === 'http-date' && !refusal.storm && refusal.code !== 'API_KEY_BANNED'
    ? `Retry-After: an HTTP-date ${wait} s ahead${hours}`
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
  if (meets === 'limit-or-pacing')
    return record.length > testCase.setUp.limits.perMinute || record.some((request) => request.status === 429)
      ? undefined
      : `${made}, no more than the limit of ${testCase.setUp.limits.perMinute}: ${needs}`;
  return record.filter((request) => request.status < 400).length >= 2 ? undefined : `${made}: ${needs}`;
}

export function judgeCase(
  testCase: SdkCase,
  record: readonly RecordedRequest[],
  compliance: ComplianceReport,
  run: ClientRun,
): Verdict {
  const reasons: string[] = [];
  const notes: string[] = [];
  const refusals = record.filter(isRefusal);
  const answered = record.filter((request) => request.status < 400);
  notes.push(
    `${plural(record.length, 'request')}: ${answered.length} answered, ${refusals.filter((r) => r.status === 429).length} refused 429, ${refusals.filter((r) => r.status === 403).length} refused 403; exit code ${run.exitCode ?? 'none'} after ${seconds(run.seconds)}`,
  );
  if (record.length === 0) {
    reasons.push(
      'the client sent no request: it must call the API at PETSTORE_BASE_URL with the key in PETSTORE_API_KEY',
    );
    return { passed: false, reasons, notes };
  }
  const missed = metTheEdge(testCase, record);
  if (missed) reasons.push(missed);

  const byIndex = new Map(record.map((request) => [request.index, request]));
  const early = compliance.violations.filter((violation) => violation.kind === 'retried-too-early');
  const first = early[0];
  if (first) {
    const refusal = byIndex.get(first.afterRequestIndex);
    const said = refusal ? waitSaid(refusal, testCase) : `Retry-After: ${first.requiredSeconds ?? 0}`;
    reasons.push(
      `retried ${seconds(first.waitedSeconds)} after a ${refusal?.status ?? 429} that said ${said}${early.length > 1 ? ` (${early.length} early retries in all)` : ''}`,
    );
  }
  const whileBanned = compliance.violations.filter((violation) => violation.kind === 'called-while-banned');
  if (whileBanned.length > 0)
    reasons.push(
      `sent ${plural(whileBanned.length, 'request')} while banned (the 403 said to wait ${whileBanned[0]?.requiredSeconds ?? 0} s)`,
    );
  if (compliance.violations.some((violation) => violation.kind === 'no-backoff'))
    notes.push('retries did not back off (gaps did not grow); fine where each followed its Retry-After');

  const lastRefusal = refusals.at(-1);
  if (testCase.expect.givesUp) {
    const firstDayRefusal = record.find((request) => request.status === 429 && !request.storm);
    if (firstDayRefusal) {
      const after = record.filter((request) => request.index > firstDayRefusal.index).length;
      if (after > 0 && !first)
        reasons.push(
          `sent ${plural(after, 'request')} after the 429 that said ${waitSaid(firstDayRefusal, testCase)}: give up and surface the error`,
        );
      if (run.timedOut)
        reasons.push(
          `still running when the case's time limit (${run.timeoutSeconds} s) ended: the client is waiting out ${waitSaid(firstDayRefusal, testCase)} instead of giving up and surfacing the error`,
        );
      else if (after === 0) notes.push(`gave up at once on ${waitSaid(firstDayRefusal, testCase)}, as it should`);
    }
  } else if (run.timedOut) {
    reasons.push(`still running when the case's time limit (${run.timeoutSeconds} s) ended`);
  }
  if (testCase.expect.recovers && lastRefusal && !answered.some((request) => request.index > lastRefusal.index)) {
    reasons.push(
      `no request after the ${lastRefusal.status}: the client gave up where it should have waited ${lastRefusal.retryAfterSeconds ?? 0} s and tried again`,
    );
  }
  if (testCase.expect.meets === 'limit-or-pacing' && !record.some((request) => request.status === 429) && !missed)
    notes.push('paced itself: no 429, it waited for the window once X-RateLimit-Remaining reached 0 (credited)');
  if (testCase.expect.meets === 'slow-answers') {
    const slowSeconds = (testCase.setUp.latencyMs ?? 0) / 1000;
    const resent = record.find((request, index) => {
      const previous = record[index - 1];
      return (
        previous &&
        previous.method === request.method &&
        previous.path === request.path &&
        request.atMs - previous.atMs < slowSeconds * 1000
      );
    });
    if (resent) {
      const previous = record[record.indexOf(resent) - 1] as RecordedRequest;
      reasons.push(
        `sent ${resent.method} ${resent.path} again ${seconds((resent.atMs - previous.atMs) / 1000)} after the previous one, while answers take ${seconds(slowSeconds)}: the client's timeout is shorter than the answer (raise it)`,
      );
    }
  }
  return { passed: reasons.length === 0, reasons, notes };
}

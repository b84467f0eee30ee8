// Slow answers: a request sent again while the same one was still unanswered shows the client's
// own timeout fired. It is too short only where the answer it gave up on went out about as soon as
// the case makes answers take, counted from the earliest instant the request can have been sent
// (loop-ticks.ts): a busy machine that held the mock seconds before it read a request makes the
// answer come that much later on the client's clock, past a timeout longer than the case's answers.
import type { ReadExchange } from './answers-read.js';
import type { GateExchange } from './case-gate.js';
import { seconds } from './judge-retries.js';
import { sentAfterOf, sentBeforeAnswerOf } from './timed-requests.js';

/** An answer out within the case's latency and this much is one a client's timeout must outlast. */
const ANSWER_SLACK_MS = 500;

/** A latency timer fires this close to its time. */
const TIMER_SLACK_MS = 50;

export type ResendTimes = Pick<GateExchange, 'method' | 'path' | 'arrivedMs' | 'answeredMs' | 'sentAfterMs'> &
  Partial<Pick<GateExchange, 'connectedAfterMs' | 'leftMs'>> &
  Partial<Pick<ReadExchange, 'leftUnread'>>;

export type ResendJudgement =
  | { kind: 'none' }
  | { kind: 'too-short'; reason: string }
  /** Resent only after answers a busy machine delayed, and waited out a slow answer: its timeout outlasts them. */
  | { kind: 'outlasted'; note: string }
  /** Resent only after answers a busy machine delayed: whether its timeout is too short cannot be told. */
  | { kind: 'hidden'; note: string };

/** The earliest instant a request can have been sent: the loop's bound, its connection's accept, or its arrival. */
const earliestSendMs = (request: ResendTimes) =>
  Math.min(request.arrivedMs, sentAfterOf(request).sentAfterMs ?? request.arrivedMs);

/**
 * At most how long the client waited for `previous` before it gave up and sent `resent`: until its
 * answer went out (it had not read it), and until it sent again, from the earliest send.
 */
const gaveUpWithinMs = (previous: ResendTimes, resent: ResendTimes) =>
  Math.min(resent.arrivedMs, previous.answeredMs ?? resent.arrivedMs) - earliestSendMs(previous);

export function judgeResends(timed: readonly ResendTimes[], latencyMs: number): ResendJudgement {
  const resends = timed.flatMap((resent, position) => {
    const previous = timed[position - 1];
    const same =
      previous !== undefined &&
      previous.method === resent.method &&
      previous.path === resent.path &&
      sentBeforeAnswerOf(resent, previous);
    return same ? [{ previous, resent }] : [];
  });
  const first = resends[0];
  if (!first) return { kind: 'none' };
  // After an answer it left unread, the client sent again once the answer was out (answers-read.ts):
  // its timeout outlasted the answer's making, or it read it and the readings missed the read.
  const shown = resends.find(
    ({ previous, resent }) => !previous.leftUnread && gaveUpWithinMs(previous, resent) <= latencyMs + ANSWER_SLACK_MS,
  );
  const latency = seconds(latencyMs / 1000);
  if (shown)
    return {
      kind: 'too-short',
      reason: `sent ${shown.resent.method} ${shown.resent.path} again ${seconds((shown.resent.arrivedMs - shown.previous.arrivedMs) / 1000)} after the previous one, before its answer came, while answers take ${latency}: the client's timeout is shorter than the answer (raise it)`,
    };
  const waited = gaveUpWithinMs(first.previous, first.resent) / 1000;
  const resent = new Set(resends.map(({ resent }) => resent));
  // A slow answer read: the client waited at least the case's latency from its send for it.
  const waitedOut = timed.find(
    (request, position) =>
      request.answeredMs !== undefined &&
      request.answeredMs - request.arrivedMs >= latencyMs - TIMER_SLACK_MS &&
      !resent.has(timed[position + 1] as ResendTimes),
  );
  if (waitedOut?.answeredMs !== undefined)
    return {
      kind: 'outlasted',
      note: `waited out a ${seconds((waitedOut.answeredMs - waitedOut.arrivedMs) / 1000)} answer, so its timeout outlasts the ${latency} answers; it had sent ${first.resent.method} ${first.resent.path} again before an earlier answer came, one a busy machine held up to ${seconds(waited)} after the request can have been sent`,
    };
  if (first.previous.leftUnread)
    return {
      kind: 'hidden',
      note: `undetermined: it sent ${first.resent.method} ${first.resent.path} again after the answer to the previous one had gone out, without reading it (a busy machine kept it off a CPU until its own timeout was due as well): whether the client's timeout is shorter than ${latency} cannot be told. Run the case again on a machine with a CPU free`,
    };
  return {
    kind: 'hidden',
    note: `undetermined: it sent ${first.resent.method} ${first.resent.path} again before its answer came, but it can have waited up to ${seconds(waited)} for that answer (a busy machine held the mock), where the case makes answers take ${latency}: whether the client's timeout is shorter than ${latency} cannot be told. Run the case again on a machine with a CPU free`,
  };
}

/** The first request the client left before any answer went out (its connection closed). */
export const firstLeft = (exchanges: readonly ResendTimes[], fromMs = Number.NEGATIVE_INFINITY) =>
  exchanges.find(
    (request) => request.leftMs !== undefined && request.answeredMs === undefined && request.arrivedMs >= fromMs,
  );

/**
 * How long at most the client waited for `left` before it left: from the earliest send. Where that
 * is well past the time the case makes answers take, a busy machine held the mock past the
 * client's own timeout: what it does with an answer cannot be told from this request.
 */
export function heldPastTimeout(left: ResendTimes, latencyMs: number): { waitedMs: number; held: boolean } {
  const waitedMs = (left.leftMs ?? left.arrivedMs) - earliestSendMs(left);
  return { waitedMs, held: waitedMs > latencyMs + ANSWER_SLACK_MS };
}

/** "the case makes answers take 1.5 s", or that it adds no delay. */
const caseAnswers = (latencyMs: number) =>
  latencyMs > 0 ? `the case makes answers take ${seconds(latencyMs / 1000)}` : 'the case adds no delay';

/**
 * A client that left its requests before any answer came and ended: the record holds none of them
 * (a latency held each before the mock came to it). Its timeout is too short only where it left
 * within about the time the case makes answers take, counted from the earliest send.
 */
export function judgeLeftUnanswered(
  exchanges: readonly ResendTimes[],
  latencyMs: number,
  ended: string,
): Exclude<ResendJudgement, { kind: 'none' | 'outlasted' }> | undefined {
  const first = firstLeft(exchanges);
  if (!first) return undefined;
  const { waitedMs, held } = heldPastTimeout(first, latencyMs);
  const request = `${first.method} ${first.path}`;
  if (latencyMs > 0 && !held)
    return {
      kind: 'too-short',
      reason: `left ${request} ${seconds(waitedMs / 1000)} after sending it, before its answer came, while answers take ${seconds(latencyMs / 1000)}, and ${ended}: the client's timeout is shorter than the answer (raise it)`,
    };
  return {
    kind: 'hidden',
    note: `undetermined: it left ${request} after waiting up to ${seconds(waitedMs / 1000)} for its answer, before the answer came (${caseAnswers(latencyMs)}: a busy machine held the mock past the client's own timeout), and ${ended} without another request: what the client does with an answer cannot be told. Run the case again on a machine with a CPU free`,
  };
}

/**
 * A client that left a request before its answer, held by a busy machine past the client's own
 * timeout, and ended: `last` (the record's last, a refusal or a broken read) itself, or one it sent
 * after that answer. Whether it would have gone on cannot be told. Undefined where it left none,
 * or left one early.
 */
export function leftHeldFrom(
  exchanges: readonly ResendTimes[],
  last: Pick<ResendTimes, 'arrivedMs' | 'answeredMs'>,
  latencyMs: number,
  ended: string,
): string | undefined {
  const left = firstLeft(exchanges, last.arrivedMs);
  if (!left) return undefined;
  const { waitedMs, held } = heldPastTimeout(left, latencyMs);
  if (!held) return undefined;
  const request = `${left.method} ${left.path}`;
  const sent =
    left.arrivedMs === last.arrivedMs || last.answeredMs === undefined
      ? `it left ${request}`
      : `it sent ${request} again ${seconds((left.arrivedMs - last.answeredMs) / 1000)} after that answer, and left it`;
  return `undetermined: ${sent} after waiting up to ${seconds(waitedMs / 1000)} for its answer (${caseAnswers(latencyMs)}: a busy machine held the mock past the client's own timeout), then ${ended}: whether it goes on once answered cannot be told. Run the case again on a machine with a CPU free`;
}

// Retries before a wait was over, where backing off is the right answer: a 429 without
// Retry-After (the seed: "Clients should back off exponentially"), and an HTTP-date that a
// client's own clock reads as past (a server whose clock is behind). Such retries are credited
// when they back off and stay under the ban; at once or at a fixed short interval, they are what
// gets a key banned. The same measure judges retries after broken connections. On a busy machine
// a client's "at once" takes longer, and its first retry pays for code it runs the first time:
// the measure is read against the client's own pace, and asks waits to grow only where there are
// enough of them to tell growth from noise.
import type { Violation } from '../limits/compliance.js';
import type { RecordedRequest } from '../limits/request-record.js';
import type { GateExchange } from './case-gate.js';
import type { SdkCase } from './catalogue.js';

/** Shorter than this, a wait is a retry at once (got, ky and undici start their backoff at 0.3 to 1 s). */
export const AT_ONCE_SECONDS = 0.25;
/** A step of growing waits: each at least this much longer than the one before it. */
const GROWTH = 1.25;
/** Growing waits end at least this much longer than they began (one step: a step's growth). */
const OVERALL_GROWTH = 1.5;
/**
 * Up to this many retries pass without growing, as long as most are not at once: a minimum wait
 * kept (a fixed second makes one or two in a 3 s window, wherever in its second the window ends).
 * More must grow: a fixed half second, ofetch's, makes three to five.
 */
const FEW_RETRIES = 2;

export const seconds = (value: number) => `${Math.round(value * 10) / 10} s`;
/** The first few waits, as a person reads them. */
const listed = (gaps: readonly number[]) =>
  `${gaps.slice(0, 5).map(seconds).join(', ')}${gaps.length > 5 ? `, … (${gaps.length} in all)` : ''}`;

export type Backoff = 'backs-off' | 'at-once' | 'fixed';

/**
 * How a client's waits before its retries read: backing off (growing, or few and most not at once);
 * at once (most no longer than its own pace, `cadence`, or AT_ONCE_SECONDS); or at a fixed interval.
 * Growing waits may start at once (urllib3's first retry does), never go on at once: a starved
 * client's "at once" now and then takes a second, which must not read as growth.
 */
export function judgeWaits(waits: readonly number[], cadence = 0): Backoff {
  const atOnce = Math.max(AT_ONCE_SECONDS, 2 * cadence);
  const isQuick = (wait: number) => wait < atOnce;
  const quick = waits.filter(isQuick).length;
  // With three waits or more, growth is read from the second on: the first retry pays for code the
  // client runs the first time, and on a busy machine it alone may take longer than the next.
  const growing = waits.length >= 3 ? waits.slice(1) : waits;
  const first = growing[0] ?? 0;
  const last = growing.at(-1) ?? 0;
  const steps = growing.filter((wait, at) => at > 0 && wait >= GROWTH * (growing[at - 1] as number)).length;
  const grows =
    waits.length > 1 &&
    !waits.slice(1).some(isQuick) &&
    last >= Math.min(OVERALL_GROWTH, GROWTH ** (growing.length - 1)) * first &&
    2 * steps >= growing.length - 1;
  if (grows || (waits.length <= FEW_RETRIES && 2 * quick < waits.length)) return 'backs-off';
  return 2 * quick >= waits.length ? 'at-once' : 'fixed';
}

/** The client's own pace: its middle wait before a request that followed an answered one. */
export function cadenceOf(record: readonly RecordedRequest[], waits: readonly number[]): number {
  const paced = waits
    .filter((_, position) => position > 0 && (record[position - 1] as RecordedRequest).status < 400)
    .sort((one, other) => one - other);
  return paced[Math.floor(paced.length / 2)] ?? 0;
}

/** A refusal that tells a wait: a 429, a ban's 403, a 503. */
export const isRefusal = (request: RecordedRequest) =>
  request.status === 429 || request.status === 403 || request.status === 503;

/**
 * How long the client waited before each request (seconds, by the record's positions): from when
 * the answer before it left the mock, where the case timed it, else from when that request came.
 */
export function clientWaits(record: readonly RecordedRequest[], exchanges?: readonly GateExchange[]): number[] {
  return record.map((request, position) => {
    if (position === 0) return 0;
    const previous = record[position - 1] as RecordedRequest;
    const arrived = exchanges?.[position]?.arrivedMs;
    const left = exchanges?.[position - 1]?.answeredMs;
    return arrived !== undefined && left !== undefined
      ? Math.max(0, arrived - left) / 1000
      : (request.atMs - previous.atMs) / 1000;
  });
}

/**
 * The client's waits around request `requestIndex`: from the first of the refusals in a row
 * before it, its wait before each request, up to the first that was served.
 */
export function retryChain(
  record: readonly RecordedRequest[],
  waits: readonly number[],
  requestIndex: number,
): number[] {
  const at = record.findIndex((request) => request.index === requestIndex);
  let start = at - 1;
  while (start > 0 && isRefusal(record[start - 1] as RecordedRequest)) start -= 1;
  const gaps: number[] = [];
  for (let position = Math.max(start, 0) + 1; position < record.length; position += 1) {
    const request = record[position] as RecordedRequest;
    gaps.push(waits[position] ?? 0);
    if (!isRefusal(request)) break;
  }
  return gaps;
}

/** What a client that reads the case's dates against its own clock meets, for the clock case's words. */
function clockNote(testCase: SdkCase): string {
  const behind = testCase.setUp.clockBehindMinutes;
  if (!behind) return '';
  return `this server's clock is ${behind} minutes behind this machine's, so a client that measures the HTTP-date against its own clock finds it past and retries at once. Servers with slow clocks are met in production: measure an HTTP-date against the answer's Date (RFC 9110 section 6.6.1: when the answer was made), or keep a minimum wait that grows`;
}

/**
 * Judges early retries in a case that credits backing off. Returns whether they were judged here
 * (the caller then says nothing more of them).
 */
export function judgeBackoff(
  testCase: SdkCase,
  record: readonly RecordedRequest[],
  waits: readonly number[],
  early: readonly Violation[],
  reasons: string[],
  notes: string[],
): boolean {
  if (!testCase.expect.creditsBackoff) return false;
  const first = early[0];
  if (!first) {
    if (testCase.setUp.clockBehindMinutes && record.some((request) => request.status === 429))
      notes.push("measured the HTTP-date against the answer's Date, so the server's slow clock cost it no retry");
    return true;
  }
  const banned = record.some((request) => request.code === 'API_KEY_BANNED');
  const chain = retryChain(record, waits, first.requestIndex);
  // The waits of the retries that came too early: what the client chose, before the window ended.
  const earlyIndexes = new Set(early.map((violation) => violation.requestIndex));
  const earlyWaits = record.flatMap((request, position) =>
    earlyIndexes.has(request.index) ? [waits[position] ?? 0] : [],
  );
  const backoff = judgeWaits(earlyWaits, cadenceOf(record, waits));
  const what = testCase.setUp.withoutRetryAfter
    ? '429s that said no Retry-After'
    : "429s whose Retry-After named a date 3 s after the answer's Date";
  const clock = clockNote(testCase);
  if (banned) {
    reasons.push(
      `retried ${early.length} times before the wait was over, after ${what}, and reached the ban ("continued requests after a 429 may cause a temporary ban of the API key", the seed)${clock ? `: ${clock}` : ''}`,
    );
  } else if (backoff !== 'backs-off') {
    const how = backoff === 'at-once' ? 'at once' : 'at a fixed short interval';
    reasons.push(
      `retried ${how} after ${what} (waits of ${listed(earlyWaits)} before ${early.length === 1 ? 'a retry' : `${early.length} retries`} that came too early): ${clock || 'back off exponentially, as the seed asks ("Clients should back off exponentially"), or wait until X-RateLimit-Reset'}`,
    );
  } else {
    notes.push(
      testCase.setUp.withoutRetryAfter
        ? `backed off (waits of ${listed(chain)}), as the seed asks, and stayed under the ban; X-RateLimit-Reset had said the window ended 3 s after the answer's Date, which a client can wait for without any early retry`
        : `read the HTTP-date as past (this server's clock is ${testCase.setUp.clockBehindMinutes} minutes behind this machine's), and its waits (${listed(chain)}) backed off and kept it under the ban; measured against the answer's Date, the date asks for 3 s`,
    );
  }
  return true;
}

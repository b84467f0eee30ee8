// Retries before a wait was over, where backing off is the right answer: a 429 without
// Retry-After (the seed: "Clients should back off exponentially"), and an HTTP-date that a
// client's own clock reads as past (a server whose clock is behind). Such retries are credited
// when they wait and stay under the ban: the case bans after a few requests while limited, which
// a client retrying at once or at a short fixed interval reaches, and one backing off does not.
// Whether the waits grow is shown, never judged: on a busy machine a client's retries leave up to
// half a second late, so waits growing from 0.2 s and a steady 0.5 s read alike, and a verdict
// that hung on them would change between runs. "At once" is read on the wait the client chose
// (client-busy.ts), which no load stretches; where that cannot be read, against its own pace.
import { PETSTORE_WORDS } from './case-words.js';
import type { SdkCase } from './catalogue.js';
import type { BusySample } from './client-busy.js';
import { clientWaits, type EarlyRetry, idleWaits, type TimedRequest } from './timed-requests.js';

/** Shorter than this, a wait is a retry at once (got, ky and undici start their backoff at 0.3 to 1 s). */
export const AT_ONCE_SECONDS = 0.3;

export const seconds = (value: number) => `${Math.round(value * 10) / 10} s`;
/** The first few waits, as a person reads them. */
export const listed = (gaps: readonly number[]) =>
  `${gaps.slice(0, 5).map(seconds).join(', ')}${gaps.length > 5 ? `, … (${gaps.length} in all)` : ''}`;

/**
 * Whether retries after these waits came at once: on average no longer than AT_ONCE_SECONDS, or
 * than twice the client's own pace (`cadence`) where a busy machine slows every request it sends.
 * The average, not each wait: the shortest backoff of a retry library (axios-retry's 0.2, 0.4,
 * 0.8 s) has a wait near the bar, which load pushes to either side, and an average well over it;
 * a client retrying at once stays under it when one retry of two leaves half a second late.
 * The first wait is left out where there are more: the first retry runs the client's retry code
 * for the first time, and a busy machine made a fetch client's "at once" there take 1.7 s (its
 * next two: 0.3 and 0.1 s).
 */
export function retriesAtOnce(waits: readonly number[], cadence = 0): boolean {
  const judged = waits.length > 1 ? waits.slice(1) : waits;
  if (judged.length === 0) return false;
  const average = judged.reduce((sum, wait) => sum + wait, 0) / judged.length;
  return average < Math.max(AT_ONCE_SECONDS, 2 * cadence);
}

/**
 * The client's own pace: its middle wait before a request that followed one answered whole (a
 * request after a refusal or a broken answer is a retry, whose wait is what is judged).
 */
export function cadenceOf(timed: readonly TimedRequest[], waits: readonly number[]): number {
  const paced = waits
    .filter((_, position) => {
      const previous = timed[position - 1];
      return position > 0 && previous !== undefined && previous.status < 400 && previous.fault === undefined;
    })
    .sort((one, other) => one - other);
  return paced[Math.floor(paced.length / 2)] ?? 0;
}

/**
 * Whether the client retried at once before the requests at `positions` of `timed`, and their
 * waits as the verdict shows them. Where the client's busy time was read (client-busy.ts), on the
 * waits it chose (idle: off the CPU and out of its queue), which no load stretches; elsewhere on
 * the waits as they came, against the client's own pace.
 */
export function judgedWaits(
  timed: readonly TimedRequest[],
  positions: readonly number[],
  clientBusy: readonly BusySample[] = [],
): { atOnce: boolean; shown: string } {
  const all = clientWaits(timed);
  const waits = positions.map((position) => all[position] ?? 0);
  const idle = idleWaits(timed, clientBusy);
  const chosen = positions.map((position) => idle[position]);
  if (chosen.length > 0 && chosen.every((wait) => wait !== undefined)) {
    const idleWaitsShown = chosen as number[];
    return {
      atOnce: retriesAtOnce(idleWaitsShown),
      shown: `${listed(waits)}; chosen: ${listed(idleWaitsShown)}, the rest spent on a CPU, queued for one, or on its way to the mock`,
    };
  }
  return { atOnce: retriesAtOnce(waits, cadenceOf(timed, all)), shown: listed(waits) };
}

/** Seconds from the answer's Date to the end of the window the case set: what its refusals name. */
export const windowSeconds = (testCase: SdkCase) => testCase.setUp.windows?.minute?.resetsInSeconds ?? 0;

/** What a client that reads the case's dates against its own clock meets, for the clock case's words. */
function clockNote(testCase: SdkCase): string {
  const behind = testCase.setUp.clockBehindMinutes;
  if (!behind) return '';
  return `this server's clock is ${behind} minutes behind this machine's, so a client that measures the HTTP-date against its own clock finds it past and retries at once. Servers with slow clocks are met in production: measure an HTTP-date against the answer's Date (RFC 9110 section 6.6.1: when the answer was made), or back off exponentially`;
}

/** Leeway for the client's own code and the mock's answers, in a projection of its retries on a free machine. */
const FREE_MACHINE_SLACK_MS = 250;

/**
 * Where a busy machine alone kept the client under the ban: on a free machine, after the waits it
 * chose (client-busy.ts, which no load stretches), its retries would have come sooner, and those
 * before the window's end, its last chosen wait kept up where none was seen, reach the ban's
 * threshold. `unread` where its chosen waits were not all read (the sampler held as long), so
 * that its waits seen may be the machine's; undefined where they would not reach it.
 */
function banOnAFreeMachine(
  timed: readonly TimedRequest[],
  firstRefusal: TimedRequest,
  clientBusy: readonly BusySample[] | undefined,
  threshold: number | undefined,
): { chosen: number[]; windowMs: number } | 'unread' | undefined {
  const from = timed.indexOf(firstRefusal);
  const served = timed.findIndex((request, at) => at > from && request.status < 400);
  const untilMs = firstRefusal.waitUntilMs;
  if (served < 0 || untilMs === undefined || threshold === undefined || !clientBusy?.length) return undefined;
  const idle = idleWaits(timed, clientBusy).slice(from + 1, served + 1);
  const chosen = idle.filter((wait): wait is number => wait !== undefined);
  const last = idle.at(-1) ?? 0;
  let limited = timed.slice(0, from + 1).filter((request) => request.status === 429).length;
  let sentMs = (firstRefusal.answeredMs ?? firstRefusal.arrivedMs) + FREE_MACHINE_SLACK_MS;
  // The ban answers the request after `threshold` refused while limited. A wait not read matters
  // only where the projection reaches it before the window's end.
  for (let retry = 0; limited <= threshold; retry += 1) {
    const wait = retry < idle.length ? idle[retry] : last;
    if (wait === undefined) return 'unread';
    if (retry >= idle.length && wait <= 0) return undefined;
    sentMs += wait * 1000;
    if (sentMs >= untilMs) return undefined;
    limited += 1;
  }
  return limited > threshold
    ? { chosen, windowMs: untilMs - (firstRefusal.answeredMs ?? firstRefusal.arrivedMs) }
    : undefined;
}

/**
 * Judges early retries in a case that credits backing off. Returns whether they were judged here
 * (the caller then says nothing more of them), and where a busy machine alone kept the client
 * under the ban, why the case cannot be judged.
 */
export function judgeBackoff(
  testCase: SdkCase,
  timed: readonly TimedRequest[],
  early: readonly EarlyRetry[],
  clientBusy: readonly BusySample[] | undefined,
  reasons: string[],
  notes: string[],
): false | 'judged' | { undetermined: string } {
  if (!testCase.expect.creditsBackoff) return false;
  if (early.length === 0) {
    if (testCase.setUp.clockBehindMinutes && timed.some((request) => request.status === 429))
      notes.push("measured the HTTP-date against the answer's Date, so the server's slow clock cost it no retry");
    return 'judged';
  }
  const waits = early.map((retry) => retry.waitedSeconds);
  const { atOnce, shown } = judgedWaits(
    timed,
    early.map((retry) => timed.indexOf(retry.retry)),
    clientBusy,
  );
  const { reset } = testCase.words ?? PETSTORE_WORDS;
  const what = testCase.setUp.withoutRetryAfter
    ? '429s that said no Retry-After'
    : `429s whose Retry-After named a date ${windowSeconds(testCase)} s after the answer's Date`;
  const clock = clockNote(testCase);
  const threshold = testCase.setUp.banThreshold ?? 'the threshold of';
  if (timed.some((request) => request.code === 'API_KEY_BANNED')) {
    reasons.push(
      `retried ${early.length} times before the wait was over (waits of ${listed(waits)}), after ${what}, and reached the ban (${threshold} requests while limited; "continued requests after a 429 may cause a temporary ban of the API key", the seed)${clock ? `: ${clock}` : ''}`,
    );
  } else if (atOnce) {
    reasons.push(
      `retried at once after ${what} (waits of ${shown} before ${early.length === 1 ? 'a retry' : `${early.length} retries`} that came too early): ${clock || `back off exponentially, as the seed asks ("Clients should back off exponentially"), or wait until ${reset}`}`,
    );
  } else {
    const freeMachine = banOnAFreeMachine(
      timed,
      (early[0] as EarlyRetry).refusal,
      clientBusy,
      testCase.setUp.banThreshold,
    );
    if (freeMachine === 'unread')
      return {
        undetermined: `undetermined: waited before each retry (waits of ${shown}) and stayed under the ban, but a busy machine held the readings of the client, which do not show how much of those waits it chose and how much the machine made: whether its own waits would have kept it under the ban (${threshold} requests while limited) on a free machine cannot be told. Run the case again on a machine with a CPU free`,
      };
    if (freeMachine)
      return {
        undetermined: `undetermined: waited before each retry (waits of ${shown}) and stayed under the ban, but only because a busy machine stretched its waits: on a free machine, after the ${listed(freeMachine.chosen)} it chose, and more of its last where none was seen, its retries would have reached the ban (${threshold} requests while limited) within the ${seconds(freeMachine.windowMs / 1000)} the window had left; what it would have done there cannot be told. Run the case again on a machine with a CPU free`,
      };
    notes.push(
      testCase.setUp.withoutRetryAfter
        ? `waited before each retry (waits of ${shown}) and stayed under the ban, as backing off does; ${reset} had said the window ended ${windowSeconds(testCase)} s after the answer's Date, which a client can wait for without any early retry`
        : `read the HTTP-date as past (this server's clock is ${testCase.setUp.clockBehindMinutes} minutes behind this machine's), and waited before each retry (waits of ${shown}), which kept it under the ban; measured against the answer's Date, the date asks for ${windowSeconds(testCase)} s`,
    );
  }
  return 'judged';
}

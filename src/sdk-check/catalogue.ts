// The cases of `petstore-mock sdk-check`, as data: what each reproduces, how its world is set up,
// and what a well-behaved client does in it. A case is armed by the client's first request (until
// then its clock stands still), brings the client to its edge, then clears the road (see
// case-gate.ts), so that a verdict depends on how the client treats the edge, not on its start
// time or how many calls it makes. A client run is the SDK author's own command: it makes a
// handful of calls (MIN_CALLS or more) with PETSTORE_BASE_URL and PETSTORE_API_KEY, and ends.
import type { PlanLimits } from '../limits/plans.js';
import type { RetryAfterFormat } from '../limits/rate-limit-headers.js';
import type { StormSpec } from '../limits/storms.js';

/** The calls a client run must make for every case to reach its edge. */
export const MIN_CALLS = 5;

/** A wait longer than this may be surfaced instead of waited out (got's and ky's maxRetryAfter). */
export const LONG_WAIT_SECONDS = 30;

export type CaseSetUp = {
  /** The key's limits (on the free plan). */
  limits: PlanLimits;
  /**
   * Where the mock's clock starts, three seconds before a minute ends; it runs with real time from
   * the client's first request. `skewMinutes`: that many minutes ahead of the machine's clock.
   */
  clockStart: string | { skewMinutes: number };
  retryAfterFormat: RetryAfterFormat;
  /** Requests spent before the client starts (left out of its record): its first call meets the limit. */
  spentBefore?: number;
  /** A ban on the key from the start, this many seconds long. */
  banSeconds?: number;
  /** A storm on the key from the start. */
  storm?: Omit<StormSpec, 'keys'>;
  /** Every answer this slow (the first few: then the road is cleared). */
  latencyMs?: number;
  /** Requests while limited that ban the key (the mock's default otherwise). */
  banThreshold?: number;
  /** 429 answers go out without Retry-After: the client must read X-RateLimit-Reset against Date. */
  withoutRetryAfter?: boolean;
};

export type CaseExpectation = {
  /** What the client must meet for the case to say anything: a refusal of this kind. */
  meets: 'rate-limited' | 'storm' | 'banned' | 'day-limit' | 'limit-or-pacing' | 'slow-answers';
  /** After the refusals, a good client comes back and is answered (not so where the wait is hours). */
  recovers: boolean;
  /** The client's requests must not reach the ban (several in flight that all retry would). */
  mustNotBeBanned?: boolean;
  /** A good client gives up: it ends by itself soon after the refusal, with no further call. */
  givesUp?: boolean;
};

export type SdkCase = {
  name: string;
  reproduces: string;
  /** What passes and what fails, for the README's table and --help. */
  passes: string;
  fails: string;
  setUp: CaseSetUp;
  expect: CaseExpectation;
};

const GENEROUS: PlanLimits = { perMinute: 1_000, perDay: 100_000 };
/**
 * About five minutes ahead of the machine's clock, three seconds before a minute ends: the first
 * window closes three seconds into the case, and the server's clock is as far from the client's
 * as real servers' are (a client that reads a date against its own clock shows it, every run).
 */
const NEAR_MINUTE_END = { skewMinutes: 5 };

/** The instant a case's clock starts at: three seconds before a minute ends, skewed where asked. */
export function caseClockStart(setUp: CaseSetUp, realNowMs: number): Date {
  if (typeof setUp.clockStart === 'string') return new Date(setUp.clockStart);
  const skewed = realNowMs + setUp.clockStart.skewMinutes * 60_000;
  return new Date(Math.ceil(skewed / 60_000) * 60_000 - 3_000);
}

export const CATALOGUE: readonly SdkCase[] = Object.freeze([
  {
    name: 'limit-seconds',
    reproduces: 'the per-minute limit already reached: 429 with Retry-After in seconds, the window ending 3 s in',
    passes: 'waits the Retry-After, then goes on',
    fails: 'retries earlier than told, or gives up on a 3 s wait',
    setUp: {
      limits: { perMinute: 10, perDay: 1_000 },
      spentBefore: 10,
      clockStart: NEAR_MINUTE_END,
      retryAfterFormat: 'seconds',
    },
    expect: { meets: 'rate-limited', recovers: true },
  },
  {
    name: 'limit-http-date',
    reproduces:
      "the same, Retry-After as an HTTP-date (RFC 9110 section 10.2.3) on a server clock about 5 minutes ahead of this machine's: measure it from the answer's Date",
    passes: "reads the date against the answer's Date, waits 3 s, goes on",
    fails: 'reads it against its own clock (waits 5 minutes, or gives up), or retries early',
    setUp: {
      limits: { perMinute: 10, perDay: 1_000 },
      spentBefore: 10,
      clockStart: NEAR_MINUTE_END,
      retryAfterFormat: 'http-date',
    },
    expect: { meets: 'rate-limited', recovers: true },
  },
  {
    name: 'reset-only',
    reproduces:
      "the limit reached, and the 429 carries no Retry-After: X-RateLimit-Reset, read against the answer's Date (the server's clock about 5 minutes ahead), is the wait",
    passes: "waits until X-RateLimit-Reset, measured from the answer's Date, then goes on",
    fails: 'retries before X-RateLimit-Reset, reads it against its own clock (waits 5 minutes), or gives up',
    setUp: {
      limits: { perMinute: 10, perDay: 1_000 },
      spentBefore: 10,
      clockStart: NEAR_MINUTE_END,
      retryAfterFormat: 'seconds',
      withoutRetryAfter: true,
    },
    expect: { meets: 'rate-limited', recovers: true },
  },
  {
    name: 'in-flight',
    reproduces:
      'the limit reached while several requests are in flight on one key (PETSTORE_SDK_CHECK_CASE=in-flight asks the client for them): a ban after 5 requests while limited',
    passes: 'every request in flight waits the Retry-After; together they stay under the ban',
    fails: 'any sibling retries early, or together they reach the ban',
    setUp: {
      limits: { perMinute: 10, perDay: 1_000 },
      spentBefore: 10,
      clockStart: NEAR_MINUTE_END,
      retryAfterFormat: 'seconds',
      banThreshold: 5,
    },
    expect: { meets: 'rate-limited', recovers: true, mustNotBeBanned: true },
  },
  {
    name: 'storm-partial',
    reproduces: "a 429 storm on half of the client's first 6 requests, each saying Retry-After: 1",
    passes: 'waits 1 s after each 429',
    fails: 'retries earlier, or gives up on a 1 s wait',
    setUp: {
      limits: GENEROUS,
      clockStart: NEAR_MINUTE_END,
      retryAfterFormat: 'seconds',
      // Counted in requests, not seconds: a client slowed by a busy machine meets it all the same.
      storm: { requests: 6, fraction: 0.5, retryAfterSeconds: 1 },
    },
    expect: { meets: 'storm', recovers: true },
  },
  {
    name: 'storm-all',
    reproduces: 'a 429 storm on every request for 3 s, Retry-After the seconds it has left',
    passes: 'waits as told, then goes on',
    fails: 'retries earlier than told, or gives up on a wait of seconds',
    setUp: { limits: GENEROUS, clockStart: NEAR_MINUTE_END, retryAfterFormat: 'seconds', storm: { seconds: 3 } },
    expect: { meets: 'storm', recovers: true },
  },
  {
    name: 'ban',
    reproduces: 'the key banned for 3 s: 403 API_KEY_BANNED with its Retry-After',
    passes: 'stays away 3 s and goes on, or surfaces the ban',
    fails: 'calls while banned',
    setUp: { limits: GENEROUS, clockStart: NEAR_MINUTE_END, retryAfterFormat: 'seconds', banSeconds: 3 },
    expect: { meets: 'banned', recovers: true },
  },
  {
    name: 'ban-long',
    reproduces: 'the key banned for 10 minutes: 403 API_KEY_BANNED with Retry-After: 600',
    passes: 'surfaces the ban',
    fails: 'calls while banned, or is still waiting it out at the time limit',
    setUp: { limits: GENEROUS, clockStart: NEAR_MINUTE_END, retryAfterFormat: 'seconds', banSeconds: 600 },
    expect: { meets: 'banned', recovers: false, givesUp: true },
  },
  {
    name: 'day-exhausted',
    reproduces:
      'the per-day limit used up at noon: 429 with a Retry-After of 12 hours; a good client gives up and says so',
    passes: 'gives up at once and surfaces the error',
    fails: 'retries within the 12 hours, or is still waiting at the time limit',
    setUp: {
      limits: { perMinute: 100, perDay: 3 },
      spentBefore: 3,
      clockStart: '2030-01-01T12:00:00Z',
      retryAfterFormat: 'seconds',
    },
    expect: { meets: 'day-limit', recovers: false, givesUp: true },
  },
  {
    name: 'day-ends',
    reproduces:
      "the per-day limit used up 3 s before midnight (UTC, the day window's end): 429 with Retry-After: 3, not hours",
    passes: 'waits 3 s into the new day, then goes on',
    fails: 'retries earlier, or takes a day-limit 429 for a wait of hours and gives up',
    setUp: {
      limits: { perMinute: 100, perDay: 3 },
      spentBefore: 3,
      clockStart: '2030-01-01T23:59:57Z',
      retryAfterFormat: 'seconds',
    },
    expect: { meets: 'day-limit', recovers: true },
  },
  {
    name: 'remaining-zero',
    reproduces: 'X-RateLimit-Remaining reaching 0 before any 429 (a client that paces itself is credited)',
    passes: 'paces itself until X-RateLimit-Reset (credited), or honours the 429',
    fails: 'retries a 429 earlier than told',
    setUp: { limits: { perMinute: 3, perDay: 1_000 }, clockStart: NEAR_MINUTE_END, retryAfterFormat: 'seconds' },
    expect: { meets: 'limit-or-pacing', recovers: true },
  },
  {
    name: 'slow-answers',
    reproduces: 'the first answers taking 1.5 s each: a client whose timeout is too short gives up and sends again',
    passes: 'waits for each answer',
    fails: 'sends a request again before its answer came',
    setUp: { limits: GENEROUS, clockStart: NEAR_MINUTE_END, retryAfterFormat: 'seconds', latencyMs: 1_500 },
    expect: { meets: 'slow-answers', recovers: true },
  },
]);

export const CASE_NAMES: readonly string[] = CATALOGUE.map((entry) => entry.name);

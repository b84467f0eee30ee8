// The cases of `petstore-mock sdk-check`, as data: what each reproduces, how its world is set up,
// and what a well-behaved client does in it. Each is built to end within seconds of real time for
// a good client: windows end seconds after the case starts (the mock's clock is set for it), bans
// and storms are short. A client run is the SDK author's own command: it makes a handful of calls
// (MIN_CALLS or more) with PETSTORE_BASE_URL and PETSTORE_API_KEY, and ends.
import type { PlanLimits } from '../limits/plans.js';
import type { RetryAfterFormat } from '../limits/rate-limit-headers.js';
import type { StormSpec } from '../limits/storms.js';

/** The calls a client run must make for every case to reach its edge. */
export const MIN_CALLS = 5;

export type CaseSetUp = {
  /** The key's limits (on the free plan). */
  limits: PlanLimits;
  /** Where the mock's clock starts; it runs with real time from there. */
  clockStart: string;
  retryAfterFormat: RetryAfterFormat;
  /** Requests spent before the client starts (left out of its record): its first call meets the limit. */
  spentBefore?: number;
  /** A ban on the key from the start, this many seconds long. */
  banSeconds?: number;
  /** A storm on the key from the start. */
  storm?: Omit<StormSpec, 'keys'>;
  /** Every answer this slow. */
  latencyMs?: number;
};

export type CaseExpectation = {
  /** What the client must meet for the case to say anything: a refusal of this kind. */
  meets: 'rate-limited' | 'storm' | 'banned' | 'day-limit' | 'limit-or-pacing' | 'slow-answers';
  /** After the refusals, a good client comes back and is answered (not so where the wait is hours). */
  recovers: boolean;
  /** A good client gives up: it ends by itself soon after the refusal, with no further call. */
  givesUp?: boolean;
};

export type SdkCase = {
  name: string;
  reproduces: string;
  setUp: CaseSetUp;
  expect: CaseExpectation;
};

const GENEROUS: PlanLimits = { perMinute: 1_000, perDay: 100_000 };
/** Three seconds before a minute ends: the first window closes three seconds into the case. */
const NEAR_MINUTE_END = '2030-01-01T11:59:57Z';

export const CATALOGUE: readonly SdkCase[] = Object.freeze([
  {
    name: 'limit-seconds',
    reproduces: 'the per-minute limit already reached: 429 with Retry-After in seconds, the window ending 3 s in',
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
      "the same, Retry-After as an HTTP-date (RFC 9110 section 10.2.3) on the server's clock, years from the client's: measure it from the answer's Date",
    setUp: {
      limits: { perMinute: 10, perDay: 1_000 },
      spentBefore: 10,
      clockStart: NEAR_MINUTE_END,
      retryAfterFormat: 'http-date',
    },
    expect: { meets: 'rate-limited', recovers: true },
  },
  {
    name: 'storm-partial',
    reproduces: 'a 429 storm on half of the requests for 4 s, each saying Retry-After: 1',
    setUp: {
      limits: GENEROUS,
      clockStart: NEAR_MINUTE_END,
      retryAfterFormat: 'seconds',
      storm: { seconds: 4, fraction: 0.5, retryAfterSeconds: 1 },
    },
    expect: { meets: 'storm', recovers: true },
  },
  {
    name: 'storm-all',
    reproduces: 'a 429 storm on every request for 3 s, Retry-After the seconds it has left',
    setUp: { limits: GENEROUS, clockStart: NEAR_MINUTE_END, retryAfterFormat: 'seconds', storm: { seconds: 3 } },
    expect: { meets: 'storm', recovers: true },
  },
  {
    name: 'ban',
    reproduces: 'the key banned for 3 s: 403 API_KEY_BANNED with its Retry-After',
    setUp: { limits: GENEROUS, clockStart: NEAR_MINUTE_END, retryAfterFormat: 'seconds', banSeconds: 3 },
    expect: { meets: 'banned', recovers: true },
  },
  {
    name: 'day-exhausted',
    reproduces:
      'the per-day limit used up at noon: 429 with a Retry-After of 12 hours; a good client gives up and says so',
    setUp: {
      limits: { perMinute: 100, perDay: 3 },
      spentBefore: 3,
      clockStart: '2030-01-01T12:00:00Z',
      retryAfterFormat: 'seconds',
    },
    expect: { meets: 'day-limit', recovers: false, givesUp: true },
  },
  {
    name: 'remaining-zero',
    reproduces: 'X-RateLimit-Remaining reaching 0 before any 429 (a client that paces itself is credited)',
    setUp: { limits: { perMinute: 3, perDay: 1_000 }, clockStart: NEAR_MINUTE_END, retryAfterFormat: 'seconds' },
    expect: { meets: 'limit-or-pacing', recovers: true },
  },
  {
    name: 'slow-answers',
    reproduces: 'every answer taking 1.5 s: a client whose timeout is too short gives up and sends again',
    setUp: { limits: GENEROUS, clockStart: NEAR_MINUTE_END, retryAfterFormat: 'seconds', latencyMs: 1_500 },
    expect: { meets: 'slow-answers', recovers: true },
  },
]);

export const CASE_NAMES: readonly string[] = CATALOGUE.map((entry) => entry.name);

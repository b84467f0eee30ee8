// The cases of `petstore-mock sdk-check`, as data: what each reproduces, how its world is set up,
// and what a well-behaved client does in it. A case runs on this machine's clock (all but the
// clock case): it is armed by the client's first request, which finds the key's windows, ban,
// storm or fault set then (see case-gate.ts), brings the client to its edge, then clears the
// road, so that a verdict depends on how the client treats the edge, not on its start time or
// how many calls it makes. A client run is the SDK author's own command: it makes a handful of
// calls (MIN_CALLS or more) with PETSTORE_BASE_URL and PETSTORE_API_KEY, and ends.
import type { FaultSpec } from '../limits/faults.js';
import type { PlanLimits } from '../limits/plans.js';
import type { RetryAfterFormat } from '../limits/rate-limit-headers.js';
import type { KeyWindows } from '../limits/rate-limit-policy.js';
import type { StormSpec } from '../limits/storms.js';
import type { CaseWords } from './case-words.js';

/** The calls a client run must make for every case to reach its edge. */
export const MIN_CALLS = 5;

/** A wait longer than this may be surfaced instead of waited out (got's and ky's maxRetryAfter). */
export const LONG_WAIT_SECONDS = 30;

/** A fault on the case's key, on its reads (GET operations) or its creates (POST operations). */
export type CaseFault = Omit<FaultSpec, 'keys' | 'operations'> & { on: 'reads' | 'creates' };

export type CaseSetUp = {
  /** The key's limits (on the free plan). */
  limits: PlanLimits;
  /** The key's windows as its first request finds them (set then): at its limit, a window ending 3 s in. */
  windows?: KeyWindows;
  retryAfterFormat: RetryAfterFormat;
  /** A ban on the key from its first request, this many seconds long. */
  banSeconds?: number;
  /** A storm on the key from its first request. */
  storm?: Omit<StormSpec, 'keys'>;
  /** A fault on the key from its first request. */
  fault?: CaseFault;
  /** Every answer this slow (the first few: then the road is cleared). */
  latencyMs?: number;
  /** Requests while limited that ban the key (the mock's default otherwise). */
  banThreshold?: number;
  /** 429 answers go out without Retry-After: X-RateLimit-Reset (or backing off) is the client's guide. */
  withoutRetryAfter?: boolean;
  /** The clock case only: the server's clock this many minutes behind this machine's. */
  clockBehindMinutes?: number;
  /**
   * The minute window ends on the first whole second at least its seconds after the first
   * request, not the one before it: an HTTP-date, which names whole seconds, then tells the whole wait.
   */
  wholeWait?: boolean;
};

export type CaseExpectation = {
  /** What the client must meet for the case to say anything: a refusal or a fault of this kind. */
  meets: 'rate-limited' | 'storm' | 'banned' | 'day-limit' | 'limit-or-pacing' | 'slow-answers' | 'fault';
  /** After the refusals, a good client comes back and is answered (not so where the wait is hours). */
  recovers: boolean;
  /** The client's requests must not reach the ban (several in flight that all retry would). */
  mustNotBeBanned?: boolean;
  /** A good client gives up: it ends by itself soon after the refusal, with no further call. */
  givesUp?: boolean;
  /**
   * Retries before the wait was over are credited when they wait (not at once) and stay under the
   * ban (the seed: "Clients should back off exponentially"): where no wait is told, or where the
   * one told reads as past on the client's clock. The case's window and ban are set so that a
   * client backing off stays under the ban and one retrying at a short fixed interval reaches it,
   * however late a busy machine lets its retries leave.
   */
  creditsBackoff?: boolean;
};

/**
 * What a case needs of the contract it runs on (`--contract`): a Retry-After that may be an
 * HTTP-date, a limit header naming the window's reset or the requests left, a read (GET) or a
 * create (POST) to fault. Where the contract lacks it, the case is skipped, with why (contract-cases.ts).
 */
export type CaseNeed = 'http-date' | 'reset' | 'remaining' | 'read' | 'create';

export type SdkCase = {
  name: string;
  reproduces: string;
  /** What passes and what fails, for the README's table and --help. */
  passes: string;
  fails: string;
  setUp: CaseSetUp;
  expect: CaseExpectation;
  needs?: readonly CaseNeed[];
  /** The words of the contract it runs on (the Pet Store's, in which the texts above are written, if absent). */
  words?: CaseWords;
};

const GENEROUS: PlanLimits = { perMinute: 1_000, perDay: 100_000 };
const AT_LIMIT: Pick<CaseSetUp, 'limits' | 'windows'> = {
  limits: { perMinute: 10, perDay: 1_000 },
  windows: { minute: { used: 10, resetsInSeconds: 3 } },
};
/**
 * At the limit for 5 s, banned after 5 requests while limited: backing off from 0.5 s or 1 s
 * (undici, got) retries 2 or 3 times in the window; a fixed half second (ofetch) reaches the ban
 * by 2.5 s, or gives up after its 3 retries, with seconds to spare on a busy machine.
 */
const AT_LIMIT_BACKING_OFF: Pick<CaseSetUp, 'limits' | 'windows' | 'banThreshold'> = {
  limits: { perMinute: 10, perDay: 1_000 },
  windows: { minute: { used: 10, resetsInSeconds: 5 } },
  banThreshold: 5,
};

export const CATALOGUE: readonly SdkCase[] = Object.freeze([
  {
    name: 'limit-seconds',
    reproduces: 'the per-minute limit already reached: 429 with Retry-After in seconds, the window ending 3 s in',
    passes: 'waits the Retry-After, then goes on',
    fails: 'retries earlier than told, or gives up on a 3 s wait',
    setUp: { ...AT_LIMIT, retryAfterFormat: 'seconds' },
    expect: { meets: 'rate-limited', recovers: true },
  },
  {
    name: 'limit-http-date',
    reproduces:
      "the same, Retry-After as an HTTP-date (RFC 9110 section 10.2.3): the window's end, the first whole second 3 s after the answer (4 s after its Date)",
    passes: 'waits until the date (3 to 4 s), then goes on',
    fails: 'retries before the date, misreads it, or gives up',
    setUp: { ...AT_LIMIT, retryAfterFormat: 'http-date', wholeWait: true },
    needs: ['http-date'],
    expect: { meets: 'rate-limited', recovers: true },
  },
  {
    name: 'reset-only',
    reproduces:
      'the limit reached, and the 429 carries no Retry-After: only X-RateLimit-Reset, 5 s away; a ban after 5 requests while limited',
    passes: 'waits until X-RateLimit-Reset, or backs off (as the seed asks) and stays under the ban',
    fails: 'retries at once, or at a short fixed interval into the ban, or gives up',
    setUp: { ...AT_LIMIT_BACKING_OFF, retryAfterFormat: 'seconds', withoutRetryAfter: true },
    needs: ['reset'],
    expect: { meets: 'rate-limited', recovers: true, creditsBackoff: true },
  },
  {
    name: 'clock-behind',
    reproduces:
      "a server whose clock is 5 minutes behind this machine's (met in production), at its limit: Retry-After as an HTTP-date 5 s after the answer's Date, and a ban after 5 requests while limited. Beyond RFC 9110, which does not say which clock to read the date against",
    passes:
      "measures the date against the answer's Date (waits 5 s), or backs off and stays under the ban; then goes on",
    fails: 'reads the date against its own clock, finds it past, and retries at once (or into the ban), or gives up',
    setUp: { ...AT_LIMIT_BACKING_OFF, retryAfterFormat: 'http-date', clockBehindMinutes: 5 },
    needs: ['http-date'],
    expect: { meets: 'rate-limited', recovers: true, creditsBackoff: true },
  },
  {
    name: 'in-flight',
    reproduces:
      'the limit reached while several requests are in flight on one key (PETSTORE_SDK_CHECK_CASE=in-flight asks the client for them): a ban after 5 requests while limited',
    passes: 'every request in flight waits the Retry-After; together they stay under the ban',
    fails: 'any sibling retries early, or together they reach the ban',
    setUp: { ...AT_LIMIT, retryAfterFormat: 'seconds', banThreshold: 5 },
    expect: { meets: 'rate-limited', recovers: true, mustNotBeBanned: true },
  },
  {
    name: 'storm-partial',
    reproduces:
      "a 429 storm on every second one of the client's first 6 requests (its 2nd, 4th and 6th), each saying Retry-After: 2",
    passes: 'waits 2 s after each 429',
    fails: 'retries earlier, or gives up on a 2 s wait',
    setUp: {
      limits: GENEROUS,
      retryAfterFormat: 'seconds',
      // Counted in requests, not seconds, and spread evenly, not drawn: the same requests are
      // refused in every run, however slow the machine. Told 2 s: a client that retries after a
      // half second of its own (ofetch) is early by more than a busy machine delays it.
      storm: { requests: 6, fraction: 0.5, retryAfterSeconds: 2 },
    },
    expect: { meets: 'storm', recovers: true },
  },
  {
    name: 'storm-all',
    reproduces: 'a 429 storm on every request for 3 s, Retry-After the seconds it has left',
    passes: 'waits as told, then goes on',
    fails: 'retries earlier than told, or gives up on a wait of seconds',
    setUp: { limits: GENEROUS, retryAfterFormat: 'seconds', storm: { seconds: 3 } },
    expect: { meets: 'storm', recovers: true },
  },
  {
    name: 'ban',
    reproduces: 'the key banned for 3 s: 403 API_KEY_BANNED with its Retry-After',
    passes: 'stays away 3 s and goes on, or surfaces the ban',
    fails: 'calls while banned',
    setUp: { limits: GENEROUS, retryAfterFormat: 'seconds', banSeconds: 3 },
    expect: { meets: 'banned', recovers: true },
  },
  {
    name: 'ban-long',
    reproduces: 'the key banned for 10 minutes: 403 API_KEY_BANNED with Retry-After: 600',
    passes: 'surfaces the ban',
    fails: 'calls while banned, or is still waiting it out at the time limit',
    setUp: { limits: GENEROUS, retryAfterFormat: 'seconds', banSeconds: 600 },
    expect: { meets: 'banned', recovers: false, givesUp: true },
  },
  {
    name: 'day-exhausted',
    reproduces:
      "the per-day limit used up with 12 hours of the key's day left: 429 with a Retry-After of 12 hours; a good client gives up and says so",
    passes: 'gives up at once and surfaces the error',
    fails: 'retries within the 12 hours, or is still waiting at the time limit',
    setUp: {
      limits: { perMinute: 100, perDay: 3 },
      windows: { day: { used: 3, resetsInSeconds: 43_200 } },
      retryAfterFormat: 'seconds',
    },
    expect: { meets: 'day-limit', recovers: false, givesUp: true },
  },
  {
    name: 'day-ends',
    reproduces: "the per-day limit used up 3 s before the key's day window ends: 429 with Retry-After: 3, not hours",
    passes: 'waits 3 s into the new day, then goes on',
    fails: 'retries earlier, or takes a day-limit 429 for a wait of hours and gives up',
    setUp: {
      limits: { perMinute: 100, perDay: 3 },
      windows: { day: { used: 3, resetsInSeconds: 3 } },
      retryAfterFormat: 'seconds',
    },
    expect: { meets: 'day-limit', recovers: true },
  },
  {
    name: 'remaining-zero',
    reproduces:
      "X-RateLimit-Remaining: 0 on the client's second answer, before any 429, the window ending 5 s after its first (a client that paces itself is credited)",
    passes: 'paces itself until X-RateLimit-Reset (credited), or honours the 429',
    fails: 'retries a 429 earlier than told',
    setUp: {
      limits: { perMinute: 3, perDay: 1_000 },
      // Set at the first request, which uses one more: the second takes the last of the window,
      // whatever the client's pace, and the Reset it is told is the same instant in every run. Its
      // next request is the one judged: the client's first answer, the slowest to read on a busy
      // machine, is behind it.
      windows: { minute: { used: 1, resetsInSeconds: 5 } },
      retryAfterFormat: 'seconds',
    },
    needs: ['remaining'],
    expect: { meets: 'limit-or-pacing', recovers: true },
  },
  {
    name: 'slow-answers',
    reproduces: 'the first answers taking 1.5 s each: a client whose timeout is too short gives up and sends again',
    passes: 'waits for each answer',
    fails: 'sends a request again before its answer came',
    setUp: { limits: GENEROUS, retryAfterFormat: 'seconds', latencyMs: 1_500 },
    expect: { meets: 'slow-answers', recovers: true },
  },
  {
    name: 'fault-reset',
    reproduces: "the connection reset before the answer, on the client's first three reads",
    passes: 'reads again after a wait (growing waits, as backing off does), and goes on',
    fails: 'gives up on the read, or reads again at once',
    // Three in a row: enough waits to tell a wait from retrying at once on a busy machine.
    setUp: { limits: GENEROUS, retryAfterFormat: 'seconds', fault: { kind: 'reset', requests: 3, on: 'reads' } },
    needs: ['read'],
    expect: { meets: 'fault', recovers: true },
  },
  {
    name: 'fault-cut',
    reproduces:
      "the answer to the client's first read cut short of its Content-Length: half the body, then the connection closes",
    passes: 'never uses the partial body: reads again, and goes on',
    fails: 'takes the partial body for the answer, or gives up',
    setUp: { limits: GENEROUS, retryAfterFormat: 'seconds', fault: { kind: 'cut', requests: 1, on: 'reads' } },
    needs: ['read'],
    expect: { meets: 'fault', recovers: true },
  },
  {
    name: 'fault-stall',
    reproduces: "the answer to the client's first read stalls: its head, then silence for 5 minutes",
    passes: 'times the read out well within the time limit, reads again, and goes on',
    fails: 'waits for the body with no timeout (it hangs), or gives up after its timeout',
    setUp: { limits: GENEROUS, retryAfterFormat: 'seconds', fault: { kind: 'stall', requests: 1, on: 'reads' } },
    needs: ['read'],
    expect: { meets: 'fault', recovers: true },
  },
  {
    name: 'fault-unavailable',
    reproduces: "503 Service Unavailable with Retry-After: 2 on the client's first two reads (RFC 9110 section 15.6.4)",
    passes: "waits the 503's Retry-After, then goes on",
    fails: 'retries earlier than told, or gives up on a 2 s wait',
    setUp: {
      limits: GENEROUS,
      retryAfterFormat: 'seconds',
      fault: { kind: 'unavailable', requests: 2, retryAfterSeconds: 2, on: 'reads' },
    },
    needs: ['read'],
    expect: { meets: 'fault', recovers: true },
  },
  {
    name: 'fault-create-reset',
    reproduces:
      "the connection of the client's first create reset after the pet was stored, its answer lost (PETSTORE_SDK_CHECK_CASE=fault-create-reset asks the client for a create)",
    passes: 'does not send the create again blindly: reads first, or surfaces the error',
    fails: 'sends the create again blindly: a duplicate (both ids shown); a client that makes no create is not judged',
    setUp: { limits: GENEROUS, retryAfterFormat: 'seconds', fault: { kind: 'reset', requests: 1, on: 'creates' } },
    needs: ['create'],
    expect: { meets: 'fault', recovers: false },
  },
]);

export const CASE_NAMES: readonly string[] = CATALOGUE.map((entry) => entry.name);

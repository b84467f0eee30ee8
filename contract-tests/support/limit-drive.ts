// Driving a key to its limit: the probe request every rate-limit check sends, what the suite has
// seen of the limit key (limited, requests sent while limited, answered per day), and the drive
// that counts X-RateLimit-Remaining down to the 429, telling another client's requests on a key
// the run was given from a fault of the implementation.
import { rateLimitHeaderProblems } from './conformance.js';
import { SPEC } from './contract-spec.js';
import { isRefusal } from './error-shapes.js';
import { type Exchange, send } from './exchange.js';
import { MAX_POLITE_WAIT_SECONDS } from './key-pace.js';
import { rateLimitKey, type SentKey } from './keys.js';
import { LIMIT_HEADERS_SHOWN, LIMIT_NAME, limitSaid, limitValue } from './limit-window.js';
import { probeOperation, probePath } from './probe-operation.js';
import { CheckSkipped } from './scheduler.js';
import { contractTarget } from './target.js';
import { retryAfterSeconds, targetNow } from './target-clock.js';
import { ContractViolation, requireNoProblems } from './violation.js';
import { secondsToWindowEnd } from './window-end.js';

/** Steps of a countdown, each one apart, that show no other client was using the key. */
const REGULAR_STEPS = 5;

/**
 * What the suite has seen of the limit key: whether it is limited, and how many requests it
 * sent while limited since the answer that limited it (known only if the suite saw that answer).
 */
export const limitKeySeen = { limited: false, sawItStart: false, whileLimited: 0, sent: 0 };

/** Requests answered (200) per UTC day of the target's clock, for one key. */
export type AnsweredByDay = Map<number, number>;
export const utcDay = (exchange: Exchange) => Math.floor(targetNow(exchange).ms / 86_400_000);
export function countAnswer(byDay: AnsweredByDay, exchange: Exchange): void {
  if (exchange.status === 200) byDay.set(utcDay(exchange), (byDay.get(utcDay(exchange)) ?? 0) + 1);
}
export const limitKeyAnswered: AnsweredByDay = new Map();

/** One request of the probe; a key driven past its limit on purpose is sent without pacing. */
export async function probe(key?: SentKey): Promise<Exchange> {
  const exchange = await send({
    operationId: probeOperation().operationId,
    method: 'GET',
    path: probePath(),
    retryWhenLimited: false,
    ...(key ? { key, pace: false } : {}),
  });
  if (key && key.value === rateLimitKey()?.value) {
    const refused = exchange.status === 429 || exchange.status === 403;
    limitKeySeen.sent += 1;
    countAnswer(limitKeyAnswered, exchange);
    if (!refused) Object.assign(limitKeySeen, { limited: false, sawItStart: true, whileLimited: 0 });
    else if (!limitKeySeen.limited) Object.assign(limitKeySeen, { limited: true, whileLimited: 0 });
    else limitKeySeen.whileLimited += 1;
  }
  return exchange;
}

/** The contract's ban (x-rate-limits.ban): its status and Error code. */
const BAN = SPEC['x-rate-limits']?.ban as { status?: number; code?: string } | undefined;

/** Whether the answer is the contract's ban of its key. */
export function isBan(exchange: Exchange): boolean {
  return BAN?.status !== undefined && isRefusal(exchange, BAN.status, BAN.code ?? '', probeOperation());
}

/**
 * Another client's requests on a key the run was given, or a fault that looks like them: the
 * countdown fell by more than one, or the 429 came early. Told apart by driving once more.
 */
export class OtherTraffic extends Error {
  constructor(
    readonly violation: ContractViolation,
    readonly kind: 'fell by more' | 'early 429',
    readonly refusal: Exchange | undefined,
    readonly seen: string,
  ) {
    super(seen);
    this.name = 'OtherTraffic';
  }
}

/**
 * Sends until the key is refused, checking that X-RateLimit-Remaining counts down by exactly one
 * per request within a window. Returns the first refusal. On a key the run made, nothing else
 * sends: every irregular step is a fault. On a key it was given, another client may send too: a
 * countdown that fell by more than one at times (not at every step) or a 429 that came early is
 * OtherTraffic, for the check to tell apart by a second drive.
 */
export async function driveToLimit(key: SentKey, maxRequests: number): Promise<Exchange> {
  if (limitKeySeen.limited) return probe(key);
  const target = contractTarget();
  const alone = target.madeKeys?.includes(key.value) === true;
  const made = limitKeySeen.sent === 0 ? target.madeRateLimitKey : undefined;
  let previous = await probe(key);
  if (previous.status === 429 || previous.status === 403) return previous;
  if (previous.status === 401) {
    throw new ContractViolation(previous, `a key the implementation knows, given as ${key.shownAs}`, [
      `${key.shownAs} is refused as unknown (401): check the key given (--rate-limit-key)`,
    ]);
  }
  if (made) freshWindowProblems(previous, made.perMinute);
  const remaining = limitValue(previous, 'remaining');
  if (!Number.isInteger(remaining)) {
    throw new ContractViolation(previous, `an integer ${LIMIT_NAME.remaining} to count down`, [
      `${LIMIT_NAME.remaining} is ${limitSaid(previous, 'remaining')}`,
    ]);
  }
  if (remaining > maxRequests) {
    // The key given is not one to drive to its limit here: no fault of the implementation.
    throw new CheckSkipped(
      `${key.shownAs} has ${remaining} requests left in its window, more than --max-rate-limit-requests (${maxRequests}) lets the run send: give a --rate-limit-key of a smaller limit, or a larger --max-rate-limit-requests`,
    );
  }
  // The window whose countdown is followed, and the requests sent in it since: a window that ends
  // during the drive (a minute boundary, on a busy machine too) starts the count again, once.
  let counted = { from: previous, sent: 0, restarted: false };
  const steps = { regular: 0, fellByMore: [] as ContractViolation[] };
  const due = () => Math.min(limitValue(counted.from, 'remaining'), maxRequests) + 2;
  const irregular = (refusal?: Exchange) => {
    const [first] = steps.fellByMore;
    if (!first) return undefined;
    const seen = `${LIMIT_NAME.remaining} fell by more than one on ${steps.fellByMore.length} of ${steps.fellByMore.length + steps.regular} requests`;
    // Every step alike is the implementation's count; some is what another client's requests look like.
    return steps.regular === 0 && steps.fellByMore.length >= 3
      ? first
      : new OtherTraffic(first, 'fell by more', refusal, seen);
  };
  while (counted.sent < due()) {
    const next = await probe(key);
    if (next.status === 403) return next;
    if (next.status === 429) {
      // Exactly at the limit: the answer before said 0, unless a window ended between the two.
      const sameWindow = limitValue(next, 'reset') === limitValue(previous, 'reset');
      if (sameWindow && limitValue(previous, 'remaining') !== 0) {
        const violation = new ContractViolation(
          next,
          `the 429 only once the answer before said ${LIMIT_NAME.remaining} 0`,
          [
            `429 after an answer that said ${LIMIT_NAME.remaining} ${limitSaid(previous, 'remaining')} in the same window`,
          ],
        );
        // A countdown that moved by exactly the run's own requests showed no other client: its 429 is the implementation's.
        if (alone || (steps.fellByMore.length === 0 && steps.regular >= REGULAR_STEPS)) throw violation;
        throw new OtherTraffic(
          violation,
          'early 429',
          next,
          `a 429 after an answer that said ${LIMIT_NAME.remaining} ${limitSaid(previous, 'remaining')}`,
        );
      }
      const suspicion = irregular(next);
      if (suspicion) throw suspicion;
      return next;
    }
    requireNoProblems(
      next,
      `well-formed ${LIMIT_HEADERS_SHOWN} headers`,
      rateLimitHeaderProblems(next, probeOperation()),
    );
    const sameWindow =
      limitValue(next, 'reset') === limitValue(previous, 'reset') &&
      limitSaid(next, 'limit') === limitSaid(previous, 'limit');
    const expected = limitValue(previous, 'remaining') - 1;
    const said = limitValue(next, 'remaining');
    if (sameWindow && said !== expected) {
      const violation = new ContractViolation(
        next,
        `${LIMIT_NAME.remaining} ${expected}: one less than the answer before, in the same window (${LIMIT_NAME.reset} ${limitValue(next, 'reset')})`,
        [`${LIMIT_NAME.remaining} is ${limitSaid(next, 'remaining')} after one more request`],
      );
      // Another client's requests only take more: a fall of less than one is the implementation's.
      if (alone || said > expected) throw violation;
      steps.fellByMore.push(violation);
    } else if (sameWindow) steps.regular += 1;
    counted =
      sameWindow || counted.restarted
        ? { ...counted, sent: counted.sent + 1 }
        : { from: next, sent: 0, restarted: true };
    previous = next;
  }
  throw (
    irregular() ??
    new ContractViolation(previous, `a 429 once ${LIMIT_NAME.remaining} reached 0`, [
      `${counted.sent} requests after ${LIMIT_NAME.remaining} said ${limitValue(counted.from, 'remaining')} in the same window, none was refused`,
    ])
  );
}

/**
 * A drive on a key the run was given that met OtherTraffic is done once more, in the key's next
 * window: a fault shows the same way again, another client's use seldom does. The same twice is
 * the fault; otherwise the check cannot tell, and is skipped saying so.
 */
export async function driveTellingOtherTraffic(key: SentKey, maxRequests: number): Promise<Exchange> {
  try {
    return await driveToLimit(key, maxRequests);
  } catch (error) {
    if (!(error instanceof OtherTraffic)) throw error;
    const wait = error.refusal ? (retryAfterSeconds(error.refusal) ?? secondsToWindowEnd(error.refusal)) : 0;
    if (wait > MAX_POLITE_WAIT_SECONDS)
      throw new CheckSkipped(
        `another client used ${key.shownAs} during the check (${error.seen}), and its next window is ${wait} s away`,
      );
    await new Promise((done) => setTimeout(done, wait * 1000 + 500));
    limitKeySeen.limited = false;
    try {
      return await driveToLimit(key, maxRequests);
    } catch (again) {
      if (!(again instanceof OtherTraffic)) throw again;
      if (again.kind === error.kind) throw again.violation;
      throw new CheckSkipped(
        `another client used ${key.shownAs} during the check: ${error.seen}, then ${again.seen} in the next window; run it when the key is not in use, or give a --rate-limit-key of its own`,
      );
    }
  }
}

/**
 * The first answer of a key no request used yet opens its windows: it counts itself, and says
 * Limit - 1 (the minute's, the window with fewer left).
 */
function freshWindowProblems(first: Exchange, perMinute: number): void {
  requireNoProblems(
    first,
    `${LIMIT_NAME.limit} ${perMinute} and ${LIMIT_NAME.remaining} ${perMinute - 1} on the first request of a key made unused`,
    limitHeaderProblems(first, perMinute, perMinute - 1, () => ': the request that opens a window counts in it'),
  );
}

/**
 * An answer's X-RateLimit-Limit and -Remaining against what they should say; `why` explains a
 * Remaining that is off (by how it is off).
 */
export function limitHeaderProblems(
  exchange: Exchange,
  limit: number,
  remaining: number,
  why: (remainingSaid: number) => string,
): string[] {
  const said = limitValue(exchange, 'remaining');
  return [
    ...(limitValue(exchange, 'limit') === limit ? [] : [`${LIMIT_NAME.limit} is ${limitSaid(exchange, 'limit')}`]),
    ...(said === remaining ? [] : [`${LIMIT_NAME.remaining} is ${limitSaid(exchange, 'remaining')}${why(said)}`]),
  ];
}

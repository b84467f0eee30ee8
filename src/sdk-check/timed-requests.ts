// The client's requests as the judge reads them: the mock's record of each (its answer: status,
// code, storm, fault) joined with the gate's times of it on this machine's clock (when it came,
// when its answer went out, the instant a refusal told it to wait for, the connection it came on).
// From them, the client's own waits and the retries that came before the wait they were told was
// over: each measured from when the answer went out, never from when the mock decided it, nor
// from where a window ends.
import type { RecordedRequest } from '../limits/request-record.js';
import type { ReadExchange } from './answers-read.js';
import type { GateExchange } from './case-gate.js';
import { type BusySample, chosenWaitMs } from './client-busy.js';
import { sendEvidence } from './client-wake.js';
import { type RetryTiming, retryTiming, WAKE_SLACK_MS } from './retry-timing.js';
import { REFUSAL_STATUSES } from './told-wait.js';

export type TimedRequest = RecordedRequest & {
  arrivedMs: number;
  /** When its answer's head went out (or a fault broke it); absent where the client left first. */
  answeredMs?: number;
  /** The instant a refusal told the client to wait for. */
  waitUntilMs?: number;
  /** The earliest instant the client can have sent it (loop-ticks.ts). */
  sentAfterMs?: number;
  connection: number;
  /** The first request on its connection: one the client may have sent with others. */
  opensConnection: boolean;
  /** Of a connection's first request: when the mock accepted the connection (the client had opened it). */
  connectedBeforeMs?: number;
};

/** A retry that came before the wait it was told was over. */
export type EarlyRetry = {
  retry: TimedRequest;
  refusal: TimedRequest;
  waitedSeconds: number;
  /** When the client woke to send it (seconds after the answer), where that, not its coming, shows it early. */
  wokeSeconds?: number;
  /**
   * A retry that came after the wait, where the client's readings cannot tell whether it waited
   * (retry-timing.ts): it woke after the wait from a short one started late, or its send was not
   * read; or one that can have been sent with the refused request, or after it at once.
   */
  unknowable?: {
    unqueuedSeconds: number;
    why: Extract<RetryTiming, { kind: 'unknowable' }>['why'] | 'sibling' | 'own-connection' | 'mid-wait';
  };
  /** Judged early from a wake after a sleep since the answer, whose cause is not known (retry-timing.ts). */
  midWait?: true;
};

/** A refusal that tells a wait: a 429, a ban's 403, a 503. */
export const isRefusal = (request: RecordedRequest) => REFUSAL_STATUSES.includes(request.status);
export const isBan = (request: RecordedRequest) => request.code === 'API_KEY_BANNED';
/** A refusal of this request, not of the key: a ban is judged on its own (callsWhileBanned). */
const refusesRequest = (request: RecordedRequest) => isRefusal(request) && !isBan(request);

/**
 * Sooner than this after an answer on another connection, a request that opens a connection of its
 * own was sent with it, not because of it: the waits any case tells are a second or more. (From a
 * client that keeps its connections alive, at any time before it came back on one.)
 */
const SIBLING_MS = 1_000;

/** A record without the gate's times (a record made by hand): each request answered as it came. */
function fromRecordAlone(request: RecordedRequest, position: number): TimedRequest {
  const told = isRefusal(request)
    ? (request.retryAtMs ??
      (request.retryAfterSeconds === undefined ? undefined : request.atMs + request.retryAfterSeconds * 1000))
    : undefined;
  return {
    ...request,
    arrivedMs: request.atMs,
    answeredMs: request.atMs,
    ...(told === undefined ? {} : { waitUntilMs: told }),
    connection: 1,
    opensConnection: position === 0,
  };
}

/**
 * The record with the gate's times. The record lists requests as they were answered, the gate as
 * they came: the n-th to come is the n-th decided (on the mock's clock), so each is matched by
 * that. A request the client left before any answer (its own timeout) may never have reached the
 * record: as many such as the record lacks are passed over.
 */
export function timedRequests(
  record: readonly RecordedRequest[],
  exchanges: readonly ReadExchange[] | undefined,
): TimedRequest[] {
  let unrecorded = (exchanges?.length ?? 0) - record.length;
  const recorded = exchanges?.filter((exchange) => {
    // An answer the client left unread (answers-read.ts) went out all the same: it is in the record.
    if (unrecorded <= 0 || exchange.answeredMs !== undefined || exchange.leftUnread) return true;
    unrecorded -= 1;
    return false;
  });
  if (!recorded || recorded.length !== record.length) return record.map(fromRecordAlone);
  const decided = record.map((request, position) => ({ request, position }));
  decided.sort((one, other) => one.request.atMs - other.request.atMs || one.request.index - other.request.index);
  const timed: TimedRequest[] = new Array(record.length);
  decided.forEach(({ request, position }, nth) => {
    const exchange = recorded[nth] as GateExchange;
    timed[position] = {
      ...request,
      arrivedMs: exchange.arrivedMs,
      ...(exchange.answeredMs === undefined ? {} : { answeredMs: exchange.answeredMs }),
      ...(exchange.waitUntilMs === undefined ? {} : { waitUntilMs: exchange.waitUntilMs }),
      ...sentAfterOf(exchange),
      connection: exchange.connection,
      opensConnection: exchange.opensConnection === true,
      ...(exchange.connectedBeforeMs === undefined ? {} : { connectedBeforeMs: exchange.connectedBeforeMs }),
    };
  });
  return timed;
}

/**
 * The earliest instant the client can have sent a request: the mock's loop turn before the one
 * that read it, or, for a connection's first, the turn before the one that accepted the
 * connection, where that is earlier (loop-ticks.ts).
 */
export function sentAfterOf(
  exchange: Pick<GateExchange, 'sentAfterMs' | 'connectedAfterMs'>,
): Pick<TimedRequest, 'sentAfterMs'> {
  const { sentAfterMs, connectedAfterMs } = exchange;
  if (sentAfterMs === undefined) return {};
  return { sentAfterMs: connectedAfterMs === undefined ? sentAfterMs : Math.min(sentAfterMs, connectedAfterMs) };
}

/** The client's wait before each request (seconds): from when the answer before it went out. */
export function clientWaits(timed: readonly TimedRequest[]): number[] {
  return timed.map((request, position) => {
    const previous = timed[position - 1];
    if (!previous) return 0;
    return Math.max(0, request.arrivedMs - (previous.answeredMs ?? previous.arrivedMs)) / 1000;
  });
}

/**
 * The wait the client chose before each request (seconds; client-busy.ts): from when the answer
 * before it went out to its last work before the request was seen, less the time its processes
 * spent on a CPU or queued for one, which a busy machine stretches and a timer's wait does not.
 * Undefined where the client's busy time was not read.
 */
export function idleWaits(
  timed: readonly TimedRequest[],
  clientBusy: readonly BusySample[],
): Array<number | undefined> {
  return timed.map((request, position) => {
    const previous = timed[position - 1];
    if (!previous || clientBusy.length === 0) return undefined;
    const chosen = chosenWaitMs(
      clientBusy,
      previous.answeredMs ?? previous.arrivedMs,
      request.arrivedMs,
      request.sentAfterMs,
    );
    return chosen === undefined ? undefined : chosen / 1000;
  });
}

/** When a request came and its answer went out. */
type Timing = Pick<TimedRequest, 'arrivedMs' | 'answeredMs'>;

/** Whether `request` was sent before `earlier` was answered: with it, not because of it. */
export const sentBeforeAnswerOf = (request: Timing, earlier: Timing) =>
  earlier.answeredMs === undefined || request.arrivedMs < earlier.answeredMs;

/**
 * Whether `request` came on a connection the mock had accepted before `earlier` was answered: the
 * client opened it for a request of its own before it could read that answer (in flight, a sibling
 * a loaded machine let leave late: ky's second and third of three, 2 s after the first's 429).
 */
const openedBeforeAnswerOf = (request: TimedRequest, earlier: Timing) =>
  request.opensConnection &&
  request.connectedBeforeMs !== undefined &&
  earlier.answeredMs !== undefined &&
  request.connectedBeforeMs < earlier.answeredMs;

/** The retry judged against the wait told until `untilMs` (retry-timing.ts): early, unknowable, or none. */
function early(
  retry: TimedRequest,
  refusal: TimedRequest,
  untilMs: number,
  clientBusy: readonly BusySample[],
  timed: readonly TimedRequest[],
): EarlyRetry | undefined {
  const answeredMs = refusal.answeredMs ?? refusal.arrivedMs;
  const otherAnswersMs = timed.flatMap((request) =>
    request !== refusal && request.answeredMs !== undefined && request.answeredMs < retry.arrivedMs
      ? [request.answeredMs]
      : [],
  );
  const timing = retryTiming(retry, answeredMs, untilMs, clientBusy, otherAnswersMs);
  if (timing.kind === 'on-time') return undefined;
  const found: EarlyRetry = { retry, refusal, waitedSeconds: (retry.arrivedMs - answeredMs) / 1000 };
  if (timing.wokeMs !== undefined) found.wokeSeconds = (timing.wokeMs - answeredMs) / 1000;
  if (timing.kind === 'early' && timing.midWait) found.midWait = true;
  if (timing.kind === 'unknowable') found.unknowable = { unqueuedSeconds: timing.unqueuedMs / 1000, why: timing.why };
  return found;
}

/** One request at a time: a retry is early where it came before the wait of the refusal it follows. */
function earlyAfterTheLast(timed: readonly TimedRequest[], clientBusy: readonly BusySample[]): EarlyRetry[] {
  return timed.flatMap((retry, position) => {
    const refusal = timed[position - 1];
    if (!refusal || !refusesRequest(refusal) || refusal.waitUntilMs === undefined || sentBeforeAnswerOf(retry, refusal))
      return [];
    const found = early(retry, refusal, refusal.waitUntilMs, clientBusy, timed);
    return found ? [found] : [];
  });
}

/**
 * Several in flight: a retry may follow a sibling's refusal, on whichever connection the client's
 * pool gives it, so it is early only where it came before every wait told to the requests refused
 * since the last one served that it can have read (the others are siblings sent with it). A client
 * that keeps its connections alive opens one for each request it sends at once, and comes back on
 * them once answered: the requests that opened a connection before it first came back on one were
 * sent together, however late a loaded machine let them leave (ky's second and third of three came
 * 1.3 and 1.5 s after the first was refused).
 */
function earlyForEverySibling(
  timed: readonly TimedRequest[],
  clientBusy: readonly BusySample[],
  keepsAlive: boolean,
): EarlyRetry[] {
  // Where no request of the record came back on a connection, one the client left unanswered may
  // have (ky's three, all refused, its first retry left to its timeout on a loaded machine).
  const firstReuse = timed.findIndex((request) => !request.opensConnection);
  const openedWithTheFirst = (at: number) => (firstReuse < 0 ? keepsAlive : at < firstReuse);
  // Nothing shows whether the client keeps connections alive: a request on a connection of its own
  // can be a sibling a starved client let leave late (ky's three, all refused, the client ended by
  // its own timeout before any retry) or a retry.
  const keepAliveUnknown = firstReuse < 0 && !keepsAlive && !opensAfterServed(timed);
  return timed.flatMap((retry, at) => {
    const told: TimedRequest[] = [];
    // Refusals passed over only because the retry opened a connection with the first requests.
    const maybeSiblings: TimedRequest[] = [];
    for (let before = at - 1; before >= 0; before -= 1) {
      const earlier = timed[before] as TimedRequest;
      if (sentBeforeAnswerOf(retry, earlier) || openedBeforeAnswerOf(retry, earlier)) continue;
      const answeredMs = earlier.answeredMs as number;
      const otherConnection = earlier.connection !== retry.connection && retry.opensConnection;
      if (otherConnection && retry.arrivedMs - answeredMs < SIBLING_MS) continue;
      if (otherConnection && openedWithTheFirst(at)) {
        if (refusesRequest(earlier)) maybeSiblings.push(earlier);
        continue;
      }
      if (!refusesRequest(earlier)) break;
      told.push(earlier);
    }
    const found = earlyForAll(retry, told, clientBusy, timed) ?? siblingOrRetry(retry, maybeSiblings, clientBusy);
    if (found && !found.unknowable && retry.opensConnection && keepAliveUnknown)
      return [{ ...found, unknowable: { unqueuedSeconds: 0, why: 'own-connection' as const } }];
    return found ? [found] : [];
  });
}

/**
 * Whether some request opened a connection of its own after an answer served on another had gone
 * out: the client does not keep connections alive (its every request opens one).
 */
const opensAfterServed = (timed: readonly TimedRequest[]) =>
  timed.some(
    (request, at) =>
      request.opensConnection &&
      timed
        .slice(0, at)
        .some(
          (earlier) =>
            earlier.status < 400 && earlier.answeredMs !== undefined && earlier.answeredMs < request.arrivedMs,
        ),
  );

/** The retry judged against the soonest of the waits told to `told` (the nearest first). */
function earlyForAll(
  retry: TimedRequest,
  told: readonly TimedRequest[],
  clientBusy: readonly BusySample[],
  timed: readonly TimedRequest[],
): EarlyRetry | undefined {
  const waits = told.flatMap((refusal) => (refusal.waitUntilMs === undefined ? [] : [refusal.waitUntilMs]));
  const nearest = told[0];
  if (!nearest || waits.length === 0) return undefined;
  return early(
    retry,
    nearest,
    waits.reduce((soonest, ms) => Math.min(soonest, ms)),
    clientBusy,
    timed,
  );
}

/**
 * A request on a connection opened with the first requests, long after a refusal on another: sent
 * with it, or a retry sent at once that a busy machine let come late (a naive loop's first retry
 * opened a connection the held mock accepted 3 s later). Where the client's readings show a write
 * since the refusal's answer that it woke for before the wait was over, which it was cannot be
 * told: unknowable, not passed. Its coming before the wait alone is no sign (siblings do).
 */
function siblingOrRetry(
  retry: TimedRequest,
  maybeSiblings: readonly TimedRequest[],
  clientBusy: readonly BusySample[],
): EarlyRetry | undefined {
  const nearest = maybeSiblings[0];
  const waits = maybeSiblings.flatMap((refusal) => (refusal.waitUntilMs === undefined ? [] : [refusal.waitUntilMs]));
  if (!nearest || waits.length === 0 || clientBusy.length === 0) return undefined;
  const untilMs = waits.reduce((soonest, ms) => Math.min(soonest, ms));
  const answeredMs = nearest.answeredMs ?? nearest.arrivedMs;
  const sends = sendEvidence(clientBusy, answeredMs, retry.arrivedMs, retry.sentAfterMs);
  if (!sends.some((send) => send.woke[1] < untilMs - WAKE_SLACK_MS)) return undefined;
  return {
    retry,
    refusal: nearest,
    waitedSeconds: (retry.arrivedMs - answeredMs) / 1000,
    unknowable: { unqueuedSeconds: 0, why: 'sibling' },
  };
}

/**
 * The retries that came, or that the client woke to send, before their wait was over: with several
 * in flight, before every sibling's (`keepsAlive`: some request of the client, in the record or
 * not, came back on a connection). Those marked `unknowable` came after it, from a client that a
 * busy machine let start its wait too late to tell.
 */
export function earlyRetries(
  timed: readonly TimedRequest[],
  inFlight: boolean,
  clientBusy: readonly BusySample[] = [],
  keepsAlive = false,
): EarlyRetry[] {
  return firmOrUnknowable(
    inFlight ? earlyForEverySibling(timed, clientBusy, keepsAlive) : earlyAfterTheLast(timed, clientBusy),
  );
}

/**
 * A wake in the middle of a wait, queued for a CPU past its end, is early only where the case
 * shows the client retrying early by firmer signs too (a retry that came early, one written early,
 * one sent with the answer's wake): a runtime's own timers wake a careful client mid-wait as well,
 * and a busy machine then runs its retry's timer in the same turn (CI read undici, waiting
 * Retry-After: 2, as "woke 0.8 s after").
 */
function firmOrUnknowable(found: readonly EarlyRetry[]): EarlyRetry[] {
  if (found.some((retry) => !retry.unknowable && !retry.midWait)) return [...found];
  return found.map((retry) =>
    retry.midWait && !retry.unknowable ? { ...retry, unknowable: { unqueuedSeconds: 0, why: 'mid-wait' } } : retry,
  );
}

/**
 * The requests sent after a ban's answer went out and before the ban's end it told (or, the one
 * right after the ban, that the client woke to send before it: retry-timing.ts): with that ban.
 */
export function callsWhileBanned(timed: readonly TimedRequest[], clientBusy: readonly BusySample[] = []): EarlyRetry[] {
  const bans = timed.filter((request) => isBan(request) && request.answeredMs !== undefined);
  const calls = timed.flatMap((retry, at) => {
    for (const ban of bans) {
      if (ban === retry || retry.arrivedMs < (ban.answeredMs as number) || ban.waitUntilMs === undefined) continue;
      // A later request follows another answer, which is what woke the client for it.
      const found = early(retry, ban, ban.waitUntilMs, timed[at - 1] === ban ? clientBusy : [], timed);
      if (found) return [found];
    }
    return [];
  });
  return firmOrUnknowable(calls);
}

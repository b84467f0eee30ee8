// The limits' state in Redis, shared by every mock process on the same prefix, with the
// in-memory state's behaviour. The policy stays in TypeScript: a decision is computed on the
// counters and storms as this process last saw them, and stored by one compare-and-set script
// only if Redis still holds those; otherwise the script answers the current values and the
// decision is made again on them. Each decision is thereby atomic and exact across processes.
//
// Keys, under the prefix P:
//   P limits:counters        hash, subject -> KeyCounters as JSON
//   P limits:storms          string, the storms as a JSON array, in the order they were started
//   P limits:storms-version  string, an integer bumped by every change to the storms (a count too)
//   P limits:record:KEY      list, KEY's recorded requests as JSON (without `at`), oldest first
//   P limits:record-index    hash, API key -> index of its last recorded request
//   P limits:record-keys     set, the API keys that have a record (the index of the record lists)
//   P limits:turns           hash, subject -> the writer whose turn it is on its counters, and until when
//   P limits:storms-turn     string, the writer whose turn it is on the storms (a short lease)
//
// In a world whose other parts are in Redis too (a fence), each decision's script also checks
// that the settings and the key it was computed on are still current, and answers the versions
// of the settings and data, so that the request's reads wait for whatever its process lacks:
// one round trip per request when nothing changed. Requests are recorded in batches, one script
// for all those answered in the same turn of the event loop.

import { randomUUID } from 'node:crypto';
import { decideRequest } from '../limits/decide-request.js';
import { DecisionInputsChangedError, keySubject, type LimitState } from '../limits/limit-state.js';
import {
  countAnonymousRequest,
  type KeyCounters,
  type RateLimitHeaders,
  withBan,
  withoutBan,
  withWindows,
} from '../limits/rate-limit-policy.js';
import { REQUEST_RECORD_LIMIT, type RecordedRequest } from '../limits/request-record.js';
import { isStormOver, type Storm } from '../limits/storms.js';
import { createSerialLock } from '../store/serial-lock.js';
import { StateUnavailableError } from '../store/state-unavailable.js';
import { type BackOffPolicy, backOff } from './back-off.js';
import { createKeyedChain } from './keyed-chain.js';
import { type LiveScope, liveScopeArgs } from './live-scope.js';
import { createRecordBatches } from './record-batches.js';
import { execAll, type RedisConnection } from './redis-connection.js';
import { readSwapCounters, readSwapStorms, type Stamps } from './redis-limit-scripts.js';

const recordListPrefix = (prefix: string) => `${prefix}limits:record:`;

/**
 * The keys of the limits' state under `prefix`: fixed ones, and the set whose members, after
 * `recordListPrefix`, name the rest (one record list per API key).
 */
export function limitStateKeys(prefix: string): { keys: string[]; indexSet: string; indexedPrefix: string } {
  return {
    keys: ['counters', 'storms', 'storms-version', 'storms-turn', 'turns', 'record-index', 'record-keys'].map(
      (name) => `${prefix}limits:${name}`,
    ),
    indexSet: `${prefix}limits:record-keys`,
    indexedPrefix: recordListPrefix(prefix),
  };
}

/**
 * A decision that never got to store its outcome: other writers kept changing what it read.
 * Answered as the shared state being out of reach (503 STATE_UNAVAILABLE, with its headers): retry.
 */
export class LimitStateContentionError extends StateUnavailableError {
  constructor(where: string, what: string, attempts: number) {
    super(where, `the limits' state of ${what} changed under each of ${attempts} attempts to store a decision`);
    this.name = 'LimitStateContentionError';
  }
}

/**
 * Compare-and-set attempts before giving up. An attempt fails only when another process stored a
 * decision on the same counters (or storms) in between, or has the turn; with turns and one
 * batch out at a time, two processes on one key settle in about three.
 */
const MAX_ATTEMPTS = 200;
/**
 * How long a loser's turn lasts: enough for its retry (a round trip), short enough that a process
 * that dies holding one delays the others little.
 */
const TURN_LEASE_MS = 10;
/**
 * The wait of a writer refused because another has the turn; one that took the turn goes again at
 * once. Shorter than a lease, so that a turn taken is used while it lasts.
 */
const TURN_BACK_OFF: BackOffPolicy = { firstMs: 0.5, capMs: 8 };
/** Subjects whose counters this process keeps as last seen; a stale one costs one more attempt. */
const COUNTERS_CACHE_SIZE = 10_000;

/** A subject's counters as last stored or sent. */
type SeenCounters = { raw: string; counters: KeyCounters | undefined };
/** What a decision was computed on, for its script to check (see DecisionFence). */
type Basis = { settingsVersion: string; apiKey: string; apiKeyJson: string };
type SeenStorms = { version: string; list: readonly Storm[] };
/**
 * A batch's answer: stored; or not, with the counters Redis held, and whether the next turn on
 * them is another writer's (else this process took it, see TURNS in the scripts).
 */
type Answer = { stored: true } | { stored: false; current: SeenCounters; theirTurn: boolean };
const STORED: Answer = { stored: true };

/** What one attempt computed: its answer, the counters to store, and the storms it changed. */
type Step<T> = { result: T; counters: KeyCounters; changedStorms?: readonly Storm[] };

const NO_COUNTERS: SeenCounters = { raw: '', counters: undefined };
const seenCounters = (raw: string): SeenCounters =>
  raw === '' ? NO_COUNTERS : { raw, counters: JSON.parse(raw) as KeyCounters };
const withChanges = (list: readonly Storm[], changed: readonly Storm[]) =>
  list.map((storm) => changed.find(({ id }) => id === storm.id) ?? storm);

/**
 * What a decision in a shared world is computed on besides the counters (the settings and the
 * key's record, from this process's copies), and where the versions it learns go.
 */
export type DecisionFence = {
  /** Redis keys of the world's settings version, data version, data meta and API keys hash. */
  keys: { settingsVersion: string; dataVersion: string; meta: string; apiKeys: string };
  /** The version of the settings this process reads now. */
  settingsVersion(): string;
  /** The key's record as this process reads it now, as Redis stores it ('' for none; undefined: not read here). */
  apiKeyJson(key: string): string | undefined;
  /** Told the versions Redis held at a decision: reads that follow wait until this process has them. */
  observe(stamps: Stamps): void;
  /** Brings the settings and data copies up to date by asking Redis. */
  catchUp(): Promise<void>;
};

export type RedisLimitStateOptions = { fence?: DecisionFence; scope?: LiveScope };

/** Requests recorded by one script at most; the rest go in the next. */
const RECORD_BATCH = 500;

export function createRedisLimitState(
  connection: RedisConnection,
  prefix: string,
  options: RedisLimitStateOptions = {},
): LimitState {
  const { fence, scope } = options;
  const key = (name: string) => `${prefix}limits:${name}`;
  const countersKey = key('counters');
  const stormsKey = key('storms');
  const versionKey = key('storms-version');
  const recordKey = (apiKey: string) => `${recordListPrefix(prefix)}${apiKey}`;
  const indexKey = key('record-index');
  const recordedKeysKey = key('record-keys');
  const turnsKey = key('turns');
  const stormsTurnKey = key('storms-turn');
  const { key: scopesKey, name: scopeName } = liveScopeArgs(scope, countersKey);
  // Without a fence the script reads none of these (its argument 11 says so).
  const fenceKeys = fence
    ? [fence.keys.settingsVersion, fence.keys.dataVersion, fence.keys.meta, fence.keys.apiKeys]
    : [countersKey, countersKey, countersKey, countersKey];
  const scopeGone = () => new StateUnavailableError(connection.where, scope?.goneReason ?? 'its scope was dropped');
  // Who is writing, for turns: this state, as one process of the mock.
  const token = randomUUID();

  const bySubject = createKeyedChain();
  // Storm counts change with every request a storm covers: while one runs, this process decides
  // one request at a time, so that its own decisions do not keep failing each other's check.
  const stormLock = createSerialLock();
  const counters = new Map<string, SeenCounters>();
  // Until told otherwise, no storm was ever started: version '0' is what Redis reports then.
  let storms: SeenStorms = { version: '0', list: [] };

  const lastSeen = (subject: string) => counters.get(subject) ?? NO_COUNTERS;
  function remember(subject: string, seen: SeenCounters) {
    counters.delete(subject);
    counters.set(subject, seen);
    // Map keeps insertion order: the first entry is the one least recently stored.
    if (counters.size > COUNTERS_CACHE_SIZE) counters.delete(counters.keys().next().value ?? '');
  }
  const stormRunning = (nowMs: number) => storms.list.some((storm) => !isStormOver(storm, nowMs));

  // Steps on one subject are sent in batches, each computed on the one before it (the first's
  // counters as read, the last's to store), and one batch at a time per subject: the next one
  // gathers every step computed while the one before it is out, and goes when that one is
  // answered. Fifty requests of a key cost Redis one script, not fifty; and when another process
  // won the race, one batch is lost, not every one sent behind it. All of a batch are stored
  // together, or none is.
  type Batch = {
    first: SeenCounters;
    last: SeenCounters;
    readStorms?: SeenStorms;
    basis?: Basis;
    /** Stored; or not, with what Redis held then. */
    answer: Promise<Answer>;
  };
  /** The batch being gathered per subject, which more steps may join. */
  const batches = new Map<string, Batch>();
  /** The last batch sent or gathered per subject, which the next one waits for. */
  const tails = new Map<string, Batch>();
  const sameBasis = (one: Basis | undefined, other: Basis | undefined) =>
    one === other ||
    (one !== undefined &&
      other !== undefined &&
      one.settingsVersion === other.settingsVersion &&
      one.apiKey === other.apiKey &&
      one.apiKeyJson === other.apiKeyJson);
  const nextTurn = () => new Promise<Answer>((resolve) => setImmediate(resolve, STORED));

  /**
   * Sends a step's outcome, to be stored if the counters (and storms, when it read them) are
   * still as seen; until the answer, the next step on the subject is computed on this outcome
   * (so that a process's decisions on one key go out together instead of one per round trip).
   * Answers whether it was stored; when not, what Redis holds is remembered.
   */
  function send(
    subject: string,
    seen: SeenCounters,
    step: Step<unknown>,
    readStorms: SeenStorms | undefined,
    basis: Basis | undefined,
  ): Promise<Answer> {
    const raw = JSON.stringify(step.counters);
    const nextStorms = step.changedStorms?.length ? withChanges(readStorms?.list ?? [], step.changedStorms) : undefined;
    const sent: SeenCounters = { raw, counters: step.counters };
    remember(subject, sent);
    const open = batches.get(subject);
    // A step that changes storms goes alone: its storm list is stored with it.
    if (!nextStorms && open && open.last === seen && open.readStorms === readStorms && sameBasis(open.basis, basis)) {
      open.last = sent;
      return open.answer;
    }
    const before = tails.get(subject);
    const batch: Batch = { first: seen, last: sent, readStorms, basis, answer: Promise.resolve(STORED) };
    if (!nextStorms) batches.set(subject, batch);
    const go = (previous: Answer): Promise<Answer> => {
      if (batches.get(subject) === batch) batches.delete(subject);
      // Computed on a batch Redis refused: refused too, without a round trip.
      if (before && batch.first === before.last && !previous.stored) {
        if (lastSeen(subject) === batch.last) remember(subject, previous.current);
        return Promise.resolve(previous);
      }
      return transmit(subject, batch.first, batch.last, readStorms, basis, nextStorms);
    };
    const transmitted = before ? before.answer.then(go, () => go(STORED)) : nextTurn().then(go);
    batch.answer = transmitted;
    tails.set(subject, batch);
    void transmitted.then(
      () => tails.get(subject) === batch && tails.delete(subject),
      () => tails.get(subject) === batch && tails.delete(subject),
    );
    return transmitted;
  }

  function transmit(
    subject: string,
    seen: SeenCounters,
    sent: SeenCounters,
    readStorms: SeenStorms | undefined,
    basis: Basis | undefined,
    nextStorms: readonly Storm[] | undefined,
  ): Promise<Answer> {
    const reply = connection.run((client) =>
      client.petstoreLimitsSwapCounters([
        countersKey,
        stormsKey,
        versionKey,
        turnsKey,
        stormsTurnKey,
        ...fenceKeys,
        scopesKey,
        subject,
        seen.raw,
        sent.raw,
        readStorms?.version ?? '',
        nextStorms ? JSON.stringify(nextStorms) : '',
        token,
        TURN_LEASE_MS,
        basis?.settingsVersion ?? '',
        basis?.apiKey ?? '',
        basis?.apiKeyJson ?? '',
        fence ? '1' : '0',
        scopeName,
      ]),
    );
    return reply.then(async (reply) => {
      const answer = readSwapCounters(reply);
      if (fence) fence.observe(answer.stamps);
      if (answer.outcome === 'stored') {
        if (nextStorms) storms = { version: answer.stormVersion, list: nextStorms };
        return STORED;
      }
      const current = seenCounters(answer.counters);
      // What Redis holds: every step on the subject computed since this batch was sent is in a
      // batch behind it, refused with it (see send), so the steps computed next start from here.
      remember(subject, current);
      if (answer.storms !== '') storms = { version: answer.stormVersion, list: JSON.parse(answer.storms) as Storm[] };
      if (answer.outcome === 'scope-gone') throw scopeGone();
      if (answer.outcome === 'inputs-changed') {
        await fence?.catchUp();
        throw new DecisionInputsChangedError(connection.where);
      }
      return { stored: false, current, theirTurn: answer.outcome === 'waiting' };
    });
  }

  /** Computes a step on the state as last seen, and again on fresher state until one is stored. */
  async function settle<T>(
    subject: string,
    nowMs: number | undefined,
    compute: (counters: KeyCounters | undefined, storms: readonly Storm[]) => Step<T>,
    basis?: Basis,
  ): Promise<T> {
    for (let attempts = 1, waits = 0; attempts <= MAX_ATTEMPTS; attempts += 1) {
      // Computed and sent in the subject's order; the answer is awaited outside that order,
      // except while a storm runs: its counts change with every request, one at a time.
      const { step, answer } = await bySubject(subject, async () => {
        const release = nowMs !== undefined && stormRunning(nowMs) ? await stormLock.acquire() : undefined;
        try {
          const seen = lastSeen(subject);
          const readStorms = nowMs === undefined ? undefined : storms;
          const computed = compute(seen.counters, readStorms?.list ?? []);
          const pending = send(subject, seen, computed, readStorms, basis);
          if (release) await pending.catch(() => undefined);
          return { step: computed, answer: pending };
        } finally {
          release?.();
        }
      });
      const outcome = await answer;
      if (outcome.stored) return step.result;
      // This process took the next turn: the steps that lost go again at once, in one batch.
      if (outcome.theirTurn) {
        waits += 1;
        await backOff(waits + 1, TURN_BACK_OFF);
      }
    }
    throw new LimitStateContentionError(connection.where, subject, MAX_ATTEMPTS);
  }

  /** Changes the storm list as last seen, and again on the current one until stored. */
  async function changeStorms<T>(change: (list: readonly Storm[]) => { result: T; list?: Storm[] }): Promise<T> {
    const release = await stormLock.acquire();
    try {
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
        const read = storms;
        const { result, list } = change(read.list);
        const answer = readSwapStorms(
          await connection.run((client) =>
            client.petstoreLimitsSwapStorms(
              stormsKey,
              versionKey,
              stormsTurnKey,
              scopesKey,
              read.version,
              list ? JSON.stringify(list) : '',
              token,
              TURN_LEASE_MS,
              scopeName,
            ),
          ),
        );
        if (answer.outcome === 'scope-gone') throw scopeGone();
        if (answer.outcome === 'stored') {
          if (list) storms = { version: answer.stormVersion, list };
          return result;
        }
        storms = { version: answer.stormVersion, list: JSON.parse(answer.storms) as Storm[] };
        await backOff(attempt, TURN_BACK_OFF);
      }
      throw new LimitStateContentionError(connection.where, 'the storms', MAX_ATTEMPTS);
    } finally {
      release();
    }
  }

  const countersOnly = (subject: string, change: (counters: KeyCounters | undefined) => KeyCounters) =>
    settle(subject, undefined, (previous) => ({ result: undefined, counters: change(previous) }));

  const records = createRecordBatches<{ apiKey: string; json: string }>(async (batch) => {
    const listKeys = batch.map(({ apiKey }) => recordKey(apiKey));
    await connection.run((client) =>
      client.petstoreLimitsRecordRequests([
        3 + listKeys.length,
        indexKey,
        recordedKeysKey,
        scopesKey,
        ...listKeys,
        REQUEST_RECORD_LIMIT,
        scopeName,
        ...batch.flatMap(({ apiKey, json }) => [apiKey, json]),
      ]),
    );
  }, RECORD_BATCH);

  return {
    decide(input) {
      // Read now, in the same turn as the input: what the decision is computed on.
      const apiKeyJson = fence?.apiKeyJson(input.key);
      const basis: Basis | undefined = fence && {
        settingsVersion: fence.settingsVersion(),
        apiKey: apiKeyJson === undefined ? '' : input.key,
        apiKeyJson: apiKeyJson ?? '',
      };
      return settle(
        keySubject(input.key),
        input.nowMs,
        (previous, list) => {
          const outcome = decideRequest(input, previous, list);
          return { result: outcome, counters: outcome.counters, changedStorms: outcome.storms };
        },
        basis,
      );
    },
    countAnonymous: (subject, limits, nowMs) =>
      settle<RateLimitHeaders>(subject, undefined, (previous) => {
        const outcome = countAnonymousRequest(previous, limits, nowMs);
        return { result: outcome.headers, counters: outcome.counters };
      }),
    async counters(subject) {
      const raw = await connection.run((client) => client.hget(countersKey, subject));
      const seen = seenCounters(raw ?? '');
      remember(subject, seen);
      return seen.counters;
    },
    ban: (subject, untilMs, nowMs) => countersOnly(subject, (previous) => withBan(previous, untilMs, nowMs)),
    liftBan: (subject, nowMs) => countersOnly(subject, (previous) => withoutBan(previous, nowMs)),
    setWindows: (subject, windows, nowMs) => countersOnly(subject, (previous) => withWindows(previous, windows, nowMs)),
    async resetCounters(subject) {
      if (subject === undefined) {
        await connection.run((client) => client.del(countersKey));
        counters.clear();
      } else {
        await connection.run((client) => client.hdel(countersKey, subject));
        remember(subject, NO_COUNTERS);
      }
    },

    async storms() {
      const [list, version] = await connection.run((client) => client.mget(stormsKey, versionKey));
      storms = { version: version ?? '0', list: JSON.parse(list ?? '[]') as Storm[] };
      return storms.list;
    },
    saveStorm: (storm) =>
      changeStorms((list) => ({
        result: undefined,
        list: list.some(({ id }) => id === storm.id)
          ? list.map((kept) => (kept.id === storm.id ? storm : kept))
          : [...list, storm],
      })),
    removeStorm: (id) =>
      changeStorms((list) =>
        list.some((storm) => storm.id === id)
          ? { result: true, list: list.filter((storm) => storm.id !== id) }
          : { result: false },
      ),
    clearStorms: (which = () => true) =>
      changeStorms((list) => ({ result: undefined, list: list.filter((storm) => !which(storm)) })),

    recordRequest: (apiKey, request) => records.add({ apiKey, json: JSON.stringify(request) }),
    async requests(apiKey, newest = REQUEST_RECORD_LIMIT) {
      await records.settled();
      // As the in-memory state: slice(-count) of what is kept, so 0 or less keeps its odd meaning.
      const count = Math.min(newest, REQUEST_RECORD_LIMIT);
      const entries =
        count > 0
          ? await connection.run((client) => client.lrange(recordKey(apiKey), -count, -1))
          : (await connection.run((client) => client.lrange(recordKey(apiKey), 0, -1))).slice(-count);
      return entries.map((entry) => {
        const request = JSON.parse(entry) as Omit<RecordedRequest, 'at'>;
        return { ...request, at: new Date(request.atMs).toISOString() };
      });
    },
    async clearRequests(apiKey) {
      await records.settled();
      const keys = apiKey === undefined ? await connection.run((client) => client.smembers(recordedKeysKey)) : [apiKey];
      if (keys.length === 0) return;
      // A request recorded meanwhile under a key not listed is simply one recorded after the clear.
      await connection.run((client) =>
        execAll(
          client
            .multi()
            .del(keys.map(recordKey))
            .call('hdel', [indexKey, ...keys])
            .srem(recordedKeysKey, keys),
        ),
      );
    },
  };
}

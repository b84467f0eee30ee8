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
//   P limits:record-keys     set, the API keys that have a record
//   P limits:turn:SUBJECT    string, the writer whose turn it is on SUBJECT's counters (a short lease)
//   P limits:storms-turn     string, the writer whose turn it is on the storms (a short lease)

import { randomUUID } from 'node:crypto';
import { decideRequest } from '../limits/decide-request.js';
import { keySubject, type LimitState } from '../limits/limit-state.js';
import {
  countAnonymousRequest,
  type KeyCounters,
  type RateLimitHeaders,
  withBan,
  withoutBan,
} from '../limits/rate-limit-policy.js';
import { REQUEST_RECORD_LIMIT, type RecordedRequest } from '../limits/request-record.js';
import { isStormOver, type Storm } from '../limits/storms.js';
import { createSerialLock, type Release } from '../store/serial-lock.js';
import { StateUnavailableError } from '../store/state-unavailable.js';
import { createKeyedChain } from './keyed-chain.js';
import { execAll, type RedisConnection } from './redis-connection.js';
import { defineLimitScripts, readSwapCounters, readSwapStorms } from './redis-limit-scripts.js';

/** The keys of the limits' state under `prefix`: fixed ones, and globs (SCAN MATCH) for the rest. */
export function limitStateKeys(prefix: string): { keys: string[]; patterns: string[] } {
  const globSafe = prefix.replace(/[*?[\]\\]/g, '\\$&');
  return {
    keys: ['counters', 'storms', 'storms-version', 'storms-turn', 'record-index', 'record-keys'].map(
      (name) => `${prefix}limits:${name}`,
    ),
    patterns: [`${globSafe}limits:record:*`, `${globSafe}limits:turn:*`],
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
 * decision on the same counters (or storms) in between, or has the turn; with turns, two
 * processes on one key settle in about three.
 */
const MAX_ATTEMPTS = 200;
/**
 * How long a loser's turn lasts: enough for its retry (a round trip), short enough that a process
 * that dies holding one delays the others little.
 */
const TURN_LEASE_MS = 10;
/** Subjects whose counters this process keeps as last seen; a stale one costs one more attempt. */
const COUNTERS_CACHE_SIZE = 10_000;

type SeenCounters = { raw: string; counters: KeyCounters | undefined };
type SeenStorms = { version: string; list: readonly Storm[] };

/** What one attempt computed: its answer, the counters to store, and the storms it changed. */
type Step<T> = { result: T; counters: KeyCounters; changedStorms?: readonly Storm[] };

const NO_COUNTERS: SeenCounters = { raw: '', counters: undefined };
const seenCounters = (raw: string): SeenCounters =>
  raw === '' ? NO_COUNTERS : { raw, counters: JSON.parse(raw) as KeyCounters };
const withChanges = (list: readonly Storm[], changed: readonly Storm[]) =>
  list.map((storm) => changed.find(({ id }) => id === storm.id) ?? storm);

export function createRedisLimitState(connection: RedisConnection, prefix: string): LimitState {
  defineLimitScripts(connection.client);
  const key = (name: string) => `${prefix}limits:${name}`;
  const countersKey = key('counters');
  const stormsKey = key('storms');
  const versionKey = key('storms-version');
  const recordKey = (apiKey: string) => key(`record:${apiKey}`);
  const indexKey = key('record-index');
  const recordedKeysKey = key('record-keys');
  const turnKey = (subject: string) => key(`turn:${subject}`);
  const stormsTurnKey = key('storms-turn');
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

  /** Stores a step's outcome if the counters (and storms, when it read them) are still as seen. */
  async function swap(subject: string, seen: SeenCounters, step: Step<unknown>, readStorms: SeenStorms | undefined) {
    const raw = JSON.stringify(step.counters);
    const nextStorms = step.changedStorms?.length ? withChanges(readStorms?.list ?? [], step.changedStorms) : undefined;
    const answer = readSwapCounters(
      await connection.run((client) =>
        client.petstoreLimitsSwapCounters(
          countersKey,
          stormsKey,
          versionKey,
          turnKey(subject),
          stormsTurnKey,
          subject,
          seen.raw,
          raw,
          readStorms?.version ?? '',
          nextStorms ? JSON.stringify(nextStorms) : '',
          token,
          TURN_LEASE_MS,
        ),
      ),
    );
    if (answer.outcome === 'stored') {
      remember(subject, { raw, counters: step.counters });
      if (nextStorms) storms = { version: answer.stormVersion, list: nextStorms };
      return true;
    }
    remember(subject, seenCounters(answer.counters));
    if (answer.storms !== '') storms = { version: answer.stormVersion, list: JSON.parse(answer.storms) as Storm[] };
    return false;
  }

  /** Computes a step on the state as last seen, and again on fresher state until one is stored. */
  function settle<T>(
    subject: string,
    nowMs: number | undefined,
    compute: (counters: KeyCounters | undefined, storms: readonly Storm[]) => Step<T>,
  ): Promise<T> {
    return bySubject(subject, async () => {
      let release: Release | undefined;
      try {
        let attempts = 0;
        while (attempts < MAX_ATTEMPTS) {
          // Checked on every attempt: a failed one may have brought news of a storm.
          if (nowMs !== undefined && !release && stormRunning(nowMs)) release = await stormLock.acquire();
          const seen = lastSeen(subject);
          const readStorms = nowMs === undefined ? undefined : storms;
          const step = compute(seen.counters, readStorms?.list ?? []);
          attempts += 1;
          if (await swap(subject, seen, step, readStorms)) return step.result;
        }
        throw new LimitStateContentionError(connection.where, subject, MAX_ATTEMPTS);
      } finally {
        release?.();
      }
    });
  }

  /** Changes the storm list as last seen, and again on the current one until stored. */
  async function changeStorms<T>(change: (list: readonly Storm[]) => { result: T; list?: Storm[] }): Promise<T> {
    const release = await stormLock.acquire();
    try {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
        const read = storms;
        const { result, list } = change(read.list);
        const answer = readSwapStorms(
          await connection.run((client) =>
            client.petstoreLimitsSwapStorms(
              stormsKey,
              versionKey,
              stormsTurnKey,
              read.version,
              list ? JSON.stringify(list) : '',
              token,
              TURN_LEASE_MS,
            ),
          ),
        );
        if (answer.outcome === 'stored') {
          if (list) storms = { version: answer.stormVersion, list };
          return result;
        }
        storms = { version: answer.stormVersion, list: JSON.parse(answer.storms) as Storm[] };
      }
      throw new LimitStateContentionError(connection.where, 'the storms', MAX_ATTEMPTS);
    } finally {
      release();
    }
  }

  const countersOnly = (subject: string, change: (counters: KeyCounters | undefined) => KeyCounters) =>
    settle(subject, undefined, (previous) => ({ result: undefined, counters: change(previous) }));

  return {
    decide: (input) =>
      settle(keySubject(input.key), input.nowMs, (previous, list) => {
        const outcome = decideRequest({ ...input, counters: previous, storms: list });
        return { result: outcome, counters: outcome.counters, changedStorms: outcome.storms };
      }),
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
    clearStorms: () => changeStorms(() => ({ result: undefined, list: [] })),

    async recordRequest(apiKey, request) {
      await connection.run((client) =>
        client.petstoreLimitsRecordRequest(
          recordKey(apiKey),
          indexKey,
          recordedKeysKey,
          apiKey,
          JSON.stringify(request),
          REQUEST_RECORD_LIMIT,
        ),
      );
    },
    async requests(apiKey, newest = REQUEST_RECORD_LIMIT) {
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
      const keys = apiKey === undefined ? await connection.run((client) => client.smembers(recordedKeysKey)) : [apiKey];
      if (keys.length === 0) return;
      // A request recorded meanwhile under a key not listed is simply one recorded after the clear.
      await connection.run((client) =>
        execAll(
          client
            .multi()
            .del(...keys.map(recordKey))
            .hdel(indexKey, ...keys)
            .srem(recordedKeysKey, ...keys),
        ),
      );
    },
  };
}

// The small values every request reads without awaiting (the clock's settings, latency and the
// rate-limit settings), shared through Redis: each process reads its own copy, and a write
// resolves once Redis has it. Each write publishes the value on the change feed, so that the
// other processes' copies change without their asking; without the feed (or after a message
// may have been lost) a copy is brought up to date at the start of each request by one round trip.
//
// Keys under the prefix P:  P settings  hash: name -> value JSON;  P settings:version  bumped by each write
import type { SharedValue } from '../store/shared-value.js';
import { StateUnavailableError } from '../store/state-unavailable.js';
import { backOff } from './back-off.js';
import { type ChangeFeed, type ChangeMessage, changeChannel } from './change-feed.js';
import { LIVE_SCOPE_LUA, type LiveScope, liveScopeArgs } from './live-scope.js';
import { sharedNextRun } from './next-run.js';
import { defineScript, execAll, type RedisConnection } from './redis-connection.js';

export function sharedValueKeys(prefix: string) {
  return { values: `${prefix}settings`, version: `${prefix}settings:version` };
}

// KEYS: values, version, the scopes' sorted set. ARGV: name, value as read ('' for none; '*' for
// any), value to store, channel, the scope's name ('' for none). Stores the value only if it is
// still what the change was computed from, and tells every process. Answers the new version, 0
// when the value had changed, -1 when the scope is gone.
const SWAP_VALUE = `${LIVE_SCOPE_LUA}
if scopeGone(KEYS[3], ARGV[5]) then return -1 end
local stored = redis.call('HGET', KEYS[1], ARGV[1]) or ''
if ARGV[2] ~= '*' and stored ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
local version = redis.call('INCR', KEYS[2])
redis.call('PUBLISH', ARGV[4], cjson.encode({k = 'settings', v = version, n = ARGV[1], j = ARGV[3]}))
return version
`;

// KEYS: values, version, the scopes' sorted set. ARGV: overwrite ('1' or '0'), channel, the
// scope's name ('' for none), then name/value pairs. Stores the start values (where none is
// stored, unless overwrite), and tells every process to read them. Answers -1 when the scope is gone.
const STORE_INITIAL = `${LIVE_SCOPE_LUA}
if scopeGone(KEYS[3], ARGV[3]) then return -1 end
for i = 4, #ARGV, 2 do
  if ARGV[1] == '1' then redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1])
  else redis.call('HSETNX', KEYS[1], ARGV[i], ARGV[i + 1]) end
end
local version = redis.call('INCR', KEYS[2])
redis.call('PUBLISH', ARGV[2], cjson.encode({k = 'settings', v = version}))
return version
`;
const swapScript = defineScript('petstoreSwapSetting', SWAP_VALUE);
const storeInitialScript = defineScript('petstoreStoreInitialSettings', STORE_INITIAL);
const MAX_UPDATE_ATTEMPTS = 50;

export type SharedValues = {
  /** The value under `name`, `initial` until one is stored. */
  value<T>(name: string, initial: T): SharedValue<T>;
  /** Stores each value's initial one where none is stored yet (`overwrite`: in any case). */
  storeInitial(overwrite: boolean): Promise<void>;
  /** Brings every copy up to date with Redis: at once when the feed told of every change. */
  refresh(): Promise<void>;
  /** Brings every copy up to date by asking Redis. */
  reload(): Promise<void>;
  /** The version of the values this process holds ('0' before any). */
  knownVersion(): string;
  /** Told the version Redis holds (with a limiter decision): a newer one is read at the next refresh. */
  noteVersion(version: string): void;
};

type Entry = { current: unknown; initial: unknown };

export function createRedisSharedValues(
  connection: RedisConnection,
  prefix: string,
  feed?: ChangeFeed,
  scope?: LiveScope,
): SharedValues & { close(): void } {
  const keys = sharedValueKeys(prefix);
  const live = liveScopeArgs(scope, keys.version);
  const scriptKeys = [keys.values, keys.version, live.key];
  const gone = () => new StateUnavailableError(connection.where, scope?.goneReason ?? 'its scope was dropped');
  const channel = changeChannel(prefix);
  const entries = new Map<string, Entry>();
  let knownVersion = 0;
  // Told of a version this copy does not hold, or of a change it could not apply: ask at the next refresh.
  let behind = true;
  // The feed's epoch when this copy was last read from Redis: a message missed since then is possible otherwise.
  let readInEpoch = 0;

  const load = async () => {
    const epoch = feed?.epoch() ?? 0;
    behind = false;
    const [version, stored] = (await connection.run((client) =>
      execAll(client.multi().get(keys.version).hgetall(keys.values)),
    )) as [string | null, Record<string, string>];
    for (const [name, entry] of entries) {
      const json = stored[name];
      // Gone from Redis (it restarted empty): back to the start's value.
      entry.current = json === undefined ? entry.initial : JSON.parse(json);
    }
    knownVersion = Number(version ?? 0);
    readInEpoch = epoch;
  };

  const catchUp = async () => {
    const epoch = feed?.epoch() ?? 0;
    const version = await connection.run((client) => client.get(keys.version));
    if (Number(version ?? 0) !== knownVersion || behind) await load();
    else readInEpoch = epoch;
  };
  const askRedis = sharedNextRun(catchUp);
  const current = () => listening && !behind && readInEpoch !== 0 && feed?.epoch() === readInEpoch;

  /** A value this process stored itself, at `version`. */
  const stored = (entry: Entry, value: unknown, version: number) => {
    entry.current = value;
    if (version === knownVersion + 1) knownVersion = version;
    else if (version > knownVersion) behind = true;
  };

  const onMessage = (message: ChangeMessage) => {
    if (message.k === 'drop') {
      behind = true;
      return;
    }
    if (message.k !== 'settings' || message.v === knownVersion) return;
    const entry = message.n === undefined ? undefined : entries.get(message.n);
    if (message.v === knownVersion + 1 && entry && message.j !== undefined) {
      entry.current = JSON.parse(message.j);
      knownVersion = message.v;
      return;
    }
    behind = true;
  };
  const stopListening = feed?.listen(prefix, onMessage);
  let listening = stopListening !== undefined;

  const swap = async (name: string, read: string, json: string): Promise<number> => {
    const version = Number(
      await connection.run(() => swapScript(connection, scriptKeys, [name, read, json, channel, live.name])),
    );
    if (version === -1) throw gone();
    return version;
  };

  return {
    value<T>(name: string, initial: T): SharedValue<T> {
      const entry: Entry = { current: initial, initial };
      entries.set(name, entry);
      return {
        read: () => entry.current as T,
        async write(value) {
          stored(entry, value, await swap(name, '*', JSON.stringify(value)));
        },
        async update(change) {
          for (let attempt = 1; attempt <= MAX_UPDATE_ATTEMPTS; attempt += 1) {
            const read = await connection.run((client) => client.hget(keys.values, name));
            const next = change(read === null ? (entry.initial as T) : (JSON.parse(read) as T));
            const version = await swap(name, read ?? '', JSON.stringify(next));
            if (version > 0) {
              stored(entry, next, version);
              return next;
            }
            await backOff(attempt);
          }
          throw new StateUnavailableError(
            connection.where,
            `the setting "${name}" changed under each of ${MAX_UPDATE_ATTEMPTS} attempts to change it`,
          );
        },
      };
    },
    async storeInitial(overwrite) {
      const pairs = [...entries].flatMap(([name, entry]) => [name, JSON.stringify(entry.initial)]);
      const version = await connection.run(() =>
        storeInitialScript(connection, scriptKeys, [overwrite ? '1' : '0', channel, live.name, ...pairs]),
      );
      if (version === -1) throw gone();
      await load();
    },
    refresh: () => (current() ? Promise.resolve() : askRedis()),
    reload: () => askRedis(),
    knownVersion: () => String(knownVersion),
    noteVersion(version) {
      if (Number(version) !== knownVersion) behind = true;
    },
    close() {
      stopListening?.();
      listening = false;
    },
  };
}

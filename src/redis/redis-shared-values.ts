// The small values every request reads without awaiting (the clock's settings, latency and the
// rate-limit settings), shared through Redis: each process reads its own copy, brought up to
// date at the start of each request by one round trip (more only when a value changed), and a
// write resolves once Redis has it, so that a change answered by one process holds on the next
// request to any other.
//
// Keys under the prefix P:  P settings  hash: name -> value JSON;  P settings:version  bumped by each write
import type { SharedValue } from '../store/shared-value.js';
import { StateUnavailableError } from '../store/state-unavailable.js';
import { sharedNextRun } from './next-run.js';
import { defineScript, execAll, type RedisConnection } from './redis-connection.js';

export function sharedValueKeys(prefix: string) {
  return { values: `${prefix}settings`, version: `${prefix}settings:version` };
}

/** Stores a value only if it is still what the change was computed from ('' for none stored). */
const SWAP_VALUE = `
local stored = redis.call('HGET', KEYS[1], ARGV[1]) or ''
if stored ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('INCR', KEYS[2])
return 1
`;
const swapScript = defineScript('petstoreSwapSetting', SWAP_VALUE);
const MAX_UPDATE_ATTEMPTS = 50;

export type SharedValues = {
  /** The value under `name`, `initial` until one is stored. */
  value<T>(name: string, initial: T): SharedValue<T>;
  /** Stores each value's initial one where none is stored yet (`overwrite`: in any case). */
  storeInitial(overwrite: boolean): Promise<void>;
  /** Brings every copy up to date with Redis. */
  refresh(): Promise<void>;
};

type Entry = { current: unknown; initial: unknown };

export function createRedisSharedValues(connection: RedisConnection, prefix: string): SharedValues {
  const keys = sharedValueKeys(prefix);
  const entries = new Map<string, Entry>();
  let knownVersion: string | null | undefined;

  const load = async () => {
    const [version, stored] = (await connection.run((client) =>
      execAll(client.multi().get(keys.version).hgetall(keys.values)),
    )) as [string | null, Record<string, string>];
    for (const [name, entry] of entries) {
      const json = stored[name];
      // Gone from Redis (it restarted empty): back to the start's value.
      entry.current = json === undefined ? entry.initial : JSON.parse(json);
    }
    knownVersion = version;
  };

  const catchUp = async () => {
    const version = await connection.run((client) => client.get(keys.version));
    if (version !== knownVersion) await load();
  };
  const refresh = sharedNextRun(catchUp);

  return {
    value<T>(name: string, initial: T): SharedValue<T> {
      const entry: Entry = { current: initial, initial };
      entries.set(name, entry);
      return {
        read: () => entry.current as T,
        async write(value) {
          await connection.run((client) =>
            execAll(client.multi().hset(keys.values, name, JSON.stringify(value)).incr(keys.version)),
          );
          entry.current = value;
        },
        async update(change) {
          for (let attempt = 1; attempt <= MAX_UPDATE_ATTEMPTS; attempt += 1) {
            const stored = await connection.run((client) => client.hget(keys.values, name));
            const next = change(stored === null ? (entry.initial as T) : (JSON.parse(stored) as T));
            const swapped = await connection.run(() =>
              swapScript(connection, [keys.values, keys.version], [name, stored ?? '', JSON.stringify(next)]),
            );
            if (swapped === 1) {
              entry.current = next;
              return next;
            }
          }
          throw new StateUnavailableError(
            connection.where,
            `the setting "${name}" changed under each of ${MAX_UPDATE_ATTEMPTS} attempts to change it`,
          );
        },
      };
    },
    async storeInitial(overwrite) {
      await connection.run(async (client) => {
        const transaction = client.multi();
        for (const [name, entry] of entries) {
          const json = JSON.stringify(entry.initial);
          if (overwrite) transaction.hset(keys.values, name, json);
          else transaction.hsetnx(keys.values, name, json);
        }
        await execAll(transaction.incr(keys.version));
      });
      await load();
    },
    refresh,
  };
}

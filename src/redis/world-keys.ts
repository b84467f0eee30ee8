// Every key the parts of one world (the default one, or a scope's) write under its prefix: a
// fixed list of names, and the request records named through an index set. What a scope drop
// and a --reset remove, key by key: nothing is ever found by scanning the keyspace, which on a
// shared Redis holds every other user's keys too.

import type { RedisConnection } from './redis-connection.js';
import { dataKeys, listKeysUnder } from './redis-data-layout.js';
import { limitStateKeys } from './redis-limit-state.js';
import { sharedValueKeys } from './redis-shared-values.js';
import { violationLogKey } from './redis-violation-log.js';

export type WorldKeys = {
  /** Keys with fixed names (the collections' lists are found through one of them). */
  fixed: string[];
  /** A set whose members, each after `indexedPrefix`, name the rest. */
  indexSet: string;
  indexedPrefix: string;
};

export function worldKeys(prefix: string): WorldKeys {
  const limits = limitStateKeys(prefix);
  return {
    fixed: [
      ...Object.values(dataKeys(prefix)),
      ...Object.values(sharedValueKeys(prefix)),
      ...limits.keys,
      violationLogKey(prefix),
    ],
    indexSet: limits.indexSet,
    indexedPrefix: limits.indexedPrefix,
  };
}

/** Keys removed by one command at most: a long one would keep Redis from everyone else. */
export const REMOVE_BATCH = 500;

/** Removes every key of the world under `prefix` (UNLINK: their memory is freed in the background). */
export async function removeWorldKeys(connection: RedisConnection, prefix: string): Promise<void> {
  const keys = worldKeys(prefix);
  const members = await connection.run((client) => client.smembers(keys.indexSet));
  // The collections' lists are named in one of the fixed keys: read before it goes.
  const lists = await listKeysUnder(connection, prefix);
  const all = [...members.map((member) => `${keys.indexedPrefix}${member}`), ...lists, ...keys.fixed];
  for (let start = 0; start < all.length; start += REMOVE_BATCH) {
    await connection.run((client) => client.unlink(all.slice(start, start + REMOVE_BATCH)));
  }
}

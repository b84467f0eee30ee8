// The scopes of a mock whose state is in Redis, kept there so that every process sees the same
// ones: each scoped request enters its scope in one script (made when new, refused past
// --max-scopes, idle ones dropped on the way), and a dropped scope's keys go with it, so that
// the next request to that name, through any process, finds a new scope. A drop removes the
// scope's keys by name (world-keys.ts), in time that grows with the scope's own keys only, and
// tells every process (the change feed) that the scope's copies are gone.
//
// Keys under the prefix P:  P scopes  sorted set: name, scored by last use (real time, ms);
//   P scopes:created, P scopes:requests  hashes by name;  a scope's own state under P scope:NAME:
import { changeChannel } from './change-feed.js';
import type { RedisConnection } from './redis-connection.js';
import { defineScript } from './redis-connection.js';
import { dataKeys, LIST_KEY_LUA } from './redis-data-layout.js';
import { REMOVE_BATCH, worldKeys } from './world-keys.js';

export type SharedScopeSummary = { name: string; createdAtMs: number; lastUsedAtMs: number; requests: number };

export function scopePrefix(prefix: string, name: string): string {
  return `${prefix}scope:${name}:`;
}

/** The keys of the scopes themselves under the mock's prefix. */
export function scopeRegistryKeys(prefix: string): [string, string, string] {
  return [`${prefix}scopes`, `${prefix}scopes:created`, `${prefix}scopes:requests`];
}

// A scope's keys relative to its prefix, written into the script (they are the same for every scope).
const relative = worldKeys('');
const luaList = (names: readonly string[]) => `{${names.map((name) => JSON.stringify(name)).join(', ')}}`;

// Drops one scope: its entries, then every key of its world by name. KEYS: scopes, created,
// requests. ARGV: prefix. Prefixes and scope names hold no glob or quote characters (config.ts, scope-name.ts).
const DROP_SCOPE = `${LIST_KEY_LUA}
local FIXED = ${luaList(relative.fixed)}
local function unlinkAll(names)
  for i = 1, #names, ${REMOVE_BATCH} do redis.call('UNLINK', unpack(names, i, math.min(i + ${REMOVE_BATCH - 1}, #names))) end
end
local function drop(name)
  redis.call('ZREM', KEYS[1], name)
  redis.call('HDEL', KEYS[2], name)
  redis.call('HDEL', KEYS[3], name)
  local base = ARGV[1] .. 'scope:' .. name .. ':'
  local names = {}
  for _, member in ipairs(redis.call('SMEMBERS', base .. ${JSON.stringify(relative.indexSet)})) do
    table.insert(names, base .. ${JSON.stringify(relative.indexedPrefix)} .. member)
  end
  for _, collection in ipairs(redis.call('HKEYS', base .. ${JSON.stringify(dataKeys('').collections)})) do
    table.insert(names, listKey(base, collection))
  end
  for _, suffix in ipairs(FIXED) do table.insert(names, base .. suffix) end
  unlinkAll(names)
  redis.call('PUBLISH', base .. ${JSON.stringify(changeChannel(''))}, '{"k":"drop"}')
end
`;

// ARGV: prefix, name, now, idle ms, most scopes. Answers 1 (entered), 2 (made) or 0 (refused).
const ENTER_SCOPE = `${DROP_SCOPE}
local now = tonumber(ARGV[3])
for _, idle in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[4]))) do drop(idle) end
local made = 0
if not redis.call('ZSCORE', KEYS[1], ARGV[2]) then
  if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[5]) then return 0 end
  -- Keys a request wrote while its scope was being dropped go now: the new scope starts bare.
  drop(ARGV[2])
  redis.call('HSET', KEYS[2], ARGV[2], now)
  made = 1
end
redis.call('ZADD', KEYS[1], now, ARGV[2])
redis.call('HINCRBY', KEYS[3], ARGV[2], 1)
return 1 + made
`;

// ARGV: prefix, name, now, idle ms. Answers 1 when a live scope was dropped.
const DELETE_SCOPE = `${DROP_SCOPE}
local lastUsed = redis.call('ZSCORE', KEYS[1], ARGV[2])
if not lastUsed then return 0 end
drop(ARGV[2])
if tonumber(lastUsed) <= tonumber(ARGV[3]) - tonumber(ARGV[4]) then return 0 end
return 1
`;

// ARGV: prefix, now, idle ms. Drops the idle scopes, then answers the others: name, last use, made, requests.
const LIST_SCOPES = `${DROP_SCOPE}
for _, idle in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[2]) - tonumber(ARGV[3]))) do drop(idle) end
local answer = {}
local live = redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')
for i = 1, #live, 2 do
  local name = live[i]
  table.insert(answer, name)
  table.insert(answer, live[i + 1])
  table.insert(answer, redis.call('HGET', KEYS[2], name) or live[i + 1])
  table.insert(answer, redis.call('HGET', KEYS[3], name) or '0')
end
return answer
`;

const enterScript = defineScript('petstoreEnterScope', ENTER_SCOPE);
const deleteScript = defineScript('petstoreDeleteScope', DELETE_SCOPE);
const listScript = defineScript('petstoreListScopes', LIST_SCOPES);

export type RedisScopes = {
  /** Counts a request of the scope, making it when new; 'refused' when it is new and maxScopes live already. */
  enter(name: string): Promise<'entered' | 'made' | 'refused'>;
  /** Every live scope, oldest first. */
  list(): Promise<SharedScopeSummary[]>;
  /** Drops a scope and all its state; false when no live scope has the name. */
  drop(name: string): Promise<boolean>;
  /** Whether the scope is live (entered, not dropped), without counting a request. */
  isLive(name: string): Promise<boolean>;
};

export function createRedisScopes(
  connection: RedisConnection,
  prefix: string,
  options: { maxScopes: number; idleSeconds: number; realNowMs?: () => number },
): RedisScopes {
  const keys = scopeRegistryKeys(prefix);
  const realNowMs = options.realNowMs ?? Date.now;
  const idleMs = String(options.idleSeconds * 1000);
  return {
    async enter(name) {
      const answer = await connection.run(() =>
        enterScript(connection, keys, [prefix, name, String(realNowMs()), idleMs, String(options.maxScopes)]),
      );
      return answer === 2 ? 'made' : answer === 1 ? 'entered' : 'refused';
    },
    async list() {
      const flat = (await connection.run(() =>
        listScript(connection, keys, [prefix, String(realNowMs()), idleMs]),
      )) as string[];
      const scopes: SharedScopeSummary[] = [];
      for (let index = 0; index < flat.length; index += 4) {
        scopes.push({
          name: flat[index] as string,
          lastUsedAtMs: Number(flat[index + 1]),
          createdAtMs: Number(flat[index + 2]),
          requests: Number(flat[index + 3]),
        });
      }
      return scopes.sort((a, b) => a.createdAtMs - b.createdAtMs);
    },
    async isLive(name) {
      return (await connection.run((client) => client.zscore(keys[0] as string, name))) !== null;
    },
    async drop(name) {
      const answer = await connection.run(() =>
        deleteScript(connection, keys, [prefix, name, String(realNowMs()), idleMs]),
      );
      return answer === 1;
    },
  };
}

// The Lua scripts of the limits' state in Redis. They hold no policy: the process decides in
// TypeScript, and a script only stores the outcome if what the decision read is still what Redis
// holds (compare-and-set), answering the current values otherwise so that the process decides again.
import type { Result } from 'ioredis';
import { LIVE_SCOPE_LUA } from './live-scope.js';
import { registerScript } from './redis-connection.js';

// A version of the storm list that nobody can have read before: after the keys were deleted
// (a reset of the prefix) it starts again from the server's clock in microseconds, never from 0,
// so that a process holding a list read before the deletion never sees its old version again.
const BUMP_VERSION = `
local function bumpVersion(key)
  if redis.call('EXISTS', key) == 0 then
    local now = redis.call('TIME')
    redis.call('SET', key, now[1] .. string.format('%06d', tonumber(now[2])))
  end
  redis.call('INCR', key)
  return redis.call('GET', key)
end
`;

// Turns keep a compare-and-set fair. Without them the process that just stored a decision on a
// subject sends its next one before a loser's retry arrives, and can win every time while the
// loser runs out of attempts. A loser takes the next turn: until it stores (or its lease of a
// few milliseconds ends), a write by anyone else on the same subject (or storms) is refused.
// A subject's turn is a field of one hash ("token|until ms"), not a key of its own, so that the
// keys of a prefix are a fixed list (a scope is dropped without a scan of the keyspace).
const TURNS = `
local function nowMs()
  local now = redis.call('TIME')
  return tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
end
-- The holder of a subject's turn, and whether the turn still runs.
local function turnOf(hash, field)
  local turn = redis.call('HGET', hash, field)
  if not turn then return nil, false end
  local holder, untilMs = string.match(turn, '^(.*)|(%d+)$')
  return holder, tonumber(untilMs) > nowMs()
end
`;

/**
 * KEYS: 1 counters hash, 2 storm list, 3 storm version, 4 turns hash, 5 the storms' turn,
 * 6 settings version, 7 data version, 8 data meta, 9 API keys hash, 10 the scopes' sorted set.
 * ARGV: 1 subject, 2 its counters as read ('' for none), 3 counters to store, 4 storm version read
 * ('' when the outcome does not depend on storms), 5 storm list to store ('' when unchanged),
 * 6 the writer's token, 7 the lease of a turn in milliseconds, 8 the settings version the
 * decision was computed on ('' when it reads none), 9 the API key it was computed for ('' for
 * none) and 10 that key's record as read, 11 '1' to answer the versions of KEYS 6 to 8, 12 the
 * scope's name ('' outside a scope).
 * Answers {outcome, current counters, current storm version, current storm list when the version
 * read is stale else '', settings version, data version, data generation}: outcome 1 stored,
 * 0 stale, 2 another's turn, 3 the settings or the key changed, 4 the scope is gone.
 */
const SWAP_COUNTERS = `${BUMP_VERSION}${TURNS}${LIVE_SCOPE_LUA}
local function stamps(outcome, counters, version, storms)
  if ARGV[11] ~= '1' then return {outcome, counters, version, storms, '', '', ''} end
  return {outcome, counters, version, storms, redis.call('GET', KEYS[6]) or '0', redis.call('GET', KEYS[7]) or '0',
    redis.call('HGET', KEYS[8], 'generation') or ''}
end
local token = ARGV[6]
local current = redis.call('HGET', KEYS[1], ARGV[1]) or ''
local version = redis.call('GET', KEYS[3]) or '0'
if scopeGone(KEYS[10], ARGV[12]) then return stamps(4, current, version, '') end
if (ARGV[8] ~= '' and (redis.call('GET', KEYS[6]) or '0') ~= ARGV[8])
  or (ARGV[9] ~= '' and (redis.call('HGET', KEYS[9], ARGV[9]) or '') ~= ARGV[10]) then
  return stamps(3, current, version, '')
end
local stormsStale = ARGV[4] ~= '' and version ~= ARGV[4]
local subjectHolder, subjectRuns = turnOf(KEYS[4], ARGV[1])
local stormsTurn = redis.call('GET', KEYS[5])
local waiting = (subjectRuns and subjectHolder ~= token) or (ARGV[5] ~= '' and stormsTurn and stormsTurn ~= token)
if waiting or current ~= ARGV[2] or stormsStale then
  if not waiting and current ~= ARGV[2] then
    redis.call('HSET', KEYS[4], ARGV[1], token .. '|' .. (nowMs() + tonumber(ARGV[7])))
  end
  if stormsStale then redis.call('SET', KEYS[5], token, 'PX', ARGV[7], 'NX') end
  local storms = ''
  if stormsStale then storms = redis.call('GET', KEYS[2]) or '[]' end
  return stamps(waiting and 2 or 0, current, version, storms)
end
if ARGV[3] ~= current then redis.call('HSET', KEYS[1], ARGV[1], ARGV[3]) end
if ARGV[5] ~= '' then
  redis.call('SET', KEYS[2], ARGV[5])
  version = bumpVersion(KEYS[3])
end
if subjectHolder == token then redis.call('HDEL', KEYS[4], ARGV[1]) end
if stormsTurn == token then redis.call('DEL', KEYS[5]) end
return stamps(1, ARGV[3], version, '')
`;

/**
 * KEYS: storm list, storm version, the storms' turn, the scopes' sorted set. ARGV: version read,
 * list to store ('' to check only), the writer's token, the lease of a turn in milliseconds, the
 * scope's name ('' outside a scope).
 * Answers {1, version, ''} or {0 (stale), 2 (another's turn) or 4 (scope gone), current version, current list}.
 */
const SWAP_STORMS = `${BUMP_VERSION}${LIVE_SCOPE_LUA}
local version = redis.call('GET', KEYS[2]) or '0'
if ARGV[2] ~= '' and scopeGone(KEYS[4], ARGV[5]) then return {4, version, redis.call('GET', KEYS[1]) or '[]'} end
local turn = redis.call('GET', KEYS[3])
local waiting = ARGV[2] ~= '' and turn and turn ~= ARGV[3]
if waiting or version ~= ARGV[1] then
  if version ~= ARGV[1] then redis.call('SET', KEYS[3], ARGV[3], 'PX', ARGV[4], 'NX') end
  return {waiting and 2 or 0, version, redis.call('GET', KEYS[1]) or '[]'}
end
if turn == ARGV[3] then redis.call('DEL', KEYS[3]) end
if ARGV[2] == '' then return {1, version, ''} end
redis.call('SET', KEYS[1], ARGV[2])
return {1, bumpVersion(KEYS[2]), ''}
`;

/**
 * KEYS: the record index hash, the set of recorded keys, the scopes' sorted set, then each
 * request's record list. ARGV: the record limit, the scope's name ('' outside a scope), then per
 * request: its API key and the request as a JSON object without its index.
 * Numbers each request, appends it and drops the oldest past the limit; answers how many it stored.
 */
const RECORD_REQUESTS = `${LIVE_SCOPE_LUA}
if scopeGone(KEYS[3], ARGV[2]) then return 0 end
local limit = tonumber(ARGV[1])
for i = 3, #ARGV, 2 do
  local list = KEYS[4 + (i - 3) / 2]
  local index = redis.call('HINCRBY', KEYS[1], ARGV[i], 1)
  redis.call('RPUSH', list, '{"index":' .. index .. ',' .. string.sub(ARGV[i + 1], 2))
  redis.call('LTRIM', list, -limit, -1)
  redis.call('SADD', KEYS[2], ARGV[i])
end
return (#ARGV - 2) / 2
`;

type ScriptArgument = string | number;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    /** One list of arguments, keys first: ioredis flattens it, and no long list is spread into a call. */
    petstoreLimitsSwapCounters(args: readonly ScriptArgument[]): Result<unknown, Context>;
    petstoreLimitsSwapStorms(...args: ScriptArgument[]): Result<unknown, Context>;
    petstoreLimitsRecordRequests(args: readonly ScriptArgument[]): Result<unknown, Context>;
  }
}

// Callable on every connection (sent by EVALSHA, loaded again after a Redis restart).
registerScript('petstoreLimitsSwapCounters', SWAP_COUNTERS, 10);
registerScript('petstoreLimitsSwapStorms', SWAP_STORMS, 4);
// The number of keys comes first among the arguments: one list per request recorded.
registerScript('petstoreLimitsRecordRequests', RECORD_REQUESTS);

/**
 * Stored; or not: what was read is stale, it is another writer's turn, the settings or the key
 * the decision was computed on changed, or the scope is gone.
 */
export type SwapOutcome = 'stored' | 'stale' | 'waiting' | 'inputs-changed' | 'scope-gone';

/** The versions Redis held when a decision was stored or refused ('' when not asked for). */
export type Stamps = { settingsVersion: string; dataVersion: string; generation: string };

export type SwapAnswer = {
  outcome: SwapOutcome;
  /** The subject's counters as Redis now holds them ('' for none). */
  counters: string;
  stormVersion: string;
  /** The current storm list, when the one read was stale; '' otherwise. */
  storms: string;
  stamps: Stamps;
};

const OUTCOMES: Readonly<Record<number, SwapOutcome>> = {
  0: 'stale',
  1: 'stored',
  2: 'waiting',
  3: 'inputs-changed',
  4: 'scope-gone',
};

function unexpected(script: string, reply: unknown): Error {
  return new Error(`The ${script} script answered ${JSON.stringify(reply)}, not what this version of the mock writes.`);
}

const allStrings = (values: unknown[]): values is string[] => values.every((value) => typeof value === 'string');

export function readSwapCounters(reply: unknown): SwapAnswer {
  if (!Array.isArray(reply) || reply.length !== 7) throw unexpected('counters', reply);
  const [code, ...rest] = reply as unknown[];
  const outcome = typeof code === 'number' ? OUTCOMES[code] : undefined;
  if (!outcome || !allStrings(rest)) throw unexpected('counters', reply);
  const [counters, stormVersion, storms, settingsVersion, dataVersion, generation] = rest as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  return { outcome, counters, stormVersion, storms, stamps: { settingsVersion, dataVersion, generation } };
}

export function readSwapStorms(reply: unknown): Omit<SwapAnswer, 'counters' | 'stamps'> {
  if (!Array.isArray(reply) || reply.length !== 3) throw unexpected('storms', reply);
  const [code, stormVersion, storms] = reply as unknown[];
  const outcome = typeof code === 'number' ? OUTCOMES[code] : undefined;
  if (!outcome || typeof stormVersion !== 'string' || typeof storms !== 'string') throw unexpected('storms', reply);
  return { outcome, stormVersion, storms };
}

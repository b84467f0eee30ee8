// The Lua scripts of the limits' state in Redis. They hold no policy: the process decides in
// TypeScript, and a script only stores the outcome if what the decision read is still what Redis
// holds (compare-and-set), answering the current values otherwise so that the process decides again.
import type { Redis, Result } from 'ioredis';

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

/**
 * KEYS: counters hash, storm list, storm version, the subject's turn, the storms' turn.
 * ARGV: subject, its counters as read ('' for none), counters to store, storm version read
 * ('' when the outcome does not depend on storms), storm list to store ('' when unchanged),
 * the writer's token, the lease of a turn in milliseconds.
 * Answers {1, counters stored, version, ''}, or {0 (stale) or 2 (another's turn), current
 * counters, current version, current storm list when the version read is stale, else ''}.
 */
const SWAP_COUNTERS = `${BUMP_VERSION}
local token = ARGV[6]
local current = redis.call('HGET', KEYS[1], ARGV[1]) or ''
local version = redis.call('GET', KEYS[3]) or '0'
local stormsStale = ARGV[4] ~= '' and version ~= ARGV[4]
local subjectTurn = redis.call('GET', KEYS[4])
local stormsTurn = redis.call('GET', KEYS[5])
local waiting = (subjectTurn and subjectTurn ~= token) or (ARGV[5] ~= '' and stormsTurn and stormsTurn ~= token)
if waiting or current ~= ARGV[2] or stormsStale then
  if not waiting and current ~= ARGV[2] then redis.call('SET', KEYS[4], token, 'PX', ARGV[7]) end
  if stormsStale then redis.call('SET', KEYS[5], token, 'PX', ARGV[7], 'NX') end
  local storms = ''
  if stormsStale then storms = redis.call('GET', KEYS[2]) or '[]' end
  return {waiting and 2 or 0, current, version, storms}
end
if ARGV[3] ~= current then redis.call('HSET', KEYS[1], ARGV[1], ARGV[3]) end
if ARGV[5] ~= '' then
  redis.call('SET', KEYS[2], ARGV[5])
  version = bumpVersion(KEYS[3])
end
if subjectTurn == token then redis.call('DEL', KEYS[4]) end
if stormsTurn == token then redis.call('DEL', KEYS[5]) end
return {1, ARGV[3], version, ''}
`;

/**
 * KEYS: storm list, storm version, the storms' turn. ARGV: version read, list to store ('' to
 * check only), the writer's token, the lease of a turn in milliseconds.
 * Answers {1, version, ''} or {0 (stale) or 2 (another's turn), current version, current list}.
 */
const SWAP_STORMS = `${BUMP_VERSION}
local version = redis.call('GET', KEYS[2]) or '0'
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
 * KEYS: the key's record list, record index hash, set of recorded keys.
 * ARGV: the API key, the request as a JSON object without its index, the record limit.
 * Numbers the request, appends it and drops the oldest past the limit, in one step.
 */
const RECORD_REQUEST = `
local index = redis.call('HINCRBY', KEYS[2], ARGV[1], 1)
redis.call('RPUSH', KEYS[1], '{"index":' .. index .. ',' .. string.sub(ARGV[2], 2))
redis.call('LTRIM', KEYS[1], -tonumber(ARGV[3]), -1)
redis.call('SADD', KEYS[3], ARGV[1])
return index
`;

type ScriptArgument = string | number;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    petstoreLimitsSwapCounters(...args: ScriptArgument[]): Result<unknown, Context>;
    petstoreLimitsSwapStorms(...args: ScriptArgument[]): Result<unknown, Context>;
    petstoreLimitsRecordRequest(...args: ScriptArgument[]): Result<unknown, Context>;
  }
}

/** Makes the scripts callable on `client` (sent by EVALSHA, loaded again after a Redis restart). */
export function defineLimitScripts(client: Redis): void {
  client.defineCommand('petstoreLimitsSwapCounters', { lua: SWAP_COUNTERS, numberOfKeys: 5 });
  client.defineCommand('petstoreLimitsSwapStorms', { lua: SWAP_STORMS, numberOfKeys: 3 });
  client.defineCommand('petstoreLimitsRecordRequest', { lua: RECORD_REQUEST, numberOfKeys: 3 });
}

/** Stored; or not, because what was read is stale, or because it is another writer's turn. */
export type SwapOutcome = 'stored' | 'stale' | 'waiting';

export type SwapAnswer = {
  outcome: SwapOutcome;
  /** The subject's counters as Redis now holds them ('' for none). */
  counters: string;
  stormVersion: string;
  /** The current storm list, when the one read was stale; '' otherwise. */
  storms: string;
};

const OUTCOMES: Readonly<Record<number, SwapOutcome>> = { 0: 'stale', 1: 'stored', 2: 'waiting' };

function unexpected(script: string, reply: unknown): Error {
  return new Error(`The ${script} script answered ${JSON.stringify(reply)}, not what this version of the mock writes.`);
}

export function readSwapCounters(reply: unknown): SwapAnswer {
  if (!Array.isArray(reply) || reply.length !== 4) throw unexpected('counters', reply);
  const [code, counters, stormVersion, storms] = reply as unknown[];
  const outcome = typeof code === 'number' ? OUTCOMES[code] : undefined;
  if (!outcome || typeof counters !== 'string' || typeof stormVersion !== 'string' || typeof storms !== 'string')
    throw unexpected('counters', reply);
  return { outcome, counters, stormVersion, storms };
}

export function readSwapStorms(reply: unknown): Omit<SwapAnswer, 'counters'> {
  if (!Array.isArray(reply) || reply.length !== 3) throw unexpected('storms', reply);
  const [code, stormVersion, storms] = reply as unknown[];
  const outcome = typeof code === 'number' ? OUTCOMES[code] : undefined;
  if (!outcome || typeof stormVersion !== 'string' || typeof storms !== 'string') throw unexpected('storms', reply);
  return { outcome, stormVersion, storms };
}

// How a data set lies in Redis under a prefix P, and the scripts that write it whole or commit a
// change set to it. Each collection's list is a hash of its own, named in P data:collections
// with the field that keys its records, so that a contract's new collection needs no new code.
//
//   P meta                 hash: product, dataSetVersion, seed, generation (new at each fill or reset)
//   P data:version         the number of the last change set
//   P data:log             sorted set of the newest change sets, scored by their number
//   P data:nextId          hash: counter -> next id
//   P data:collections     hash: collection name -> its key field
//   P data:NAME            hash per collection (data:pets, data:orders, …): key -> record JSON
//                          (data:list:NAME for a name the data's own keys use, e.g. "log")
//   P data:apiKeys         hash: key -> record JSON;  P data:apiKeyOrder  sorted set: the keys' order
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { ChangeSet } from '../store/change-set.js';
import {
  type ApiKeyRecord,
  collectionNames,
  DATA_SET_VERSION,
  type DataSet,
  type KeyFields,
  type RecordKey,
  recordsOf,
  type StoredRecord,
} from '../store/data-set.js';
import { ownValue, setOwn } from '../store/own-keys.js';
import { StateUnavailableError } from '../store/state-unavailable.js';
import { changeChannel } from './change-feed.js';
import { LIVE_SCOPE_LUA, type LiveScope, liveScopeArgs } from './live-scope.js';
import { defineScript, execAll, type RedisConnection } from './redis-connection.js';

export const PRODUCT_MARK = 'petstore-mock';

/** Change sets kept for replicas to catch up with; one further behind reloads everything. */
export const LOG_LENGTH = 2_000;

export function dataKeys(prefix: string) {
  return {
    meta: `${prefix}meta`,
    version: `${prefix}data:version`,
    log: `${prefix}data:log`,
    nextId: `${prefix}data:nextId`,
    collections: `${prefix}data:collections`,
    apiKeys: `${prefix}data:apiKeys`,
    apiKeyOrder: `${prefix}data:apiKeyOrder`,
  };
}
export type DataKeys = ReturnType<typeof dataKeys>;

/** Names of the data's own keys: a collection named as one of them keeps its list at data:list:NAME. */
const RESERVED_NAMES = ['version', 'log', 'nextId', 'collections', 'apiKeys', 'apiKeyOrder'];

/** The hash of a collection's records; the scripts build the same name (see LIST_KEY_LUA). */
export const listKey = (prefix: string, name: string) =>
  RESERVED_NAMES.includes(name) ? `${prefix}data:list:${name}` : `${prefix}data:${name}`;
/** In a script: the list key of a collection, from the prefix (ARGV) and its name. */
export const LIST_KEY_LUA = `local reserved = {${RESERVED_NAMES.map((name) => `${name} = true`).join(', ')}}
local function listKey(prefix, name)
  if reserved[name] then return prefix .. 'data:list:' .. name end
  return prefix .. 'data:' .. name
end`;

// The lists of a script's ARGV from `start` on: for each, its name ('' for the API keys), its key
// field, how many records, then that many field/value pairs ('' removes one). The API keys' order
// takes `base` + their place among the pairs, for the keys new to it.
const WRITE_LISTS_LUA = `${LIST_KEY_LUA}
local function writeLists(start, prefix, base)
  local i = start
  while i <= #ARGV do
    local name, count = ARGV[i], tonumber(ARGV[i + 2])
    local key = KEYS[6]
    if name ~= '' then
      key = listKey(prefix, name)
      redis.call('HSET', KEYS[5], name, ARGV[i + 1])
    end
    i = i + 3
    for n = 1, count do
      if ARGV[i + 1] == '' then
        redis.call('HDEL', key, ARGV[i])
        if name == '' then redis.call('ZREM', KEYS[7], ARGV[i]) end
      else
        redis.call('HSET', key, ARGV[i], ARGV[i + 1])
        if name == '' then redis.call('ZADD', KEYS[7], 'NX', base + n, ARGV[i]) end
      end
      i = i + 2
    end
  end
end`;

/** Every fixed key of the data, for a script's KEYS (the order the scripts read them in). */
const fixedKeys = (keys: DataKeys) => [
  keys.meta,
  keys.version,
  keys.log,
  keys.nextId,
  keys.collections,
  keys.apiKeys,
  keys.apiKeyOrder,
];

// KEYS: the fixed keys; ARGV: base version, generation, change set JSON (for the log and the
// feed), nextId as JSON ('' when unchanged), the feed's channel, the commit's token, the prefix,
// then the lists: for each, its name ('' for the API keys), its key field, how many changes,
// then that many field/value pairs ('' removes). Answers {1, version} or, when another change
// landed first, {0, current version, current generation}.
const COMMIT_SCRIPT = `${WRITE_LISTS_LUA}
local current = redis.call('GET', KEYS[2]) or '0'
local generation = redis.call('HGET', KEYS[1], 'generation') or ''
if current ~= ARGV[1] or generation ~= ARGV[2] then
  return {0, current, generation}
end
local version = redis.call('INCR', KEYS[2])
writeLists(8, ARGV[7], version * 100000)
if ARGV[4] ~= '' then
  for counter, next in pairs(cjson.decode(ARGV[4])) do redis.call('HSET', KEYS[4], counter, next) end
end
redis.call('ZADD', KEYS[3], version, '{"v":' .. version .. ',"c":' .. ARGV[3] .. '}')
redis.call('ZREMRANGEBYRANK', KEYS[3], 0, -${LOG_LENGTH + 1})
redis.call('PUBLISH', ARGV[5], '{"k":"data","v":' .. version .. ',"g":' .. cjson.encode(ARGV[2]) .. ',"o":' .. cjson.encode(ARGV[6]) .. ',"c":' .. ARGV[3] .. '}')
return {1, tostring(version)}
`;

// KEYS: the fixed keys, then the scopes' sorted set; ARGV: only when empty ('1' or '0'), seed,
// data-set version, generation, nextId as JSON, the feed's channel, the scope's name ('' for
// none), the prefix, then the lists as in the commit (a name, its key field, a count, pairs).
// Tells every process to read the data afresh. Answers 1 (written), 0 (data there already) or
// -1 (scope gone).
const REPLACE_SCRIPT = `${LIVE_SCOPE_LUA}
${WRITE_LISTS_LUA}
if scopeGone(KEYS[8], ARGV[7]) then return -1 end
if ARGV[1] == '1' and redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
for _, name in ipairs(redis.call('HKEYS', KEYS[5])) do redis.call('DEL', listKey(ARGV[8], name)) end
for i = 2, 7 do redis.call('DEL', KEYS[i]) end
local version = redis.call('INCR', KEYS[2])
for counter, next in pairs(cjson.decode(ARGV[5])) do redis.call('HSET', KEYS[4], counter, next) end
writeLists(9, ARGV[8], 0)
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'product', '${PRODUCT_MARK}', 'dataSetVersion', ARGV[3], 'seed', ARGV[2], 'generation', ARGV[4])
redis.call('PUBLISH', ARGV[6], cjson.encode({k = 'data', v = version, g = ARGV[4]}))
return 1
`;

const commitScript = defineScript('petstoreCommitChanges', COMMIT_SCRIPT);
const replaceScript = defineScript('petstoreReplaceData', REPLACE_SCRIPT);

/** A process's copy of the data and the version of it Redis numbered. */
export type Replica = { data: DataSet; version: number; generation: string };

/**
 * A hash read as HKEYS and HVALS (in one MULTI, so in the same order) into entries: ioredis's
 * HGETALL builds an object by assignment, where a field named __proto__ is lost.
 */
const hashEntries = (fields: string[], values: string[]): Array<[string, string]> =>
  fields.map((field, index) => [field, values[index] as string]);

/** Records by their key: numbers in order; string keys as Redis answers them (insertion order while a hash is small). */
function parseList<T>(entries: Array<[string, string]>): T[] {
  const numeric = entries.every(([key]) => /^\d+$/.test(key));
  if (numeric) entries.sort((a, b) => Number(a[0]) - Number(b[0]));
  return entries.map(([, json]) => JSON.parse(json) as T);
}

/** The data as Redis holds it, read in one MULTI so that it is one consistent state. */
export async function loadReplica(client: Redis, prefix: string): Promise<Replica> {
  const keys = dataKeys(prefix);
  for (;;) {
    const names = await client.hkeys(keys.collections);
    let multi = client
      .multi()
      .hgetall(keys.meta)
      .get(keys.version)
      .hkeys(keys.nextId)
      .hvals(keys.nextId)
      .hkeys(keys.apiKeys)
      .hvals(keys.apiKeys)
      .zrange(keys.apiKeyOrder, '0', '-1')
      .hlen(keys.collections);
    for (const name of names) multi = multi.hkeys(listKey(prefix, name)).hvals(listKey(prefix, name));
    const values = await execAll(multi);
    const [meta, version, counters, nextIds, keyNames, keyRecords, apiKeyOrder, collectionsNow, ...lists] = values as [
      Record<string, string>,
      string | null,
      string[],
      string[],
      string[],
      string[],
      string[],
      number,
      ...string[][],
    ];
    // A collection added between the two reads: read again, so that the copy is one state.
    if (collectionsNow !== names.length) continue;
    const apiKeys = new Map(hashEntries(keyNames, keyRecords));
    const data = {
      version: DATA_SET_VERSION,
      seed: Number(meta.seed ?? 0),
      nextId: Object.fromEntries(hashEntries(counters, nextIds).map(([counter, next]) => [counter, Number(next)])),
      categories: [],
      pets: [],
      orders: [],
      inventory: [],
      apiKeys: apiKeyOrder.flatMap((key) => {
        const json = apiKeys.get(key);
        return json === undefined ? [] : [JSON.parse(json) as ApiKeyRecord];
      }),
    } as unknown as DataSet;
    names.forEach((name, index) => {
      setOwn(data, name, parseList<StoredRecord>(hashEntries(lists[2 * index] ?? [], lists[2 * index + 1] ?? [])));
    });
    return { version: Number(version ?? 0), generation: meta.generation ?? '', data };
  }
}

/**
 * Writes `data` under the prefix (only if nothing is there, when `onlyIfEmpty`); false if
 * something was. A world of a scope dropped meanwhile is not written (StateUnavailableError).
 */
export async function writeDataSet(
  connection: RedisConnection,
  prefix: string,
  data: DataSet,
  keyFieldOf: KeyFields,
  onlyIfEmpty: boolean,
  scope?: LiveScope,
): Promise<boolean> {
  const live = liveScopeArgs(scope, `${prefix}meta`);
  const args: string[] = [
    onlyIfEmpty ? '1' : '0',
    String(data.seed),
    String(data.version),
    randomUUID(),
    JSON.stringify(data.nextId),
    changeChannel(prefix),
    live.name,
    prefix,
  ];
  for (const name of collectionNames(data)) {
    const keyField = keyFieldOf(name);
    const records = recordsOf(data, name);
    args.push(name, keyField ?? '', String(records.length));
    // A list no contract describes is kept in its order, filed by position.
    records.forEach((record, index) => {
      args.push(keyField ? String(ownValue(record, keyField) as RecordKey) : String(index), JSON.stringify(record));
    });
  }
  args.push('', 'key', String(data.apiKeys.length));
  for (const record of data.apiKeys) args.push(record.key, JSON.stringify(record));
  const written = await connection.run(() =>
    replaceScript(connection, [...fixedKeys(dataKeys(prefix)), live.key], args),
  );
  if (written === -1) throw new StateUnavailableError(connection.where, scope?.goneReason ?? 'its scope was dropped');
  return written === 1;
}

/** Sends a change set built on `baseVersion`: {1, version} once stored, {0, version, generation} when another landed first. */
export function commitChangeSet(
  connection: RedisConnection,
  prefix: string,
  base: { version: number; generation: string },
  changes: ChangeSet,
  token: string,
): Promise<[number, string, string?]> {
  const args: string[] = [
    String(base.version),
    base.generation,
    JSON.stringify(changes),
    changes.nextId ? JSON.stringify(changes.nextId) : '',
    changeChannel(prefix),
    token,
    prefix,
  ];
  for (const [name, { keyField, changes: entries }] of Object.entries(changes.lists)) {
    args.push(name, keyField, String(entries.length));
    for (const [key, record] of entries) args.push(String(key), record === null ? '' : JSON.stringify(record));
  }
  if (changes.apiKeys.length > 0) {
    args.push('', 'key', String(changes.apiKeys.length));
    for (const [key, record] of changes.apiKeys) args.push(key, record === null ? '' : JSON.stringify(record));
  }
  return connection.run(() => commitScript(connection, fixedKeys(dataKeys(prefix)), args)) as Promise<
    [number, string, string?]
  >;
}

/** The keys of every collection's list under `prefix`, as Redis names them. */
export async function listKeysUnder(connection: RedisConnection, prefix: string): Promise<string[]> {
  const names = await connection.run((client) => client.hkeys(dataKeys(prefix).collections));
  return names.map((name) => listKey(prefix, name));
}

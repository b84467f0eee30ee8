// The DataStore over Redis, shared by any number of mock processes. Redis holds the data; each
// process keeps a copy in memory (a replica). Transactions run one at a time as in the lowdb
// store, and are committed in groups (commit-groups.ts): one script per group applies its change
// set only if no other change landed since the version it was built on (optimistic locking), and
// publishes it on the change feed; otherwise the group runs again on fresh data. Every process applies the change sets it is told of to
// its replica, and reads it without asking Redis while the feed is up and nothing is missing;
// otherwise (no feed, a message lost, a version it was told of and lacks) it catches up first
// from the log of numbered change sets Redis keeps. Handlers and rules are untouched.
//
// Keys under the prefix P:
//   P meta                 hash: product, dataSetVersion, seed, generation (new at each fill or reset)
//   P data:version         the number of the last change set
//   P data:log             sorted set of the newest change sets, scored by their number
//   P data:nextId          hash: pet, category, order
//   P data:pets, data:categories, data:orders, data:inventory   hashes: id -> record JSON
//   P data:apiKeys         hash: key -> record JSON;  P data:apiKeyOrder  sorted set: the keys' order
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { applyChangeSet, CHANGE_SET_LISTS, type ChangeSet } from '../store/change-set.js';
import {
  type ApiKeyRecord,
  type Category,
  DATA_SET_VERSION,
  type DataSet,
  type InventoryItem,
  type Pet,
  type StoredOrder,
} from '../store/data-set.js';
import { createDataSetReader, createKeyIndex } from '../store/data-set-reader.js';
import type { DataStore } from '../store/data-store.js';
import { createSerialLock } from '../store/serial-lock.js';
import { StateUnavailableError } from '../store/state-unavailable.js';
import { type ChangeFeed, type ChangeMessage, changeChannel } from './change-feed.js';
import { type CommitGroup, createCommitGroups, type Replica } from './commit-groups.js';
import { LIVE_SCOPE_LUA, type LiveScope, liveScopeArgs } from './live-scope.js';
import { sharedNextRun } from './next-run.js';
import { defineScript, execAll, type RedisConnection } from './redis-connection.js';

export const PRODUCT_MARK = 'petstore-mock';

/** Change sets kept for replicas to catch up with; one further behind reloads everything. */
const LOG_LENGTH = 2_000;
/** Conflicting commits retried before giving up: each retry follows another process's commit. */
const MAX_ATTEMPTS = 100;

export function dataKeys(prefix: string) {
  return {
    meta: `${prefix}meta`,
    version: `${prefix}data:version`,
    log: `${prefix}data:log`,
    nextId: `${prefix}data:nextId`,
    pets: `${prefix}data:pets`,
    categories: `${prefix}data:categories`,
    orders: `${prefix}data:orders`,
    inventory: `${prefix}data:inventory`,
    apiKeys: `${prefix}data:apiKeys`,
    apiKeyOrder: `${prefix}data:apiKeyOrder`,
  };
}
type DataKeys = ReturnType<typeof dataKeys>;

/** Every key of the data, for a script's KEYS (the order the scripts read them in). */
const keyList = (keys: DataKeys) => [
  keys.meta,
  keys.version,
  keys.log,
  keys.nextId,
  keys.pets,
  keys.categories,
  keys.orders,
  keys.inventory,
  keys.apiKeys,
  keys.apiKeyOrder,
];

// KEYS as keyList; ARGV: base version, generation, change set JSON (for the log), nextId pet,
// category, order ('' when unchanged), the feed's channel, the commit's token (told with it),
// then triples: list number (1 = pets .. 5 = apiKeys), field, value ('' removes). Answers {1, version} or, when another change
// landed first, {0, current version, current generation}.
const COMMIT_SCRIPT = `
local current = redis.call('GET', KEYS[2]) or '0'
local generation = redis.call('HGET', KEYS[1], 'generation') or ''
if current ~= ARGV[1] or generation ~= ARGV[2] then
  return {0, current, generation}
end
local version = redis.call('INCR', KEYS[2])
for i = 9, #ARGV, 3 do
  local list = tonumber(ARGV[i])
  local key = KEYS[4 + list]
  if ARGV[i + 2] == '' then
    redis.call('HDEL', key, ARGV[i + 1])
    if list == 5 then redis.call('ZREM', KEYS[10], ARGV[i + 1]) end
  else
    redis.call('HSET', key, ARGV[i + 1], ARGV[i + 2])
    if list == 5 then redis.call('ZADD', KEYS[10], 'NX', version * 100000 + i, ARGV[i + 1]) end
  end
end
if ARGV[4] ~= '' then redis.call('HSET', KEYS[4], 'pet', ARGV[4], 'category', ARGV[5], 'order', ARGV[6]) end
redis.call('ZADD', KEYS[3], version, '{"v":' .. version .. ',"c":' .. ARGV[3] .. '}')
redis.call('ZREMRANGEBYRANK', KEYS[3], 0, -${LOG_LENGTH + 1})
redis.call('PUBLISH', ARGV[7], '{"k":"data","v":' .. version .. ',"g":' .. cjson.encode(ARGV[2]) .. ',"o":' .. cjson.encode(ARGV[8]) .. ',"c":' .. ARGV[3] .. '}')
return {1, tostring(version)}
`;

// KEYS as keyList, then the scopes' sorted set; ARGV: only when empty ('1' or '0'), seed, data-set
// version, generation, nextId pet, category, order, the feed's channel, the scope's name ('' for
// none), then pairs per list: list number, count, then that many field/value pairs. Tells every
// process to read the data afresh. Answers 1 (written), 0 (data there already) or -1 (scope gone).
const REPLACE_SCRIPT = `${LIVE_SCOPE_LUA}
if scopeGone(KEYS[11], ARGV[9]) then return -1 end
if ARGV[1] == '1' and redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
for i = 2, 10 do redis.call('DEL', KEYS[i]) end
local version = redis.call('INCR', KEYS[2])
redis.call('HSET', KEYS[4], 'pet', ARGV[5], 'category', ARGV[6], 'order', ARGV[7])
local i = 10
while i <= #ARGV do
  local list = tonumber(ARGV[i])
  local count = tonumber(ARGV[i + 1])
  local key = KEYS[4 + list]
  i = i + 2
  for n = 1, count do
    redis.call('HSET', key, ARGV[i], ARGV[i + 1])
    if list == 5 then redis.call('ZADD', KEYS[10], n, ARGV[i]) end
    i = i + 2
  end
end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'product', '${PRODUCT_MARK}', 'dataSetVersion', ARGV[3], 'seed', ARGV[2], 'generation', ARGV[4])
redis.call('PUBLISH', ARGV[8], cjson.encode({k = 'data', v = version, g = ARGV[4]}))
return 1
`;

const commitScript = defineScript('petstoreCommitChanges', COMMIT_SCRIPT);
const replaceScript = defineScript('petstoreReplaceData', REPLACE_SCRIPT);

const byNumber = (a: [string, string], b: [string, string]) => Number(a[0]) - Number(b[0]);
const parseList = <T>(hash: Record<string, string>): T[] =>
  Object.entries(hash)
    .sort(byNumber)
    .map(([, json]) => JSON.parse(json) as T);

/** The data as Redis holds it, read in one MULTI so that it is one consistent state. */
async function loadReplica(client: Redis, keys: DataKeys): Promise<Replica> {
  const values = await execAll(
    client
      .multi()
      .hgetall(keys.meta)
      .get(keys.version)
      .hgetall(keys.nextId)
      .hgetall(keys.pets)
      .hgetall(keys.categories)
      .hgetall(keys.orders)
      .hgetall(keys.inventory)
      .hgetall(keys.apiKeys)
      .zrange(keys.apiKeyOrder, '0', '-1'),
  );
  const [meta, version, nextId, pets, categories, orders, inventory, apiKeys, apiKeyOrder] = values as [
    Record<string, string>,
    string | null,
    Record<string, string>,
    Record<string, string>,
    Record<string, string>,
    Record<string, string>,
    Record<string, string>,
    Record<string, string>,
    string[],
  ];
  return {
    version: Number(version ?? 0),
    generation: meta.generation ?? '',
    data: {
      version: DATA_SET_VERSION,
      seed: Number(meta.seed ?? 0),
      nextId: { pet: Number(nextId.pet), category: Number(nextId.category), order: Number(nextId.order) },
      pets: parseList<Pet>(pets),
      categories: parseList<Category>(categories),
      orders: parseList<StoredOrder>(orders),
      inventory: parseList<InventoryItem>(inventory),
      apiKeys: apiKeyOrder.flatMap((key) => {
        const json = apiKeys[key];
        return json === undefined ? [] : [JSON.parse(json) as ApiKeyRecord];
      }),
    },
  };
}

const keyOfList = {
  pets: (record: Pet) => String(record.id),
  categories: (record: Category) => String(record.id),
  orders: (record: StoredOrder) => String(record.id),
  inventory: (record: InventoryItem) => String(record.petId),
  apiKeys: (record: ApiKeyRecord) => record.key,
};

/**
 * Writes `data` under the prefix (only if nothing is there, when `onlyIfEmpty`); false if
 * something was. A world of a scope dropped meanwhile is not written (StateUnavailableError).
 */
export async function writeDataSet(
  connection: RedisConnection,
  prefix: string,
  data: DataSet,
  onlyIfEmpty: boolean,
  scope?: LiveScope,
): Promise<boolean> {
  const live = liveScopeArgs(scope, `${prefix}meta`);
  const args: string[] = [
    onlyIfEmpty ? '1' : '0',
    String(data.seed),
    String(data.version),
    randomUUID(),
    String(data.nextId.pet),
    String(data.nextId.category),
    String(data.nextId.order),
    changeChannel(prefix),
    live.name,
  ];
  CHANGE_SET_LISTS.forEach((list, index) => {
    const records = data[list] as Array<Pet & Category & StoredOrder & InventoryItem & ApiKeyRecord>;
    args.push(String(index + 1), String(records.length));
    for (const record of records) args.push(keyOfList[list](record), JSON.stringify(record));
  });
  const written = await connection.run(() => replaceScript(connection, [...keyList(dataKeys(prefix)), live.key], args));
  if (written === -1) throw new StateUnavailableError(connection.where, scope?.goneReason ?? 'its scope was dropped');
  return written === 1;
}

type LogEntry = { v: number; c: ChangeSet };

export type RedisDataStoreOptions = {
  /**
   * The data to fill the prefix with when the store finds none there (a scope's first use, a
   * Redis that restarted without saving), or undefined when it must stay empty (a scope dropped
   * while a request ran): that request then fails with `goneReason`.
   */
  dataWhenEmpty: () => Promise<DataSet | undefined>;
  /** Told when the store filled an empty prefix. */
  onFilled?: () => void;
  goneReason?: string;
  /** Tells the replica of every change, so that reads need not ask Redis (see the top of this file). */
  feed?: ChangeFeed;
  /** The scope this data belongs to: not filled again once it is dropped. */
  scope?: LiveScope;
};

/** The Redis DataStore, and what the rest of a shared world tells it or asks of it. */
export type RedisDataStore = DataStore & {
  /** Told the version Redis holds (with a limiter decision): reads wait until the replica has it. */
  noteVersion(version: string, generation: string): void;
  /** Brings the replica up to date by asking Redis, whatever the feed said. */
  catchUp(): Promise<void>;
  /** Stops hearing of changes: from then on every read asks Redis. */
  stopListening(): void;
  /**
   * A key's record as Redis stores it, from the replica as it stands ('' for none), or undefined
   * before the replica was first read: what a decision's guard compares.
   */
  apiKeyJsonNow(key: string): string | undefined;
};

export function createRedisDataStore(
  connection: RedisConnection,
  prefix: string,
  options: RedisDataStoreOptions = { dataWhenEmpty: async () => undefined },
): RedisDataStore {
  const keys = dataKeys(prefix);
  const allKeys = keyList(keys);
  const channel = changeChannel(prefix);
  const { feed } = options;
  let replica: Replica | undefined;
  const view = createDataSetReader(() => {
    if (!replica) throw new Error('The Redis data store read before its first catch-up.');
    return replica.data;
  });
  const keyOf = createKeyIndex();
  const lock = createSerialLock();
  // A version (and generation) Redis was seen to hold that the replica may lack: the next read asks.
  let wanted: { version: number; generation: string } | undefined;
  // The feed's epoch when the replica was last brought up to date by asking; 0: never, or not since a doubt.
  let askedInEpoch = 0;

  const catchUp = async (): Promise<Replica> => {
    const epoch = feed?.epoch() ?? 0;
    const asked = wanted;
    const [version, generation] = await connection.run((client) =>
      Promise.all([client.get(keys.version), client.hget(keys.meta, 'generation')]),
    );
    const known = replica;
    if (generation === null) {
      // Gone: Redis restarted empty (filled again), or the scope was dropped while a request ran.
      const data = await options.dataWhenEmpty();
      if (!data) throw new StateUnavailableError(connection.where, options.goneReason ?? `no data under "${prefix}"`);
      if (await writeDataSet(connection, prefix, data, true, options.scope)) options.onFilled?.();
      return settled(await connection.run((client) => loadReplica(client, keys)), epoch, asked);
    }
    const target = Number(version ?? 0);
    // Another generation, or Redis behind this copy (it came back from an older snapshot): reload.
    if (!known || generation !== known.generation || target < known.version) {
      return settled(await connection.run((client) => loadReplica(client, keys)), epoch, asked);
    }
    if (target === known.version) return settled(known, epoch, asked);
    const entries = await connection.run((client) => client.zrangebyscore(keys.log, `(${known.version}`, target));
    const changes = entries.map((entry) => JSON.parse(entry) as LogEntry);
    // Further behind than the log reaches: read everything afresh.
    if (changes[0]?.v !== known.version + 1) {
      return settled(await connection.run((client) => loadReplica(client, keys)), epoch, asked);
    }
    for (const entry of changes) {
      if (replica !== known || entry.v !== known.version + 1) break;
      applyChangeSet(known.data, entry.c);
      known.version = entry.v;
    }
    return settled(replica ?? known, epoch, asked);
  };

  /** The replica as Redis held it after `epoch` began: what the feed says from then on is all there is. */
  function settled(next: Replica, epoch: number, asked: typeof wanted): Replica {
    replica = next;
    askedInEpoch = epoch;
    if (wanted === asked) wanted = undefined;
    return next;
  }

  const askRedis = sharedNextRun(catchUp);
  const isCurrent = (known: Replica | undefined): known is Replica =>
    known !== undefined &&
    listening &&
    askedInEpoch !== 0 &&
    feed?.epoch() === askedInEpoch &&
    (wanted === undefined || (wanted.generation === known.generation && wanted.version <= known.version));
  const upToDate = (): Promise<Replica> => (isCurrent(replica) ? Promise.resolve(replica) : askRedis());

  const noteVersion = (version: number, generation: string) => {
    const known = replica;
    if (known && generation === known.generation && version <= known.version) return;
    if (wanted && wanted.generation === generation && wanted.version >= version) return;
    wanted = { version, generation };
  };

  const onMessage = (message: ChangeMessage) => {
    if (message.k === 'drop') {
      askedInEpoch = 0;
      return;
    }
    if (message.k !== 'data' || (message.o !== undefined && ownCommits.has(message.o))) return;
    const known = replica;
    if (known && message.g === known.generation && message.v === known.version + 1 && message.c) {
      applyChangeSet(known.data, message.c as ChangeSet);
      known.version = message.v;
      return;
    }
    noteVersion(message.v, message.g);
  };
  const stopListening = feed?.listen(prefix, onMessage);
  let listening = stopListening !== undefined;

  // The tokens of this process's commits under way: the feed's news of one is left to its answer.
  const ownCommits = new Set<string>();
  const processToken = randomUUID();
  let commitCount = 0;

  const commit = async (group: CommitGroup): Promise<boolean> => {
    const { replica: base, baseVersion, changes } = group;
    commitCount += 1;
    const token = `${processToken}:${commitCount}`;
    const args: string[] = [
      String(baseVersion),
      base.generation,
      JSON.stringify(changes),
      changes.nextId ? String(changes.nextId.pet) : '',
      changes.nextId ? String(changes.nextId.category) : '',
      changes.nextId ? String(changes.nextId.order) : '',
      channel,
      token,
    ];
    CHANGE_SET_LISTS.forEach((list, index) => {
      for (const [key, record] of changes[list]) {
        args.push(String(index + 1), String(key), record === null ? '' : JSON.stringify(record));
      }
    });
    ownCommits.add(token);
    let answer: [number, string, string?];
    try {
      answer = (await connection.run(() => commitScript(connection, allKeys, args))) as [number, string, string?];
    } catch (error) {
      // Stored or not, nobody can say: the next read asks Redis.
      askedInEpoch = 0;
      throw error;
    } finally {
      ownCommits.delete(token);
    }
    const [applied, version] = answer;
    if (applied !== 1) {
      // Another change landed first: the next attempt starts from it, told or not.
      noteVersion(Number(version), answer[2] ?? '');
      return false;
    }
    // The group's data is what Redis now holds, unless the replica was read afresh meanwhile.
    if (replica === base && base.version === baseVersion && base.data === group.parent) {
      base.data = group.data;
      base.version = Number(version);
    } else {
      // Its news was left to this answer: a replica that lacks it asks Redis before the next read.
      noteVersion(Number(version), base.generation);
    }
    return true;
  };

  const groups = createCommitGroups({
    upToDate,
    current: () => replica,
    commit,
    where: connection.where,
    maxAttempts: MAX_ATTEMPTS,
  });

  return {
    async read(work) {
      await upToDate();
      return work(view);
    },

    transaction: (work) => groups.run(work),

    async replaceAll(data) {
      await groups.idle();
      const release = await lock.acquire();
      try {
        const epoch = feed?.epoch() ?? 0;
        // A version told of from here on may be newer than the load: it stays wanted.
        const asked = wanted;
        await writeDataSet(connection, prefix, data, false, options.scope);
        // Replaced in one step: readers catching up meanwhile keep a whole copy, old or new.
        settled(await connection.run((client) => loadReplica(client, keys)), epoch, asked);
      } finally {
        release();
      }
    },

    noteVersion: (version, generation) => noteVersion(Number(version), generation),
    async catchUp() {
      await askRedis();
    },
    apiKeyJsonNow(key) {
      if (!replica) return undefined;
      const record = keyOf(replica.data.apiKeys, key);
      return record ? JSON.stringify(record) : '';
    },

    stopListening() {
      stopListening?.();
      listening = false;
    },

    async close() {
      await groups.idle();
      await lock.idle();
    },
  };
}

// The DataStore over Redis, shared by any number of mock processes. Redis holds the data; each
// process keeps a copy in memory (a replica). Transactions run one at a time as in the lowdb
// store, and are committed in groups (commit-groups.ts): one script per group applies its change
// set only if no other change landed since the version it was built on (optimistic locking), and
// publishes it on the change feed; otherwise the group runs again on fresh data. Every process applies the change sets it is told of to
// its replica, and reads it without asking Redis while the feed is up and nothing is missing;
// otherwise (no feed, a message lost, a version it was told of and lacks) it catches up first
// from the log of numbered change sets Redis keeps. Handlers and rules are untouched.
// How the data lies in Redis: redis-data-layout.ts.
import { randomUUID } from 'node:crypto';
import { applyChangeSet, type ChangeSet } from '../store/change-set.js';
import type { ApiKeyRecord, DataSet, KeyFields } from '../store/data-set.js';
import { createDataSetReader, createKeyIndex } from '../store/data-set-reader.js';
import type { DataStore } from '../store/data-store.js';
import { createSerialLock } from '../store/serial-lock.js';
import { StateUnavailableError } from '../store/state-unavailable.js';
import type { ChangeFeed, ChangeMessage } from './change-feed.js';
import { type CommitGroup, createCommitGroups } from './commit-groups.js';
import type { LiveScope } from './live-scope.js';
import { sharedNextRun } from './next-run.js';
import type { RedisConnection } from './redis-connection.js';
import { commitChangeSet, dataKeys, loadReplica, type Replica, writeDataSet } from './redis-data-layout.js';

export { dataKeys, PRODUCT_MARK, writeDataSet } from './redis-data-layout.js';

/** Conflicting commits retried before giving up: each retry follows another process's commit. */
const MAX_ATTEMPTS = 100;

type LogEntry = { v: number; c: ChangeSet };

export type RedisDataStoreOptions = {
  /** The field that keys each collection's records (from the contract). */
  keyFieldOf: KeyFields;
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
  options: RedisDataStoreOptions,
): RedisDataStore {
  const keys = dataKeys(prefix);
  const { feed } = options;
  let replica: Replica | undefined;
  const view = createDataSetReader(() => {
    if (!replica) throw new Error('The Redis data store read before its first catch-up.');
    return replica.data;
  });
  const keyOf = createKeyIndex();
  const keyJson = new WeakMap<ApiKeyRecord, string>();
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
      if (await writeDataSet(connection, prefix, data, options.keyFieldOf, true, options.scope)) options.onFilled?.();
      return settled(await connection.run((client) => loadReplica(client, prefix)), epoch, asked);
    }
    const target = Number(version ?? 0);
    // Another generation, or Redis behind this copy (it came back from an older snapshot): reload.
    if (!known || generation !== known.generation || target < known.version) {
      return settled(await connection.run((client) => loadReplica(client, prefix)), epoch, asked);
    }
    if (target === known.version) return settled(known, epoch, asked);
    const entries = await connection.run((client) => client.zrangebyscore(keys.log, `(${known.version}`, target));
    const changes = entries.map((entry) => JSON.parse(entry) as LogEntry);
    // Further behind than the log reaches: read everything afresh.
    if (changes[0]?.v !== known.version + 1) {
      return settled(await connection.run((client) => loadReplica(client, prefix)), epoch, asked);
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
    if (message.k !== 'data') return;
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

  // The feed's news of a commit of this process is left to its answer (ignoreOwn).
  const processToken = randomUUID();
  let commitCount = 0;

  const commit = async (group: CommitGroup): Promise<boolean> => {
    const { replica: base, baseVersion, changes } = group;
    commitCount += 1;
    const token = `${processToken}:${commitCount}`;
    const unmark = feed?.ignoreOwn(token);
    let answer: [number, string, string?];
    try {
      answer = await commitChangeSet(
        connection,
        prefix,
        { version: baseVersion, generation: base.generation },
        changes,
        token,
      );
    } catch (error) {
      // Stored or not, nobody can say: the next read asks Redis.
      askedInEpoch = 0;
      throw error;
    }
    const [applied, version] = answer;
    if (applied !== 1) {
      // Refused, so nothing was published under its token.
      unmark?.();
      // Another change landed first: the next attempt starts from it, told or not.
      noteVersion(Number(version), answer[2] ?? '');
      return false;
    }
    // The group's changes are what Redis now holds, unless the replica was read afresh meanwhile.
    if (replica === base && base.version === baseVersion) {
      group.land(base.data);
      base.version = Number(version);
    } else {
      // The replica already holds it (told by the feed first): the group reads through, or a
      // group built on the one built on it would read its changes over newer ones.
      if (replica === base && base.version >= Number(version)) group.landed();
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
        await writeDataSet(connection, prefix, data, options.keyFieldOf, false, options.scope);
        // Replaced in one step: readers catching up meanwhile keep a whole copy, old or new.
        settled(await connection.run((client) => loadReplica(client, prefix)), epoch, asked);
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
      if (!record) return '';
      // Asked at every decision; a record is replaced, never edited, so its JSON is written once.
      let json = keyJson.get(record);
      if (json === undefined) {
        json = JSON.stringify(record);
        keyJson.set(record, json);
      }
      return json;
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

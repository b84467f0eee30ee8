// A commit of this process whose message reaches the replica before its answer (its mark on the
// feed gone, as after many marks): the replica holds the group's changes from the feed, and the
// group must then read through, or a group built two steps later reads its old values and
// numbers a record with an id already given. The order is made, not waited for: the commit's
// answer is held until its message, caught on a real subscriber, has been handed to the replica.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Redis } from 'ioredis';
import { type RedisServer, startRedisServer } from '../../test/support/redis-server.js';
import { generateDataSet } from '../fixtures/generate-data-set.js';
import { keyFieldsOf, type StoredRecord } from '../store/data-set.js';
import { PETS } from '../store/test-support/format-collections.js';
import { type ChangeFeed, type ChangeListener, type ChangeMessage, changeChannel } from './change-feed.js';
import { connectRedis, type RedisConnection } from './redis-connection.js';
import { createRedisDataStore, writeDataSet } from './redis-data-store.js';

const PREFIX = 'heard-first:';
const keyFieldOf = keyFieldsOf([]);

let server: RedisServer;
let connection: RedisConnection;
let subscriber: Redis;
const published: ChangeMessage[] = [];
let onPublished: () => void = () => undefined;

beforeAll(async () => {
  server = await startRedisServer();
  connection = await connectRedis(server.url);
  subscriber = connection.client.duplicate({ lazyConnect: true });
  await subscriber.connect();
  await subscriber.subscribe(changeChannel(PREFIX));
  subscriber.on('message', (_channel: string, text: string) => {
    published.push(JSON.parse(text) as ChangeMessage);
    onPublished();
  });
  await writeDataSet(connection, PREFIX, generateDataSet({ seed: 5, pets: 10, orders: 2 }), keyFieldOf, true);
});

afterAll(async () => {
  subscriber.disconnect();
  await connection.close();
  await server.remove();
});

/** The next data message published with version `version`. */
async function messageOf(version: number): Promise<ChangeMessage> {
  for (;;) {
    const found = published.find((message) => message.k === 'data' && message.v === version);
    if (found) return found;
    await new Promise<void>((resolve) => {
      onPublished = resolve;
    });
  }
}

describe("a commit's message heard before its answer", () => {
  it('leaves the group reading through: later groups read the newest values and number new records anew', async () => {
    let listener: ChangeListener = () => undefined;
    // A feed that delivers what the test hands it, and keeps no mark (every commit's message is heard).
    const feed: ChangeFeed = {
      listen: (_prefix, heard) => {
        listener = heard;
        return () => undefined;
      },
      epoch: () => 1,
      ignoreOwn: () => () => undefined,
      close: async () => undefined,
    };
    // Commits go through run: the first one's answer waits until its message has reached the replica.
    let holdNext = false;
    let firstSent: () => void = () => undefined;
    const sentFirst = new Promise<void>((resolve) => {
      firstSent = resolve;
    });
    const run = connection.run.bind(connection);
    const held: RedisConnection = {
      ...connection,
      client: connection.client,
      where: connection.where,
      close: () => connection.close(),
      async run(command) {
        if (!holdNext) return run(command);
        holdNext = false;
        firstSent();
        const answer = await run(command);
        const [, version] = answer as unknown as [number, string];
        listener(await messageOf(Number(version)));
        return answer;
      },
    };
    const store = createRedisDataStore(held, PREFIX, { keyFieldOf, dataWhenEmpty: async () => undefined, feed });
    const first = (await store.read((view) => view.get(PETS, 1))) as StoredRecord;

    holdNext = true;
    const a = store.transaction(async (tx) => {
      await tx.replace(PETS, { ...first, name: 'A' });
      return tx.insert(PETS, { name: 'made by A', categoryId: 1 });
    });
    await sentFirst;
    // Built on A while A is on its way.
    const b = store.transaction(async (tx) => {
      await tx.replace(PETS, { ...first, name: 'B' });
      return tx.insert(PETS, { name: 'made by B', categoryId: 1 });
    });
    await a;
    // Opened while B is on its way; it reads once B is stored.
    const c = store.transaction(async (tx) => {
      const madeByB = await b;
      const seen = await tx.get(PETS, 1);
      const made = await tx.insert(PETS, { name: 'made by C', categoryId: 1 });
      return { madeByB, seen, made };
    });
    const { madeByB, seen, made } = await c;

    expect(seen?.name).toBe('B');
    expect(made.id).not.toBe(madeByB.id);
    // Redis holds the three new pets, each under its own id.
    const names = Object.values(await connection.client.hgetall(`${PREFIX}data:pets`)).map(
      (json) => (JSON.parse(json) as StoredRecord).name,
    );
    expect(names).toEqual(expect.arrayContaining(['B', 'made by A', 'made by B', 'made by C']));
    await store.close();
  });
});

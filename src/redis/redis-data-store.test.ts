import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { type RedisServer, startRedisServer } from '../../test/support/redis-server.js';
import { generateDataSet } from '../fixtures/generate-data-set.js';
import { keyFieldsOf, type RecordKey } from '../store/data-set.js';
import type { DataStore, DataTransaction } from '../store/data-store.js';
import { StateUnavailableError } from '../store/state-unavailable.js';
import { INVENTORY, PETS } from '../store/test-support/format-collections.js';
import { connectRedis, type RedisConnection } from './redis-connection.js';
import { createRedisDataStore, writeDataSet } from './redis-data-store.js';

const keyFieldOf = keyFieldsOf([]);

const fixtures = generateDataSet({ seed: 5, pets: 20, orders: 4 });
const ALL = { offset: 0, limit: 100 };

let redis: RedisServer;
const connections: RedisConnection[] = [];
let prefixCount = 0;

beforeAll(async () => {
  redis = await startRedisServer();
});
afterEach(async () => {
  await Promise.all(connections.splice(0).map((connection) => connection.close()));
});
afterAll(async () => {
  await redis.remove();
});

/** Two stores on two connections over one fresh prefix: two mock processes on one Redis. */
async function twoProcesses(): Promise<[DataStore, DataStore]> {
  prefixCount += 1;
  const prefix = `test${prefixCount}:`;
  const [one, two] = [await connectRedis(redis.url), await connectRedis(redis.url)];
  connections.push(one, two);
  expect(await writeDataSet(one, prefix, fixtures, keyFieldOf, true)).toBe(true);
  return [
    createRedisDataStore(one, prefix, { keyFieldOf, dataWhenEmpty: async () => undefined }),
    createRedisDataStore(two, prefix, { keyFieldOf, dataWhenEmpty: async () => undefined }),
  ];
}

const addPet = (data: DataStore, name: string) =>
  data.transaction(async (tx) => {
    const pet = await tx.insert(PETS, { name, categoryId: 1, status: 'available' });
    await tx.insert(INVENTORY, { petId: pet.id, quantity: 1, status: 'available' });
    return pet;
  });

/** Takes one unit of pet 1's stock if there is one left (the rule an order follows). */
async function takeOneUnit(tx: DataTransaction): Promise<boolean> {
  const item = await tx.get(INVENTORY, 1);
  if (!item || Number(item.quantity) < 1) return false;
  await tx.replace(INVENTORY, { ...item, quantity: Number(item.quantity) - 1 });
  return true;
}

describe('the Redis DataStore, shared by two processes', () => {
  it('reads in one what the other wrote, in the order of the fixtures', async () => {
    const [one, two] = await twoProcesses();
    expect(await two.read((view) => view.list(PETS, ALL))).toEqual({ items: fixtures.pets, total: 20 });
    expect(await two.read((view) => view.listApiKeys())).toEqual(fixtures.apiKeys);

    const pet = await addPet(one, 'Made in one');
    await one.transaction((tx) => tx.putApiKey({ key: 'late-key', plan: 'pro' }));
    expect(await two.read((view) => view.get(PETS, pet.id as RecordKey))).toEqual(pet);
    expect((await two.read((view) => view.listApiKeys())).at(-1)).toEqual({ key: 'late-key', plan: 'pro' });

    await two.transaction((tx) => tx.remove(PETS, pet.id as RecordKey));
    expect(await one.read((view) => view.get(PETS, pet.id as RecordKey))).toBeUndefined();
  });

  it('writes and reads a data set of 100,000 pets: no step depends on the stack', async () => {
    const many = 100_000;
    const pets = Array.from({ length: many / 20 }, (_, round) =>
      fixtures.pets.map((pet, index) => ({ ...pet, id: round * 20 + index + 1 })),
    ).flat();
    const big = { ...fixtures, pets, nextId: { ...fixtures.nextId, pet: many + 1 } };
    prefixCount += 1;
    const prefix = `test${prefixCount}:`;
    const connection = await connectRedis(redis.url);
    connections.push(connection);
    expect(await writeDataSet(connection, prefix, big, keyFieldOf, true)).toBe(true);
    const store = createRedisDataStore(connection, prefix, { keyFieldOf, dataWhenEmpty: async () => undefined });
    const lastPage = await store.read((view) => view.list(PETS, { offset: many - 2, limit: 5 }));
    expect(lastPage).toEqual({ items: pets.slice(-2), total: many });
  });

  it('gives unique ids to pets made at once through both', async () => {
    const [one, two] = await twoProcesses();
    const made = await Promise.all(
      Array.from({ length: 60 }, (_, index) => addPet(index % 2 === 0 ? one : two, `Pet ${index}`)),
    );
    const ids = made.map((pet) => pet.id);
    expect(new Set(ids).size).toBe(60);
    const listed = await one.read((view) => view.list(PETS, { offset: 0, limit: 100 }));
    expect(listed.total).toBe(80);
    expect(await two.read((view) => view.list(PETS, ALL))).toEqual(listed);
  });

  it('keeps a rule across processes: 30 concurrent takes of a stock of 7 succeed 7 times', async () => {
    const [one, two] = await twoProcesses();
    await one.transaction(async (tx) => {
      const item = await tx.get(INVENTORY, 1);
      if (item) await tx.replace(INVENTORY, { ...item, quantity: 7 });
    });
    const taken = await Promise.all(
      Array.from({ length: 30 }, (_, index) => (index % 2 === 0 ? one : two).transaction(takeOneUnit)),
    );
    expect(taken.filter(Boolean)).toHaveLength(7);
    expect((await two.read((view) => view.get(INVENTORY, 1)))?.quantity).toBe(0);
  });

  it('commits the transactions that come together in groups, each answered with what Redis then holds', async () => {
    const [one, two] = await twoProcesses();
    const commits = async () => Number((await connections[0]?.client.get(`test${prefixCount}:data:version`)) ?? 0);
    const before = await commits();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, (_, index) =>
        index % 10 === 9
          ? one.transaction(async (tx) => {
              await tx.insert(PETS, { name: `Thrown ${index}`, categoryId: 1, status: 'available' });
              throw new Error(`rule ${index} broken`);
            })
          : addPet(one, `Grouped ${index}`),
      ),
    );
    // Fewer scripts than transactions: those of a turn, and those that came during a commit, go together.
    expect((await commits()) - before).toBeLessThan(10);
    const made = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    const thrown = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason)] : []));
    expect(made).toHaveLength(36);
    expect(thrown).toEqual([9, 19, 29, 39].map((index) => `Error: rule ${index} broken`));
    // Each answer is stored, read the same through the other process; nothing of a throw is.
    for (const pet of made) expect(await two.read((view) => view.get(PETS, pet.id as RecordKey))).toEqual(pet);
    expect((await two.read((view) => view.list(PETS, ALL))).total).toBe(20 + 36);
    expect(new Set(made.map((pet) => pet.id)).size).toBe(36);
  });

  it('runs a group again when another process committed first, and keeps a rule across both', async () => {
    const [one, two] = await twoProcesses();
    await one.transaction(async (tx) => {
      const item = await tx.get(INVENTORY, 1);
      if (item) await tx.replace(INVENTORY, { ...item, quantity: 25 });
    });
    // Both processes group their takes; each group that loses runs again on the other's.
    const taken = await Promise.all(
      Array.from({ length: 60 }, (_, index) => (index < 30 ? one : two).transaction(takeOneUnit)),
    );
    expect(taken.filter(Boolean)).toHaveLength(25);
    expect((await one.read((view) => view.get(INVENTORY, 1)))?.quantity).toBe(0);
    expect((await two.read((view) => view.get(INVENTORY, 1)))?.quantity).toBe(0);
  });

  it('stores nothing of a transaction that throws', async () => {
    const [one, two] = await twoProcesses();
    await expect(
      one.transaction(async (tx) => {
        await tx.insert(PETS, { name: 'Never', categoryId: 1, status: 'available' });
        throw new Error('rule broken');
      }),
    ).rejects.toThrow('rule broken');
    expect((await two.read((view) => view.list(PETS, ALL, (pet) => pet.name === 'Never'))).total).toBe(0);
    expect((await addPet(two, 'Next')).id).toBe(fixtures.nextId.pet);
  });

  it('brings every process back to the fixtures on a reset through one', async () => {
    const [one, two] = await twoProcesses();
    await addPet(two, 'Gone after reset');
    await one.replaceAll(fixtures);
    expect(await two.read((view) => view.list(PETS, ALL))).toEqual({ items: fixtures.pets, total: 20 });
  });

  it('never writes over data that is there when only asked to fill an empty prefix', async () => {
    const [one] = await twoProcesses();
    await addPet(one, 'Kept');
    const connection = connections[0] as RedisConnection;
    expect(await writeDataSet(connection, `test${prefixCount}:`, fixtures, keyFieldOf, true)).toBe(false);
    expect((await one.read((view) => view.list(PETS, ALL, (pet) => pet.name === 'Kept'))).total).toBe(1);
  });

  it('reloads when Redis comes back behind its copy (an older snapshot), and writes again', async () => {
    const [one, two] = await twoProcesses();
    const connection = connections[0] as RedisConnection;
    const prefix = `test${prefixCount}:`;
    const version = await connection.client.get(`${prefix}data:version`);
    const made = [await addPet(one, 'Lost 1'), await addPet(one, 'Lost 2')];
    // What a restart from a snapshot taken before those two creates would hold.
    await connection.client
      .multi()
      .set(`${prefix}data:version`, version ?? '0')
      .zremrangebyscore(`${prefix}data:log`, `(${version}`, '+inf')
      .call('hdel', [`${prefix}data:pets`, ...made.map((pet) => String(pet.id))])
      .call('hdel', [`${prefix}data:inventory`, ...made.map((pet) => String(pet.id))])
      .hset(`${prefix}data:nextId`, 'pet', String(fixtures.nextId.pet))
      .exec();
    const after = await addPet(one, 'After the restore');
    expect(after.id).toBe(fixtures.nextId.pet);
    expect(await one.read((view) => view.get(PETS, (made[1]?.id ?? 0) as RecordKey))).toBeUndefined();
    expect(await two.read((view) => view.get(PETS, after.id as RecordKey))).toEqual(after);
  });

  it('never fails a read that runs while a reset replaces the data', async () => {
    const [one, two] = await twoProcesses();
    const reads = Array.from({ length: 200 }, () =>
      one.read((view) => view.list(PETS, ALL)).then((page) => page.total),
    );
    const resets = Array.from({ length: 5 }, () => one.replaceAll(fixtures));
    const totals = await Promise.all([...reads, ...resets.map(() => 20)]);
    await Promise.all(resets);
    expect(totals.every((total) => total === 20)).toBe(true);
    expect((await two.read((view) => view.list(PETS, ALL))).total).toBe(20);
  });

  it('fails with StateUnavailableError while Redis is gone, and serves again once it is back', async () => {
    const [one] = await twoProcesses();
    await redis.stop({ abruptly: true });
    try {
      await expect(one.read((view) => view.get(PETS, 1))).rejects.toBeInstanceOf(StateUnavailableError);
      await expect(addPet(one, 'Lost')).rejects.toBeInstanceOf(StateUnavailableError);
    } finally {
      await redis.start();
    }
    // Redis came back empty (it saves nothing here): the store fills again from a fresh write.
    const connection = connections[0] as RedisConnection;
    await waitFor(async () => (await connection.client.ping()) === 'PONG');
    expect(await writeDataSet(connection, `test${prefixCount}:`, fixtures, keyFieldOf, true)).toBe(true);
    expect((await one.read((view) => view.get(PETS, 1)))?.name).toBe(fixtures.pets[0]?.name);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error('waitFor: the condition did not hold in time.');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// The validation proxy without --simulate-limits counts and records every key a client sends,
// and any string is a key: past its bound it forgets the key least recently seen, in memory and
// in Redis, so that a client inventing keys cannot grow it without end.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { keySubject } from '../../src/limits/limit-state.js';
import { createMockServer, type MockServer } from '../../src/server/server.js';
import { type StartedProxy, startProxy } from '../support/proxy.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';

const BOUND = 50;
const FLOOD = 200;
/** A client that keeps sending while the flood goes by: never the least recently seen. */
const REGULAR = 'demo-pro';

let upstream: MockServer;

beforeAll(async () => {
  upstream = await createMockServer({ data: ':memory:', logRequests: false });
});
afterAll(async () => {
  await upstream.close();
});

/** FLOOD requests, one at a time, each with a key never sent before, and the regular key's every tenth. */
async function flood(proxy: MockServer): Promise<string[]> {
  const keys = Array.from({ length: FLOOD }, (_, index) => `made-up-${index}`);
  for (const [index, key] of keys.entries()) {
    const sent = index % 10 === 0 ? REGULAR : key;
    const res = await fetch(`${proxy.url}/categories`, { headers: { 'X-API-Key': sent } });
    await res.arrayBuffer();
  }
  return keys.filter((_, index) => index % 10 !== 0);
}

/** Which keys the proxy's state holds counters for, and which it holds a record for. */
async function keptBy(proxy: MockServer, keys: string[]): Promise<{ counted: string[]; recorded: string[] }> {
  const counted: string[] = [];
  const recorded: string[] = [];
  for (const key of keys) {
    if ((await proxy.limitState.counters(keySubject(key))) !== undefined) counted.push(key);
    if ((await proxy.limitState.requests(key)).length > 0) recorded.push(key);
  }
  return { counted, recorded };
}

describe('a proxy in memory', () => {
  let proxy: StartedProxy;
  beforeAll(async () => {
    proxy = await startProxy(upstream.url, { maxSubjects: BOUND });
  });
  afterAll(async () => {
    await proxy.proxy.close();
  });

  it(`keeps the counts and records of its ${BOUND} keys seen last, however many keys it is sent`, async () => {
    const made = await flood(proxy.proxy);
    const kept = await keptBy(proxy.proxy, [REGULAR, ...made]);
    const lastSeen = [REGULAR, ...made.slice(-(BOUND - 1))];
    expect(kept).toEqual({ counted: lastSeen, recorded: lastSeen });
    expect((await proxy.proxy.limitState.requests(REGULAR)).length).toBe(FLOOD / 10);
  });
});

describe('a proxy on Redis', () => {
  let redis: RedisServer;
  let client: Redis;
  let proxy: StartedProxy;
  const prefix = 'bounded:';
  beforeAll(async () => {
    redis = await startRedisServer();
    client = new Redis(redis.url);
    proxy = await startProxy(upstream.url, { redis: redis.url, redisPrefix: prefix, maxSubjects: BOUND });
  });
  afterAll(async () => {
    await proxy.proxy.close();
    client.disconnect();
    await redis.remove();
  });

  it(`keeps the counters, record lists and index entries of its ${BOUND} keys seen last`, async () => {
    const made = await flood(proxy.proxy);
    const lastSeen = [REGULAR, ...made.slice(-(BOUND - 1))];
    // Read through the proxy: it waits for the records still being written.
    expect(await keptBy(proxy.proxy, [REGULAR, ...made])).toEqual({ counted: lastSeen, recorded: lastSeen });

    const sorted = (values: string[]) => [...values].sort();
    expect(sorted(await client.hkeys(`${prefix}limits:counters`))).toEqual(sorted(lastSeen.map(keySubject)));
    expect(sorted(await client.smembers(`${prefix}limits:record-keys`))).toEqual(sorted(lastSeen));
    expect(sorted(await client.hkeys(`${prefix}limits:record-index`))).toEqual(sorted(lastSeen));
    const recordLists = await client.keys(`${prefix}limits:record:*`);
    expect(sorted(recordLists)).toEqual(sorted(lastSeen.map((key) => `${prefix}limits:record:${key}`)));
  });
});

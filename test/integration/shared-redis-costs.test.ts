// What a mock on Redis asks of Redis, watched with MONITOR and SLOWLOG on a real redis-server:
// nothing but the limiter's decision (and the request record, sent after the answer) for a read
// when nothing changed; and a scope dropped on a Redis full of other users' keys holds Redis for
// no time that grows with them (no SCAN, no KEYS: its own keys, by name).
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { startTestMock, type TestMock } from '../support/mock.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';

let redis: RedisServer;
let client: Redis;
let prefixCount = 0;
const running: TestMock[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
  client = new Redis(redis.url);
});
afterEach(async () => {
  for (const mock of running.splice(0)) {
    await mock.server.close();
    expect(mock.contractBugs()).toEqual([]);
  }
});
afterAll(async () => {
  client.disconnect();
  await redis.remove();
});

async function mockOnRedis(): Promise<{ mock: TestMock; prefix: string }> {
  prefixCount += 1;
  const prefix = `costs${prefixCount}:`;
  const mock = await startTestMock({ data: ':memory:', redis: redis.url, redisPrefix: prefix });
  running.push(mock);
  return { mock, prefix };
}

type Sent = { command: string; firstKey: string };

/** The commands clients send to Redis while `work` runs (not those a script runs inside Redis). */
async function commandsSentDuring(work: () => Promise<void>): Promise<Sent[]> {
  const monitor = await client.monitor();
  const sent: Sent[] = [];
  monitor.on('monitor', (_time: string, args: string[], source: string) => {
    if (source !== 'lua') sent.push({ command: (args[0] ?? '').toLowerCase(), firstKey: args[2] ?? '' });
  });
  // MONITOR shows its own PING once it is in place: nothing of the work is missed.
  await new Promise<void>((resolve) => {
    const pinger = client.duplicate();
    monitor.on('monitor', (_time: string, args: string[]) => {
      if (args[0]?.toLowerCase() === 'ping' && args[1] === 'monitor-ready') {
        pinger.disconnect();
        resolve();
      }
    });
    void pinger.ping('monitor-ready');
  });
  sent.length = 0;
  await work();
  // The request record goes to Redis just after the answer: wait until nothing more comes.
  let seen = -1;
  for (let polls = 0; polls < 50 && seen !== sent.length; polls += 1) {
    seen = sent.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  monitor.disconnect();
  return sent;
}

const KEY = { 'X-API-Key': 'demo-enterprise' };
const READS = 20;

describe('a mock on Redis, as Redis sees it', () => {
  it('sends nothing but scripts for reads when nothing changed: no check of versions, settings or data', async () => {
    const { mock } = await mockOnRedis();
    // The first requests fill the copies; then nothing changes.
    for (const path of ['/v1/pets/by-id/1', '/v1/pets?limit=20']) {
      expect((await mock.http.get(path).set(KEY)).status).toBe(200);
    }
    const sent = await commandsSentDuring(async () => {
      for (let read = 0; read < READS; read += 1) {
        expect((await mock.http.get('/v1/pets/by-id/1').set(KEY)).status).toBe(200);
        expect((await mock.http.get('/v1/pets?limit=20').set(KEY)).status).toBe(200);
      }
    });
    // Per request: the limiter's decision, and the request record (one script per batch).
    expect([...new Set(sent.map(({ command }) => command))]).toEqual(['evalsha']);
    expect(sent.length).toBeGreaterThanOrEqual(2 * READS + 1);
    expect(sent.length).toBeLessThanOrEqual(2 * READS * 2);
  });

  it('sends one commit script more for a write, and reads nothing back', async () => {
    const { mock } = await mockOnRedis();
    // The first write also sends the commit script itself to Redis (EVAL, then EVALSHA).
    expect((await mock.http.put('/v1/store/inventory/3').set(KEY).send({ quantity: 1 })).status).toBe(200);
    const sent = await commandsSentDuring(async () => {
      for (let write = 0; write < READS; write += 1) {
        expect((await mock.http.put('/v1/store/inventory/3').set(KEY).send({ quantity: write })).status).toBe(200);
      }
    });
    expect([...new Set(sent.map(({ command }) => command))]).toEqual(['evalsha']);
    // Per write: the limiter's decision, the commit, and the request record.
    expect(sent.length).toBe(3 * READS);
  });

  it('drops a scope beside 100,000 keys of other users with work that grows with its own keys only, and touches none of them', async () => {
    const { mock, prefix } = await mockOnRedis();
    // Other users of the same Redis: 100,000 keys, some of them under names like the mock's own.
    await client.eval(
      "for i = 1, 100000 do redis.call('SET', ARGV[1] .. i, 'theirs') end return 1",
      0,
      'someone-else:scope:busy:',
    );
    const scope = { 'X-Mock-Scope': 'busy' };
    for (let request = 0; request < 30; request += 1) {
      const made = await mock.http
        .post('/v1/pets')
        .set({ 'X-API-Key': `demo-${['free', 'pro', 'business', 'enterprise'][request % 4]}` })
        .set(scope)
        .send({ name: `Busy ${request}`, categoryId: 1 });
      expect(made.status).toBe(201);
    }
    const scopeKeys = await client.keys(`${prefix}scope:busy:*`);
    expect(scopeKeys.length).toBeGreaterThan(5);

    await client.config('SET', 'slowlog-log-slower-than', '0');
    await client.config('SET', 'slowlog-max-len', '10000');
    await client.slowlog('RESET');
    const sent = await commandsSentDuring(async () => {
      expect((await mock.http.delete('/__mock/scopes/busy')).status).toBe(204);
    });
    const entries = (await client.slowlog('GET', 10_000)) as Array<[number, number, number, string[]]>;
    await client.config('SET', 'slowlog-log-slower-than', '10000');

    // Every command Redis ran meanwhile: a few, each naming at most the scope's own keys, none
    // walking the keyspace. Their time is held to a baseline read in the same Redis just after
    // (one walk of the 100,000 others), since a busy machine stretches both alike.
    const longest = entries.reduce((most, [, , micros]) => Math.max(most, micros), 0);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.length).toBeLessThan(scopeKeys.length + 20);
    for (const [, , , args] of entries) expect(args.length).toBeLessThanOrEqual(scopeKeys.length + 8);
    const ran = entries.map(([, , , args]) => (args[0] ?? '').toLowerCase());
    expect(ran.filter((command) => command === 'scan' || command === 'keys')).toEqual([]);
    expect(sent.map(({ command }) => command)).not.toContain('scan');
    // Exactly the scope's keys went; the 100,000 others are all there.
    expect(await client.keys(`${prefix}scope:busy:*`)).toEqual([]);
    await client.config('SET', 'slowlog-log-slower-than', '0');
    await client.slowlog('RESET');
    const othersLeft = await client.eval("return #redis.call('KEYS', ARGV[1])", 0, 'someone-else:*');
    const walk = (await client.slowlog('GET', 10)) as Array<[number, number, number, string[]]>;
    await client.config('SET', 'slowlog-log-slower-than', '10000');
    expect(othersLeft).toBe(100_000);
    const walkMicros = walk.reduce((most, [, , micros]) => Math.max(most, micros), 0);
    // A drop that walked the keyspace would take about as long as the walk; it takes a sliver of it.
    expect(longest).toBeLessThan(walkMicros / 4);
    console.log(
      `A scope of ${scopeKeys.length} keys dropped beside 100,000 others: ${entries.length} commands, ` +
        `the longest held Redis ${longest} µs (one walk of the others: ${walkMicros} µs).`,
    );
  });
});

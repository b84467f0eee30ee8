// `serve --redis` as users run it: real processes on one real Redis. A process killed under load
// loses nothing it acknowledged; everything outlives a restart of every process; a start refuses
// what it must not touch, with a message saying what to do.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { runCli, startCli } from '../support/cli.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';

let redis: RedisServer;
let client: Redis;
let prefixCount = 0;

beforeAll(async () => {
  redis = await startRedisServer();
  client = new Redis(redis.url);
});
afterAll(async () => {
  client.disconnect();
  await redis.remove();
});

const KEY = { 'X-API-Key': 'demo-enterprise', 'Content-Type': 'application/json' };
const nextPrefix = () => {
  prefixCount += 1;
  return `processes${prefixCount}:`;
};
const serveArgs = (prefix: string, ...more: string[]) => [
  'serve',
  '--port',
  '0',
  '--quiet',
  '--redis',
  redis.url,
  '--redis-prefix',
  prefix,
  ...more,
];

async function createPet(apiUrl: string, name: string): Promise<number | undefined> {
  try {
    // Node's fetch can leave a request to a killed server pending for good (its connection closed
    // before the request went out): a bound makes it settle as not acknowledged.
    const res = await fetch(`${apiUrl}/pets`, {
      method: 'POST',
      headers: KEY,
      body: JSON.stringify({ name, categoryId: 1 }),
      signal: AbortSignal.timeout(8_000),
    });
    if (res.status !== 201) return undefined;
    return ((await res.json()) as { id: number }).id;
  } catch {
    return undefined; // the process was killed under it: not acknowledged
  }
}

describe('serve --redis, process by process', () => {
  it('loses nothing a process acknowledged when it is SIGKILLed under 300 creates, 50 in flight', async () => {
    const prefix = nextPrefix();
    const [one, two] = [await startCli(serveArgs(prefix)), await startCli(serveArgs(prefix))];
    try {
      let acknowledgedByOne = 0;
      // Each process gets 150 creates, 25 in flight at a time: a process groups the writes that
      // wait together into one commit, so firing all 150 at once could see them all answered
      // before the kill. With a bounded stream, the kill lands while creates are in flight.
      const IN_FLIGHT = 25;
      const stream = async (apiUrl: string, first: number, onAcknowledged: () => void) => {
        const ids: (number | undefined)[] = [];
        let next = 0;
        await Promise.all(
          Array.from({ length: IN_FLIGHT }, async () => {
            while (next < 150) {
              const index = next++;
              ids[index] = await createPet(apiUrl, `Load ${first + index}`);
              if (ids[index] !== undefined) onAcknowledged();
            }
          }),
        );
        return ids;
      };
      const creates = [
        stream(one.apiUrl, 0, () => {
          acknowledgedByOne += 1;
        }),
        stream(two.apiUrl, 150, () => {}),
      ];
      // Killed while it is acknowledging its creates: some answered, the rest cut.
      const deadline = Date.now() + 20_000;
      while (acknowledgedByOne < 10 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 2));
      one.child.kill('SIGKILL');
      const acknowledged = (await Promise.all(creates)).flat().filter((id): id is number => id !== undefined);
      expect(acknowledgedByOne).toBeGreaterThanOrEqual(10);
      expect(acknowledgedByOne).toBeLessThan(150); // the kill cut some of its creates
      expect(acknowledged.length).toBe(150 + acknowledgedByOne);
      expect(new Set(acknowledged).size).toBe(acknowledged.length);
      for (const id of acknowledged) {
        const res = await fetch(`${two.apiUrl}/pets/${id}`, { headers: KEY });
        expect(res.status).toBe(200);
      }
    } finally {
      await one.stop('SIGKILL');
      await two.stop();
    }
  }, 60_000);

  it('keeps everything when every process restarts, and --reset rebuilds it', async () => {
    const prefix = nextPrefix();
    const first = await startCli(serveArgs(prefix));
    expect(first.output()).toMatch(/created from the fixtures/);
    const id = await createPet(first.apiUrl, 'Outlives restarts');
    const putKey = await fetch(`${first.apiUrl.replace(/\/v1$/, '')}/__mock/keys/kept-key`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ plan: 'pro' }),
    });
    expect(putKey.status).toBe(200);
    const ban = await fetch(`${first.apiUrl.replace(/\/v1$/, '')}/__mock/keys/demo-pro/ban`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ seconds: 3600 }),
    });
    expect(ban.status).toBe(200);
    expect(await first.stop()).toBe(0);

    const again = await startCli(serveArgs(prefix));
    try {
      expect(again.output()).toMatch(/kept from earlier runs/);
      expect((await fetch(`${again.apiUrl}/pets/${id}`, { headers: KEY })).status).toBe(200);
      expect((await fetch(`${again.apiUrl}/pets`, { headers: { 'X-API-Key': 'kept-key' } })).status).toBe(200);
      expect((await fetch(`${again.apiUrl}/pets`, { headers: { 'X-API-Key': 'demo-pro' } })).status).toBe(403);
    } finally {
      await again.stop();
    }

    const reset = await startCli(serveArgs(prefix, '--reset'));
    try {
      expect(reset.output()).toMatch(/rebuilt from the fixtures/);
      expect((await fetch(`${reset.apiUrl}/pets/${id}`, { headers: KEY })).status).toBe(404);
      // Everything under the prefix is rebuilt, not only the data: the ban is gone too.
      expect((await fetch(`${reset.apiUrl}/pets`, { headers: { 'X-API-Key': 'demo-pro' } })).status).toBe(200);
    } finally {
      await reset.stop();
    }
  });

  it('passes the whole contract suite, rate limits and ban included, with its state in Redis', async () => {
    const prefix = nextPrefix();
    const served = await startCli(serveArgs(prefix, '--key', 'contract-limit:free:15:1000'));
    try {
      const result = await runCli([
        'contract',
        '--base-url',
        served.apiUrl,
        '--api-key',
        'demo-enterprise',
        '--rate-limit-key',
        'contract-limit',
        '--check-ban',
      ]);
      expect(result.stdout).toMatch(/: \d+ passed, 0 failed/);
      expect(result.code).toBe(0);
    } finally {
      await served.stop();
    }
  }, 120_000);

  it('stops with a message and a non-zero exit when Redis cannot be reached', async () => {
    const result = await runCli(['serve', '--port', '0', '--redis', 'redis://127.0.0.1:1']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/Redis at redis:\/\/127\.0\.0\.1:1 could not be reached \(connect ECONNREFUSED/);
    expect(result.stderr).toMatch(/Start it .*or pass the --redis URL of a running one/);
    // One message, the one that is true: no promise of 503s "until it is back" from a command that exits.
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/STATE_UNAVAILABLE|until it is back/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('never touches keys under the prefix that are not its own, nor data of another version', async () => {
    // A key of someone else's under a name the mock would write: refused, and left as it was.
    await client.set('foreign:data:pets', 'theirs');
    const foreign = await runCli(serveArgs('foreign:', '--reset'));
    expect(foreign.code).not.toBe(0);
    expect(foreign.stderr).toMatch(/not petstore-mock's.*"foreign:data:pets".*another --redis-prefix/s);
    expect(await client.get('foreign:data:pets')).toBe('theirs');
    expect(await client.keys('foreign:*')).toEqual(['foreign:data:pets']);

    const prefix = nextPrefix();
    const first = await startCli(serveArgs(prefix));
    await first.stop();
    await client.hset(`${prefix}meta`, 'dataSetVersion', '99');
    const pets = await client.hlen(`${prefix}data:pets`);
    const older = await runCli(serveArgs(prefix));
    expect(older.code).not.toBe(0);
    expect(older.stderr).toMatch(/data-set version 99.*start with --reset/s);
    expect(await client.hget(`${prefix}meta`, 'dataSetVersion')).toBe('99');
    expect(await client.hlen(`${prefix}data:pets`)).toBe(pets);
  });
});

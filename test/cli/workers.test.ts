// serve --workers N: N processes on one port, sharing their state through a real redis-server.
// Each worker's request lines carry its pid, which tells the test which process answered.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type RunningCli, runCli, startCli } from '../support/cli.js';
import { sendRaw } from '../support/raw-http.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';

/** Every answer waits this long, so that requests are still under way when the test needs them to be. */
const LATENCY_MS = 600;

/** Resolves once the output matches, or fails after `timeoutMs` saying what was awaited. */
async function waitForOutput(cli: RunningCli, pattern: RegExp, timeoutMs = 15_000): Promise<RegExpExecArray> {
  const endAt = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(cli.output());
    if (match) return match;
    if (Date.now() > endAt) throw new Error(`No output matched ${pattern} within ${timeoutMs} ms:\n${cli.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The pids of the primary's children, from /proc: the workers alive now. */
function childrenOf(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return children === '' ? [] : children.split(' ').map(Number);
}

/** `count` reads of a pet at once, each on a connection of its own (the primary hands out connections). */
function readPets(cli: RunningCli, count: number): Promise<number[]> {
  const origin = new URL(cli.apiUrl).origin;
  return Promise.all(
    Array.from({ length: count }, async () => {
      const answer = await sendRaw(origin, {
        method: 'GET',
        path: '/v1/pets/by-id/1',
        headers: { 'X-API-Key': 'demo-pro', Connection: 'close' },
      });
      return answer.status;
    }),
  );
}

/** The pids that logged an answer, in the output from `from` on. */
function answeringPids(cli: RunningCli, from = 0): Set<number> {
  const lines = cli
    .output()
    .slice(from)
    .matchAll(/\[worker \d+ pid (\d+)\] GET \/v1\/pets\/by-id\/1 200/g);
  return new Set([...lines].map((line) => Number(line[1])));
}

const serveWithWorkers = (redis: RedisServer, prefix: string) => [
  'serve',
  '--port',
  '0',
  '--workers',
  '2',
  '--redis',
  redis.url,
  '--redis-prefix',
  prefix,
];

async function stormsOf(cli: RunningCli): Promise<unknown[]> {
  const answer = await fetch(`${new URL(cli.apiUrl).origin}/__mock/storms`);
  expect(answer.status).toBe(200);
  return (await answer.json()) as unknown[];
}

describe('petstore-mock serve --workers', () => {
  it('without --redis stops before starting anything, exit code 1, saying what to add', async () => {
    const result = await runCli(['serve', '--port', '0', '--workers', '2']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('petstore-mock: --workers 2 runs 2 processes that must share one state');
    expect(result.stderr).toContain('add --redis redis://HOST:PORT');
    expect(result.stdout).not.toContain('served at');
  });

  it('refuses a count of workers out of its range', async () => {
    const result = await runCli(['serve', '--port', '0', '--workers', '65', '--redis', 'redis://127.0.0.1:1']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--workers takes a whole number from 1 to 64');
  });

  describe('with --redis', () => {
    let redis: RedisServer;
    let cli: RunningCli;
    let primary: number;
    let workers: number[];

    beforeAll(async () => {
      redis = await startRedisServer();
      cli = await startCli([
        ...serveWithWorkers(redis, 'workers-test:'),
        '--latency',
        String(LATENCY_MS),
        // Start-time work that must be done once: a worker that reset the data again would apply
        // the start options again, and start a storm of its own.
        '--reset',
        '--storm',
        JSON.stringify({ fraction: 1, keys: ['demo-free'] }),
      ]);
      primary = cli.child.pid as number;
      const [, pids] = await waitForOutput(cli, /2 workers serve this port \(pids ([\d, ]+)\)/);
      workers = (pids ?? '').split(', ').map(Number);
    }, 30_000);

    afterAll(async () => {
      if (cli.child.exitCode === null) await cli.stop('SIGKILL');
      await redis.remove();
    });

    it('prints one banner, saying how many workers serve, and answers through both of them', async () => {
      expect(cli.output().match(/is served at/g)).toHaveLength(1);
      expect(cli.output()).toContain('Workers    2 processes serve this port');
      expect(workers).toHaveLength(2);
      expect(childrenOf(primary).sort()).toEqual([...workers].sort());

      const statuses = await readPets(cli, 12);
      expect(statuses).toEqual(Array(12).fill(200));
      await waitForOutput(cli, new RegExp(`pid ${workers[1]}\\] GET`));
      expect(answeringPids(cli)).toEqual(new Set(workers));
    });

    it('does the start-time work once: one --reset, one storm of --storm', async () => {
      expect(await stormsOf(cli)).toHaveLength(1);
    });

    it('replaces a worker killed with SIGKILL, and goes on answering through the new one', async () => {
      const [victim, survivor] = workers as [number, number];
      process.kill(victim, 'SIGKILL');
      await waitForOutput(
        cli,
        new RegExp(`pid ${victim}\\) stopped \\(killed by SIGKILL\\); another starts in its place`),
      );
      const [, newPid] = await waitForOutput(cli, /\(pid (\d+)\) serves in place of worker \d+/);
      const replacement = Number(newPid);
      expect(childrenOf(primary).sort()).toEqual([survivor, replacement].sort());

      const from = cli.output().length;
      expect(await readPets(cli, 12)).toEqual(Array(12).fill(200));
      await waitForOutput(cli, new RegExp(`pid ${replacement}\\] GET`));
      expect(answeringPids(cli, from)).toEqual(new Set([survivor, replacement]));
      // The replacement joined the running mock: it started no storm of its own.
      expect(await stormsOf(cli)).toHaveLength(1);
      workers = [survivor, replacement];
    }, 30_000);

    it('drains on SIGTERM: the requests under way are answered, every worker stops, the primary exits 0', async () => {
      const underWay = readPets(cli, 6);
      // Well inside the answers' latency: the requests have reached their workers.
      await new Promise((resolve) => setTimeout(resolve, LATENCY_MS / 3));
      const exitCode = await cli.stop('SIGTERM');
      expect(await underWay).toEqual(Array(6).fill(200));
      expect(exitCode).toBe(0);
      expect(cli.output()).toContain('SIGTERM: the 2 workers finish the requests under way, then stop.');
      for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
    }, 30_000);
  });

  it('replaces a worker killed while Redis is gone: the others answer 503, the new one waits, then all serve', async () => {
    const redis = await startRedisServer();
    const cli = await startCli([...serveWithWorkers(redis, 'workers-outage:'), '--quiet']);
    const get = () => fetch(`${cli.apiUrl}/pets`, { headers: { 'X-API-Key': 'demo-pro', Connection: 'close' } });
    try {
      const [, pids] = await waitForOutput(cli, /2 workers serve this port \(pids (\d+), /);
      await redis.stop();
      process.kill(Number(pids), 'SIGKILL');
      await waitForOutput(cli, /could not be reached.*Waiting for it\./);
      const during = await get();
      expect(during.status).toBe(503);
      expect(((await during.json()) as { code: string }).code).toBe('STATE_UNAVAILABLE');

      await redis.start();
      await waitForOutput(cli, /serves in place of worker 1/);
      const after = await Promise.all(Array.from({ length: 6 }, get));
      expect(after.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(cli.child.exitCode).toBeNull();
      expect(await cli.stop()).toBe(0);
    } finally {
      if (cli.child.exitCode === null) await cli.stop('SIGKILL');
      await redis.remove();
    }
  }, 60_000);
});

// The contract suite where QA runs it: set-ups every CI meets, each against a correct
// implementation (a fresh mock), each of which must pass or say in one line why it cannot check:
// two runs at once on one server, one key in every role, a key of a low limit, a port that fetch
// refuses, and HTTPS with a team's own CA.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect, createServer as createTcpServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createTlsServer } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createMockServer, type MockServer } from '../../src/server/server.js';
import { runCli } from '../support/cli.js';

type Run = Awaited<ReturnType<typeof runCli>>;

const passed = (run: Run) => / 0 failed/.test(run.stdout.trim().split('\n').at(-1) ?? '') && run.code === 0;
/** What a failed expectation shows: the closing line, the failures, and why checks were skipped. */
const summaryOf = (run: Run) => ({
  code: run.code,
  closing: run.stdout.trim().split('\n').at(-1),
  // Each failure with its detail: what a person needs when one of these fails in CI.
  failures: run.stdout
    .split('\n\n')
    .filter((block) => block.startsWith('✗'))
    .map((block) => block.slice(0, 2000)),
  stderr: run.stderr.slice(-1500),
});

/** Ports the Fetch standard blocks for browsers (and so Node's fetch), where a CI may still run a service. */
const BLOCKED_PORTS = [6000, 10080, 5060, 6665, 6666, 6667, 6668, 6669, 6697, 2049, 4045];

/** The first blocked port free now (listened on and let go), or undefined. */
async function freeBlockedPort(): Promise<number | undefined> {
  for (const port of BLOCKED_PORTS) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createTcpServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  return undefined;
}

const BLOCKED_PORT = await freeBlockedPort();
const OPENSSL = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** A TLS endpoint in front of the mock with a self-signed certificate of 127.0.0.1 made now, as TOOLCHAIN.md makes it. */
async function tlsInFront(mock: MockServer, folder: string): Promise<{ server: Server; origin: string; ca: string }> {
  const [key, cert] = [join(folder, 'key.pem'), join(folder, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1'],
      ...['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
    ],
    { stdio: 'ignore' },
  );
  const mockPort = Number(new URL(mock.origin).port);
  // TLS ends here; the bytes go on to the mock as they are.
  const server = createTlsServer({ key: await readFile(key), cert: await readFile(cert) }, (socket) => {
    const upstream = connect(mockPort, '127.0.0.1');
    socket.pipe(upstream).pipe(socket);
    const end = () => {
      socket.destroy();
      upstream.destroy();
    };
    socket.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    server,
    origin: `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    ca: cert,
  };
}

describe('the contract suite in the set-ups of a real CI, against a correct implementation', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'petstore-contract-ci-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('two runs at once on one server, with one key: both pass, each judging only what is its own', async () => {
    const mock = await createMockServer({ data: ':memory:' });
    try {
      const run = () => runCli(['contract', '--base-url', mock.url, '--api-key', 'demo-enterprise', '--examples', '2']);
      const [first, second] = await Promise.all([run(), run()]);
      expect(summaryOf(first)).toMatchObject({ code: 0, failures: [] });
      expect(summaryOf(second)).toMatchObject({ code: 0, failures: [] });
      expect(passed(first) && passed(second)).toBe(true);
      // Each moved only the clock of a scope of its own: the mock's own clock stands at real time.
      expect(Math.abs(mock.clock.nowMs() - Date.now())).toBeLessThan(10_000);
      expect(mock.store.data.pets.filter((pet) => pet.name.startsWith('contract-'))).toEqual([]);
    } finally {
      await mock.close();
    }
  }, 120_000);

  it('one key in every role, one of them read from the mock: the checks that need its room run before those that use it up, and all pass', async () => {
    const mock = await createMockServer({ data: ':memory:' });
    try {
      // demo-pro is given in three roles, and read from the mock's state as the pro plan's key.
      const run = await runCli([
        'contract',
        '--base-url',
        mock.url,
        '--api-key',
        'demo-pro',
        '--rate-limit-key',
        'demo-pro',
        '--day-limit-key',
        'demo-pro',
        '--check-ban',
        '--operations',
        'listPets,listCategories',
        '--checks',
        'conformance,rate-limits,meaning',
        '--examples',
        '2',
      ]);
      expect(summaryOf(run)).toMatchObject({ code: 0, failures: [] });
      expect(run.stderr).toContain(
        '$PETSTORE_API_KEY, $PETSTORE_RATE_LIMIT_KEY, $PETSTORE_DAY_LIMIT_KEY and $PETSTORE_PLAN_KEY_PRO are one key',
      );
      // The plan's figure was read (before the key was driven to its limit); the day, known above the minute, is skipped with why.
      expect(run.stdout).not.toMatch(/- .*X-RateLimit-Limit of a pro key/);
      expect(run.stdout).toMatch(
        /- listPets: a key whose day allows fewer .*\$PETSTORE_DAY_LIMIT_KEY allows 10000 requests a day and 300 a minute/,
      );
      // The ban came last, after the run's data was cleaned up.
      const state = await mock.control.state();
      expect(state.keys.find(({ key }) => key === 'demo-pro')?.banned).toBe(true);
      expect(mock.store.data.pets.filter((pet) => pet.name.startsWith('contract-'))).toEqual([]);
      // The next job with that key, while its ban lasts: one line says why no check can run.
      const next = await runCli([
        'contract',
        '--base-url',
        mock.url,
        '--api-key',
        'demo-pro',
        '--checks',
        'conformance',
      ]);
      expect(next.code).toBe(1);
      expect(next.stderr).toMatch(/The --api-key \(demo-pro\) is banned for another \d+ s .*so no check was run/);
      expect(next.stdout).toBe('');
    } finally {
      await mock.close();
    }
  }, 120_000);

  it('a key of a low limit: says at once what the run costs, paces itself by the key’s windows, and passes', async () => {
    const mock = await createMockServer({ data: ':memory:' });
    try {
      await mock.control.putKey('ci-low-key', 'free', { perMinute: 30, perDay: 1000 });
      // The key's first window ends a few seconds into the run: the run waits once, for seconds, not a minute.
      const minute = Math.floor(Date.now() / 60_000) * 60_000;
      await mock.clock.set(new Date(minute + 52_000));
      const run = await runCli([
        'contract',
        '--base-url',
        mock.url,
        '--api-key',
        'ci-low-key',
        '--operations',
        'listCategories',
        '--checks',
        'conformance,negative',
        '--no-mock-control',
      ]);
      expect(summaryOf(run)).toMatchObject({ code: 0, failures: [] });
      expect(run.stderr).toMatch(/\$PETSTORE_API_KEY allows 30 requests a minute; this run sends about \d+: about/);
      expect(run.stderr).toContain('Give a key of a higher plan (--api-key) to go faster.');
      // More requests than one window holds went through, and none while the key was limited.
      const requests = await mock.control.requests('ci-low-key');
      expect(requests.length).toBeGreaterThan(30);
      expect(requests.filter((request) => request.status === 429)).toEqual([]);
      expect((await mock.control.compliance('ci-low-key')).compliant).toBe(true);
    } finally {
      await mock.close();
    }
  }, 120_000);

  (BLOCKED_PORT === undefined ? it.skip : it)(
    `a port that fetch refuses (${BLOCKED_PORT ?? `none of ${BLOCKED_PORTS.join(', ')} is free here`}): reached, and the run passes`,
    async () => {
      const mock = await createMockServer({ data: ':memory:', port: BLOCKED_PORT });
      try {
        // Node's fetch refuses it, as browsers do ("bad port").
        await expect(fetch(`${mock.url}/pets`)).rejects.toThrow();
        const run = await runCli([
          'contract',
          '--base-url',
          mock.url,
          '--api-key',
          'demo-enterprise',
          '--tags',
          'Pets',
          '--checks',
          'conformance,negative,rate-limits',
        ]);
        expect(summaryOf(run)).toMatchObject({ code: 0, failures: [] });
        expect(run.stderr).toContain('control API answers');
      } finally {
        await mock.close();
      }
    },
    120_000,
  );

  (OPENSSL ? it : it.skip)(
    `HTTPS with its own CA: the untrusted certificate named with how to trust it, then a pass with --ca and with NODE_EXTRA_CA_CERTS${OPENSSL ? '' : ' (openssl is not installed here)'}`,
    async () => {
      const mock = await createMockServer({ data: ':memory:' });
      const tls = await tlsInFront(mock, folder);
      try {
        const baseUrl = `${tls.origin}/v1`;
        const args = [
          'contract',
          '--base-url',
          baseUrl,
          '--api-key',
          'demo-enterprise',
          '--operations',
          'listPets,getPet',
        ];
        const untrusted = await runCli(args);
        expect(untrusted.code).toBe(1);
        expect(untrusted.stderr).toContain(`${baseUrl} answers over HTTPS with a self-signed certificate`);
        expect(untrusted.stderr).toContain('--ca ca.pem (or NODE_EXTRA_CA_CERTS=ca.pem');
        expect(untrusted.stderr).not.toContain('Nothing answers');
        const [withCa, withEnvironment] = await Promise.all([
          runCli([...args, '--ca', tls.ca]),
          runCli(args, undefined, { NODE_EXTRA_CA_CERTS: tls.ca }),
        ]);
        expect(summaryOf(withCa)).toMatchObject({ code: 0, failures: [] });
        expect(summaryOf(withEnvironment)).toMatchObject({ code: 0, failures: [] });
        expect(withCa.stderr).toContain('control API answers');
      } finally {
        await new Promise((resolve) => tls.server.close(resolve));
        await mock.close();
      }
    },
    120_000,
  );
});

import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createMockServer, type MockServer } from '../../src/server/server.js';
import { CLI, runCli } from '../support/cli.js';
import { loadPetstoreSpec } from '../support/spec.js';

/** A contract run against the mock at `url` with its enterprise key, and more options. */
const contractOn = (url: string, ...more: string[]) => [
  'contract',
  '--base-url',
  url,
  '--api-key',
  'demo-enterprise',
  ...more,
];
/** A run of the rate-limit checks alone, on one operation. */
const rateLimitChecksOf = (url: string) => contractOn(url, '--operations', 'listPets', '--checks', 'rate-limits');

describe('petstore-mock contract', () => {
  let mock: MockServer;
  let folder: string;
  beforeAll(async () => {
    mock = await createMockServer();
    folder = await mkdtemp(join(tmpdir(), 'petstore-contract-cli-'));
  });
  afterAll(async () => {
    await mock.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('exits 0 when every check passes, with a summary and JUnit XML for CI', async () => {
    const junit = join(folder, 'results', 'contract.xml');
    const result = await runCli([
      'contract',
      '--base-url',
      mock.url,
      '--api-key',
      'demo-enterprise',
      '--tags',
      'Pets',
      '--examples',
      '5',
      '--junit',
      junit,
    ]);
    expect(result.stdout).toMatch(new RegExp(`Contract suite against ${mock.url}: \\d+ passed, 0 failed`));
    expect(result.code).toBe(0);
    const xml = await readFile(junit, 'utf8');
    expect(xml).toContain('<testsuites name="petstore-mock contract"');
    expect(xml).toContain('failures="0"');
    expect(xml).toContain('listPets');
    // An operation the selection left out is named, with why, and no check of it ran.
    expect(xml).toMatch(
      /<testsuite name="placeOrder" tests="0" [^>]*>\s*<properties>\s*<property name="no check ran" value="left out by --tags"\/>\s*<\/properties>\s*<\/testsuite>/,
    );
    expect(xml).not.toContain('placeOrder:');
  }, 60_000);

  it('writes the key it was given as $PETSTORE_API_KEY in every artifact of a failing run', async () => {
    const secret = 'sk_live_contractSuiteKey0123456789';
    const files = { junit: join(folder, 'secret', 'c.xml'), html: join(folder, 'secret', 'c.html') };
    const result = await runCli([
      'contract',
      '--base-url',
      mock.url,
      '--api-key',
      secret,
      '--operations',
      'getCategory,listPets',
      '--junit',
      files.junit,
      '--html',
      files.html,
    ]);
    expect(result.code).toBe(1);
    const artifacts = {
      output: result.stdout + result.stderr,
      junit: await readFile(files.junit, 'utf8'),
      html: await readFile(files.html, 'utf8'),
    };
    for (const [name, text] of Object.entries(artifacts)) {
      expect({ name, holdsKey: text.includes(secret) }).toEqual({ name, holdsKey: false });
      expect({ name, showsVariable: text.includes('$PETSTORE_API_KEY') }).toEqual({ name, showsVariable: true });
    }
  }, 60_000);

  it('exits 1 and says what failed and how to reproduce it when checks fail', async () => {
    const result = await runCli([
      'contract',
      '--base-url',
      mock.url,
      '--api-key',
      'not-a-key',
      '--operations',
      'getCategory',
      '--stable-only',
      '--junit',
      join(folder, 'failing.xml'),
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/\d+ failed/);
    expect(result.stdout).toContain('Reproduce: curl -i -X POST');
    expect(result.stdout).toContain('API_KEY_INVALID');
    // The distinct causes, each with its count and an example's curl line, just before the closing counts.
    const lines = result.stdout.trimEnd().split('\n');
    const causes = lines.findIndex((line) => line.startsWith('Distinct causes of failure: '));
    expect(causes).toBeGreaterThan(0);
    expect(lines[causes + 1]).toMatch(/^ {2}1\. \d+ checks?: /);
    expect(lines.slice(causes).some((line) => line.startsWith('     Reproduce: curl -i '))).toBe(true);
    expect(lines.at(-2)).toBe('');
    expect(lines.at(-1)).toMatch(/: 0 passed, \d+ failed, \d+ skipped/);
    // The causes' block, then (with --rate-limit-key left out) the skipped checks' block.
    const blocks = lines.slice(causes, -2).join('\n').split('\n\n');
    expect(blocks[0]?.split('\n').every((line) => line.startsWith(' ') || line.startsWith('Distinct'))).toBe(true);
    expect(blocks.slice(1).every((block) => block.startsWith('Skipped: '))).toBe(true);
    // One suite per operation, and each failure's summary in its message, for the CI's list of failures.
    const xml = await readFile(join(folder, 'failing.xml'), 'utf8');
    expect(xml).toContain('<testsuite name="getCategory"');
    expect(xml).toMatch(/<failure message="[^"]+ \| Expected: [^"]+ \| Got: +HTTP 401[^"]*">/);
  }, 60_000);

  it('refuses operations, tags and kinds of checks the contract does not have, with exit code 2 and the names it knows', async () => {
    const result = await runCli([
      'contract',
      '--base-url',
      mock.url,
      '--api-key',
      'demo-enterprise',
      '--operations',
      'listPetz',
      '--tags',
      'pets',
      '--checks',
      'speed',
      '--scope',
      'no spaces/here',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--scope "no spaces/here" is not a scope name');
    expect(result.stderr).toContain('--operations names "listPetz", which the contract does not have');
    expect(result.stderr).toMatch(/it has: listPets, createPet, .*updateInventory\./);
    expect(result.stderr).toContain('--tags names "pets"');
    expect(result.stderr).toContain('it has: Pets, Store.');
    expect(result.stderr).toContain('--checks names "speed"');
    expect(result.stdout).not.toContain('passed');
  });

  it('fails a run whose selection leaves no check to run', async () => {
    const result = await runCli([
      'contract',
      '--base-url',
      mock.url,
      '--api-key',
      'demo-enterprise',
      '--operations',
      'updateOrder',
      '--stable-only',
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('No check ran: the selection (--operations updateOrder --stable-only)');
    expect(result.stdout).toMatch(/0 passed, 1 failed/);
  }, 60_000);

  it('takes the base URL and keys from PETSTORE_* variables, and shows each key as its variable, never its value', async () => {
    await mock.control.putKey('cli-limit', 'free', { perMinute: 3, perDay: 1000 });
    const result = await runCli(
      ['contract', '--operations', 'listPets', '--checks', 'rate-limits', '--check-ban', '--no-mock-control'],
      undefined,
      {
        PETSTORE_BASE_URL: mock.url,
        PETSTORE_API_KEY: 'demo-enterprise',
        PETSTORE_RATE_LIMIT_KEY: 'cli-limit',
      },
    );
    // Two keys of one plan need two --plan-key; the refused answers' check, a key of known limits.
    expect(result.stdout).toMatch(/: 4 passed, 0 failed, 4 skipped/);
    expect(result.code).toBe(0);
    // Progress lines on stderr (not a terminal): done of total, failures so far.
    expect(result.stderr).toMatch(/contract: 4 of 8 checks done, 0 failed, \d+ s — finished: /);

    // Banned by the run before: the check that needs it unbanned says why it cannot check, naming the key by its variable.
    const banned = await runCli(
      ['contract', '--operations', 'listPets', '--checks', 'rate-limits', '--check-ban', '--no-mock-control'],
      undefined,
      {
        PETSTORE_BASE_URL: mock.url,
        PETSTORE_API_KEY: 'demo-enterprise',
        PETSTORE_RATE_LIMIT_KEY: 'cli-limit',
      },
    );
    expect(banned.stdout).toMatch(
      /counts down by one per request .*\(\$PETSTORE_RATE_LIMIT_KEY is banned already \(403/,
    );
    expect(banned.stdout).not.toContain('cli-limit');

    const failing = await runCli(
      ['contract', '--operations', 'listPets', '--checks', 'rate-limits', '--no-mock-control'],
      undefined,
      {
        PETSTORE_BASE_URL: mock.url,
        PETSTORE_API_KEY: 'demo-enterprise',
        PETSTORE_RATE_LIMIT_KEY: 'cli-no-such-key',
      },
    );
    // A key the target does not know: the report shows the rate-limit key as its own variable.
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain('"X-API-Key: $PETSTORE_RATE_LIMIT_KEY"');
    expect(failing.stdout).toContain('$PETSTORE_RATE_LIMIT_KEY is refused as unknown (401)');
    expect(failing.stdout).toContain('set $PETSTORE_API_KEY and $PETSTORE_RATE_LIMIT_KEY to run it');
    expect(failing.stdout).not.toContain('cli-no-such-key');
    expect(failing.stdout).not.toContain('demo-enterprise');
  }, 60_000);

  it('says why each skipped check was skipped, in the console just before the closing line', async () => {
    const result = await runCli([...rateLimitChecksOf(mock.url), '--no-mock-control']);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.slice(-9)).toEqual([
      'Skipped: 6 checks, each with why:',
      expect.stringMatching(
        /^ {2}- listPets: answers refused while limited and banned .*\(needs a key of known limits, .* past the ban\)$/,
      ),
      expect.stringMatching(/^ {2}- listPets: X-RateLimit-Remaining counts down .*\(needs --rate-limit-key\)$/),
      expect.stringMatching(/^ {2}- listPets: refused answers .*\(needs a key of known limits, .*\)$/),
      expect.stringMatching(/^ {2}- listPets: .* lead to the ban .*\(needs --rate-limit-key and --check-ban\)$/),
      expect.stringMatching(/^ {2}- listPets: two keys of one plan .*\(needs two --plan-key of one plan\)$/),
      expect.stringMatching(/^ {2}- listPets: a key whose day allows fewer .*\(needs --day-limit-key, .*\)$/),
      '',
      expect.stringMatching(/: 2 passed, 0 failed, 6 skipped \(seed \d+\)\.$/),
    ]);
  }, 60_000);

  it('on a petstore-mock whose control API answers, takes the keys its rate-limit checks need from it, and leaves its keys and clock as they were', async () => {
    const control = (path: string, body?: object) =>
      fetch(`${mock.origin}/__mock${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }).then((answer) => answer.json() as Promise<{ keys: Array<{ key: string }>; clock: { now: string } }>);
    // Frozen, so that the clock must read the same instant afterwards: moved to the minute's end and back.
    const frozenAt = '2026-11-26T10:00:20.000Z';
    await control('/clock', { now: frozenAt, frozen: true });
    try {
      const before = await control('/state');
      const result = await runCli(rateLimitChecksOf(mock.url));
      expect(result.stderr).toMatch(
        /control API answers .*: 3 key\(s\) of known plans read from it, 4 made for this run/,
      );
      // Every rate-limit check runs, the ban's too: the key it bans is the run's own.
      expect(result.stdout).toMatch(/: 12 passed, 0 failed, 0 skipped/);
      expect(result.code).toBe(0);
      const after = await control('/state');
      const keysOf = (state: typeof before) => state.keys.map(({ key }) => key).sort();
      expect(keysOf(after)).toEqual(keysOf(before));
      expect(after.clock.now).toBe(frozenAt);
    } finally {
      // The mock is shared by the file's other tests: back to the real time, running.
      await control('/clock', { now: new Date().toISOString(), frozen: false });
    }
  }, 60_000);

  it('stopped with Ctrl-C midway, deletes the keys it made on the mock and leaves its clock as it found it', async () => {
    const stateOf = async () =>
      (await (await fetch(`${mock.origin}/__mock/state`)).json()) as { keys: Array<{ key: string }> };
    const keysBefore = (await stateOf()).keys.map(({ key }) => key).sort();
    const child = spawn(process.execPath, [CLI, ...rateLimitChecksOf(mock.url), '--progress']);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    // Once the keys are made and the checks have begun.
    await new Promise<void>((resolve) => {
      const started = () => {
        if (!/✓|✕/.test(stderr)) return;
        child.stderr.off('data', started);
        resolve();
      };
      child.stderr.on('data', started);
    });
    child.kill('SIGINT');
    expect(await exited).toBe('SIGINT');
    expect(stderr).toContain('4 made for this run');
    expect((await stateOf()).keys.map(({ key }) => key).sort()).toEqual(keysBefore);
    const clock = (await (await fetch(`${mock.origin}/__mock/clock`)).json()) as { now: string };
    expect(Math.abs(Date.parse(clock.now) - Date.now())).toBeLessThan(30_000);
  }, 60_000);

  it('leaves a control API behind --control-token alone, with a note, and touches none for checks that need no keys', async () => {
    const closed = await createMockServer({ controlToken: 'contract-test-token' });
    try {
      const result = await runCli(rateLimitChecksOf(closed.url));
      expect(result.stderr).toContain('control API refuses this run (401 CONTROL_TOKEN_REQUIRED)');
      expect(result.stdout).toMatch(/: 2 passed, 0 failed, 6 skipped/);
    } finally {
      await closed.close();
    }
    const values = await runCli(contractOn(mock.url, '--operations', 'createPet', '--checks', 'values'));
    expect(values.code).toBe(0);
    expect(values.stderr).not.toContain('control API');
  }, 60_000);

  it('stops at once with one message, running no check, when nothing answers at the base URL', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const junit = join(folder, 'unreachable.xml');
    const result = await runCli([
      'contract',
      '--base-url',
      `http://127.0.0.1:${port}/v1`,
      '--api-key',
      'k',
      '--junit',
      junit,
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `petstore-mock: Nothing answers at http://127.0.0.1:${port}/v1 (connect ECONNREFUSED 127.0.0.1:${port}), so no ` +
        'check was run. Start the implementation (the mock: npx petstore-mock serve), or give the --base-url it serves at, e.g. http://127.0.0.1:4010/v1.',
    );
    expect(result.stdout).toBe('');
    await expect(readFile(junit, 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('runs on a contract whose server URL no URL parser takes, instead of stopping with a stack trace', async () => {
    const draft = loadPetstoreSpec();
    draft.servers = [{ url: 'http://exa mple.com:99999/{v}/%zz/', variables: { v: { default: '..' } } }];
    const file = join(folder, 'odd-server.json');
    await writeFile(file, JSON.stringify(draft));
    const result = await runCli([
      ...contractOn(mock.url, '--contract', file, '--operations', 'getPet', '--checks', 'conformance'),
    ]);
    expect(result.stderr).not.toMatch(/Invalid URL|\n\s+at /);
    expect(result.code).toBe(0);
  });

  it('stops at once with the URL to give when the base URL lacks the API base path (/v1)', async () => {
    const result = await runCli(['contract', '--base-url', mock.origin, '--api-key', 'demo-enterprise']);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `petstore-mock: ${mock.origin}/pets is not found (404), but ${mock.url}/pets is there: --base-url is the ` +
        `API's {base_url}, with its /v1. Run again with --base-url ${mock.url}`,
    );
    expect(result.stdout).toBe('');
  });

  it('says where a base URL that redirects leads, and refuses one with a password, running no check', async () => {
    const gateway = createServer((_request, response) => {
      response.writeHead(301, { location: 'https://staging.example.com/v1' });
      response.end();
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const { port } = gateway.address() as AddressInfo;
    try {
      const redirected = await runCli(['contract', '--base-url', `http://127.0.0.1:${port}/v1`, '--api-key', 'k']);
      expect(redirected.code).toBe(1);
      expect(redirected.stderr).toContain(
        `http://127.0.0.1:${port}/v1 answers 301, a redirect to https://staging.example.com/v1, so no check was run`,
      );
    } finally {
      await new Promise<void>((resolve) => gateway.close(() => resolve()));
    }
    const withPassword = await runCli([
      'contract',
      '--base-url',
      'https://qa:s3cret@staging.example.com/v1',
      '--api-key',
      'k',
    ]);
    expect(withPassword.code).toBe(1);
    expect(withPassword.stderr).toContain('carries a user and password');
    expect(withPassword.stderr).not.toContain('s3cret');
  });

  it('refuses a base URL that is not one, with exit code 1', async () => {
    const result = await runCli(['contract', '--base-url', 'localhost:4010', '--api-key', 'k']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is not an http or https URL');
  });
});

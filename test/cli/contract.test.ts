import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createMockServer, type MockServer } from '../../src/server.js';
import { runCli } from '../support/cli.js';

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
    expect(xml).not.toContain('placeOrder');
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
    expect(lines.slice(causes, -2).every((line) => line.startsWith(' ') || line.startsWith('Distinct'))).toBe(true);
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
      ['contract', '--operations', 'listPets', '--checks', 'rate-limits', '--check-ban'],
      undefined,
      {
        PETSTORE_BASE_URL: mock.url,
        PETSTORE_API_KEY: 'demo-enterprise',
        PETSTORE_RATE_LIMIT_KEY: 'cli-limit',
      },
    );
    // The ban check reaches the limit by itself, although the 429 check's own probe is left out;
    // two keys of one plan need two --plan-key.
    expect(result.stdout).toMatch(/: 4 passed, 0 failed, 1 skipped/);
    expect(result.code).toBe(0);
    // Progress lines on stderr (not a terminal): done of total, failures so far.
    expect(result.stderr).toMatch(
      /contract: 4 of 5 checks done, 0 failed, \d+ s — finished: limits as the contract's plans/,
    );

    const failing = await runCli(
      ['contract', '--operations', 'listPets', '--checks', 'rate-limits', '--check-ban'],
      undefined,
      {
        PETSTORE_BASE_URL: mock.url,
        PETSTORE_API_KEY: 'demo-enterprise',
        PETSTORE_RATE_LIMIT_KEY: 'cli-limit',
      },
    );
    // Banned by the run before: the report shows the rate-limit key as its own variable.
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain('"X-API-Key: $PETSTORE_RATE_LIMIT_KEY"');
    expect(failing.stdout).toContain('set $PETSTORE_API_KEY and $PETSTORE_RATE_LIMIT_KEY to run it');
    expect(failing.stdout).not.toContain('cli-limit');
    expect(failing.stdout).not.toContain('demo-enterprise');
  }, 60_000);

  it('refuses a base URL that is not one, with exit code 1', async () => {
    const result = await runCli(['contract', '--base-url', 'localhost:4010', '--api-key', 'k']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is not an http or https URL');
  });
});

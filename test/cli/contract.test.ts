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
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/\d+ failed/);
    expect(result.stdout).toContain('Reproduce: curl -i -X POST');
    expect(result.stdout).toContain('API_KEY_INVALID');
  }, 60_000);

  it('refuses a base URL that is not one, with exit code 1', async () => {
    const result = await runCli(['contract', '--base-url', 'localhost:4010', '--api-key', 'k']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is not an http or https URL');
  });
});

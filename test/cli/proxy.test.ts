// `petstore-mock proxy` as CI runs it: the built command in front of a mock, stopped by a
// signal, leaving its JUnit and JSON reports and an exit code that says whether the contract held.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createMockServer, type MockServer } from '../../src/server.js';
import { startCli } from '../support/cli.js';
import { useTempFolder } from '../support/temp-folder.js';

const KEY = { 'X-API-Key': 'demo-enterprise' };

describe('petstore-mock proxy, stopped by a signal', () => {
  let mock: MockServer;
  const folder = useTempFolder('proxy');
  beforeAll(async () => {
    mock = await createMockServer({ data: ':memory:', log: () => undefined, logRequests: false });
  });
  afterAll(async () => {
    await mock.close();
  });

  it('writes JUnit and the report, a case per operation, and exits 1 after a violation', async () => {
    const junit = join(folder(), 'out', 'proxy.xml');
    const report = join(folder(), 'out', 'proxy.json');
    const cli = await startCli([
      'proxy',
      '--upstream',
      mock.url,
      '--port',
      '0',
      '-q',
      '--junit',
      junit,
      '--report',
      report,
      '--fail-on-violations',
    ]);
    expect((await fetch(`${cli.apiUrl}/pets?limit=2`, { headers: KEY })).status).toBe(200);
    expect((await fetch(`${cli.apiUrl}/categories`, { headers: KEY })).status).toBe(200);
    const bad = await fetch(`${cli.apiUrl}/pets?limit=abc`, { headers: KEY });
    expect(bad.headers.get('x-contract-violations')).toBe('1');
    expect(await cli.stop('SIGTERM')).toBe(1);
    expect(cli.output()).toMatch(/CONTRACT VIOLATION listPets request GET \/v1\/pets\?limit=abc/);
    const xml = await readFile(junit, 'utf8');
    expect(xml).toMatch(/<testcase classname="petstore-mock proxy" name="listCategories \(1 exchanges\)"\/>/);
    expect(xml).toMatch(/name="listPets \(2 exchanges\)">\s*<failure message="request: INVALID_PARAMETER/);
    const json = JSON.parse(await readFile(report, 'utf8')) as { exchanges: number; violations: number };
    expect(json).toMatchObject({ exchanges: 3, violations: 1 });
  });

  it('exits 0 with --fail-on-violations when every exchange kept the contract', async () => {
    const cli = await startCli(['proxy', '--upstream', mock.url, '--port', '0', '-q', '--fail-on-violations']);
    expect((await fetch(`${cli.apiUrl}/pets?limit=2`, { headers: KEY })).status).toBe(200);
    expect(await cli.stop('SIGINT')).toBe(0);
    expect(cli.output()).toMatch(/1 exchanges, 0 contract violations/);
  });
});

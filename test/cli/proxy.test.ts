// `petstore-mock proxy` as CI runs it: the built command in front of a mock, stopped by a
// signal, leaving its JUnit and JSON reports and an exit code that says whether the contract held.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createMockServer, type MockServer } from '../../src/server/server.js';
import { runCli, startCli } from '../support/cli.js';
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

  it('stops cleanly on a SIGTERM sent the moment its banner appears, every time', async () => {
    for (let round = 0; round < 5; round += 1) {
      const cli = await startCli(['proxy', '--upstream', mock.url, '--port', '0', '-q']);
      expect(await cli.stop('SIGTERM')).toBe(0);
    }
  }, 60_000);

  it('exits 0 with --fail-on-violations when every exchange kept the contract', async () => {
    const cli = await startCli(['proxy', '--upstream', mock.url, '--port', '0', '-q', '--fail-on-violations']);
    expect((await fetch(`${cli.apiUrl}/pets?limit=2`, { headers: KEY })).status).toBe(200);
    expect(await cli.stop('SIGINT')).toBe(0);
    expect(cli.output()).toMatch(/1 exchanges, 0 contract violations/);
  });

  it("starts the simulation from serve's options: clock, Retry-After form, storm, latency, keys, scopes", async () => {
    const cli = await startCli([
      'proxy',
      '--upstream',
      mock.url,
      '--port',
      '0',
      '-q',
      '--simulate-limits',
      '--clock-start',
      '2031-03-04T05:06:07Z',
      '--clock-frozen',
      '--retry-after-format',
      'http-date',
      '--storm',
      '{"requests":1,"retryAfterSeconds":30}',
      '--latency',
      '300',
      '--key',
      'demo-pro:pro:2:100',
      '--max-scopes',
      '1',
    ]);
    try {
      const headers = { 'X-API-Key': 'demo-pro' };
      const startedAt = performance.now();
      const storm = await fetch(`${cli.apiUrl}/pets?limit=1`, { headers });
      expect(performance.now() - startedAt).toBeGreaterThanOrEqual(290);
      expect(storm.status).toBe(429);
      expect(storm.headers.get('date')).toBe('Tue, 04 Mar 2031 05:06:07 GMT');
      expect(storm.headers.get('retry-after')).toBe('Tue, 04 Mar 2031 05:06:37 GMT');
      // The key's limits from --key, enforced by the proxy (the upstream allows 300 a minute).
      for (const remaining of ['1', '0']) {
        const res = await fetch(`${cli.apiUrl}/pets?limit=1`, { headers });
        expect(res.status).toBe(200);
        expect(res.headers.get('x-ratelimit-remaining')).toBe(remaining);
      }
      expect((await fetch(`${cli.apiUrl}/pets?limit=1`, { headers })).status).toBe(429);
      const control = cli.apiUrl.replace(/\/v1$/, '/__mock');
      expect((await fetch(`${control}/state`, { headers: { 'X-Mock-Scope': 'one' } })).status).toBe(200);
      expect((await fetch(`${control}/state`, { headers: { 'X-Mock-Scope': 'two' } })).status).toBe(503);
    } finally {
      expect(await cli.stop('SIGTERM')).toBe(0);
    }
  });

  it('rejects a malformed simulation option with exit code 2, saying what it takes', async () => {
    const run = (...args: string[]) => runCli(['proxy', '--upstream', mock.url, '--port', '0', ...args]);
    const maxScopes = await run('--max-scopes', '0');
    expect(maxScopes.code).toBe(2);
    expect(maxScopes.stderr).toContain('--max-scopes takes a whole number from 1');
    expect((await run('--key', 'sdk:gold')).stderr).toContain('--key takes NAME:PLAN');
    expect((await run('--latency', 'slow')).stderr).toContain('--latency takes milliseconds');
    const format = await run('--retry-after-format', 'minutes');
    expect(format.code).toBe(2);
    expect(format.stderr).toContain('Allowed choices are seconds, http-date');
  });
});

// `petstore-mock proxy --upstream URL [options] -- COMMAND`: the proxy runs the tests itself, stops
// when they end, writes its reports and sets the exit code; and no artifact of the run (JUnit,
// JSON report, the violations list, the log) holds the API key or Authorization the tests sent.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createMockServer, type MockServer } from '../../src/server/server.js';
import { runCli } from '../support/cli.js';
import { useTempFolder } from '../support/temp-folder.js';

const SECRET_KEY = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';
const SECRET_BEARER = 'Bearer tok_9f8e7d6c5b4a39281706';

// The tests the proxy runs: two good reads, two exchanges that break the contract, then a copy of
// what /__mock/violations lists (an artifact a CI job may keep too).
const CLIENT = `
const base = process.env.PETSTORE_BASE_URL;
const headers = { 'X-API-Key': process.env.PETSTORE_API_KEY, Authorization: process.env.SECRET_BEARER };
for (const path of ['/pets?limit=2', '/categories', '/pets?limit=abc&echo=' + process.env.PETSTORE_API_KEY]) {
  const res = await fetch(base + path, { headers });
  console.log(path.slice(0, 14), res.status);
}
await fetch(base + '/pets', { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: '{"name":1}' });
const control = new URL('/__mock/violations', base);
const { writeFile } = await import('node:fs/promises');
await writeFile(process.argv[2], await (await fetch(control)).text());
process.exit(Number(process.argv[3] ?? 0));
`;

describe('petstore-mock proxy -- COMMAND', () => {
  let upstream: MockServer;
  const folder = useTempFolder('proxy-command');
  beforeAll(async () => {
    upstream = await createMockServer({
      data: ':memory:',
      log: () => undefined,
      start: { keys: [{ key: SECRET_KEY, plan: 'pro' }] },
    });
  });
  afterAll(() => upstream.close());

  async function runThroughProxy(clientExit: number) {
    const client = join(folder(), 'client.mjs');
    await writeFile(client, CLIENT);
    const files = {
      junit: join(folder(), 'reports', 'contract.xml'),
      report: join(folder(), 'reports', 'contract.json'),
      violations: join(folder(), 'violations.json'),
    };
    const run = await runCli(
      [
        'proxy',
        '--upstream',
        upstream.url,
        '--port',
        '0',
        '--junit',
        files.junit,
        '--report',
        files.report,
        '--fail-on-violations',
        '--',
        process.execPath,
        client,
        files.violations,
        String(clientExit),
      ],
      folder(),
      { PETSTORE_API_KEY: SECRET_KEY, SECRET_BEARER },
    );
    return { run, files };
  }

  it('runs the tests, stops when they end, writes the reports and exits 1 for the violations', async () => {
    const { run, files } = await runThroughProxy(0);
    expect(run.stdout).toContain('/pets?limit=2 200');
    expect(run.stdout).toMatch(/exited with 0: stopping/);
    expect(run.code).toBe(1);
    const report = JSON.parse(await readFile(files.report, 'utf8')) as { exchanges: number; violations: number };
    expect(report).toMatchObject({ exchanges: 4, violations: 2 });
    await expect(readFile(files.junit, 'utf8')).resolves.toContain('<failure message="request: INVALID_PARAMETER');
  });

  it('exits with the command’s own failure, reports written all the same', async () => {
    const { run, files } = await runThroughProxy(3);
    expect(run.code).toBe(3);
    await expect(readFile(files.junit, 'utf8')).resolves.toContain('listPets');
  });

  it('writes the key as $PETSTORE_API_KEY and Authorization as a redaction in every artifact and log line', async () => {
    const { run, files } = await runThroughProxy(0);
    const artifacts = {
      junit: await readFile(files.junit, 'utf8'),
      report: await readFile(files.report, 'utf8'),
      violations: await readFile(files.violations, 'utf8'),
      log: run.stdout + run.stderr,
    };
    const secrets = [SECRET_KEY, SECRET_BEARER.split(' ')[1] ?? SECRET_BEARER];
    for (const [name, text] of Object.entries(artifacts)) {
      for (const secret of secrets)
        expect({ name, holdsSecret: text.includes(secret) }).toEqual({ name, holdsSecret: false });
    }
    for (const name of ['junit', 'report', 'violations'] as const) {
      expect(artifacts[name]).toContain('x-api-key: $PETSTORE_API_KEY');
      expect(artifacts[name]).toContain('authorization: [Authorization redacted]');
    }
    // The key in the URL too, where a client put it by mistake.
    expect(artifacts.report).toContain('echo=$PETSTORE_API_KEY');
    // Log lines tell keys apart by a fingerprint.
    expect(artifacts.log).toMatch(/GET \/v1\/pets\?limit=2 200 .* key=#[0-9a-f]{8}/);
  });
});

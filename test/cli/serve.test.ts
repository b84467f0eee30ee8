import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { freeBlockedPort } from '../support/blocked-port.js';
import { runCli, startCli } from '../support/cli.js';
import { useTempFolder } from '../support/temp-folder.js';

const KEY = { 'X-API-Key': 'demo-pro' };

describe('petstore-mock serve', () => {
  const tempFolder = useTempFolder('cli');
  let folder: string;
  beforeEach(() => {
    folder = tempFolder();
  });

  it('prints one banner with the URL, the data file and the demo keys, and serves the fixtures', async () => {
    const cli = await startCli(['serve', '--port', '0', '--data', 'db.json'], folder);
    try {
      expect(cli.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      const banner = cli.output();
      expect(banner).toContain(join(folder, 'db.json'));
      expect(banner).toContain('created from the fixtures');
      for (const key of ['demo-free', 'demo-pro', 'demo-business', 'demo-enterprise']) expect(banner).toContain(key);
      const res = await fetch(`${cli.apiUrl}/pets?limit=3`, { headers: KEY });
      expect(res.status).toBe(200);
      expect(await res.json()).toHaveLength(3);
    } finally {
      expect(await cli.stop()).toBe(0);
    }
  });

  it('keeps writes across a restart on the same data file (relative to the working directory)', async () => {
    const first = await startCli(['serve', '--port', '0', '--data', 'data/db.json'], folder);
    const created = await fetch(`${first.apiUrl}/categories`, {
      method: 'POST',
      headers: { ...KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Kept across restarts' }),
    });
    const { id } = (await created.json()) as { id: number };
    expect(await first.stop('SIGTERM')).toBe(0);

    const second = await startCli(['serve', '--port', '0', '--data', 'data/db.json'], folder);
    try {
      expect(second.output()).toContain('kept from earlier runs');
      const read = await fetch(`${second.apiUrl}/categories/${id}`, { headers: KEY });
      expect(await read.json()).toEqual({ id, name: 'Kept across restarts' });
    } finally {
      await second.stop();
    }

    const reset = await startCli(['serve', '--port', '0', '--data', 'data/db.json', '--reset'], folder);
    try {
      expect((await fetch(`${reset.apiUrl}/categories/${id}`, { headers: KEY })).status).toBe(404);
    } finally {
      await reset.stop();
    }
  });

  it('stops with a clear message, exit code 1, and the file untouched when the data file is corrupt', async () => {
    await writeFile(join(folder, 'db.json'), '{ not json');
    const result = await runCli(['serve', '--port', '0', '--data', 'db.json'], folder);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/petstore-mock: The data file .*db\.json is not valid JSON.*--reset/);
    expect(await readFile(join(folder, 'db.json'), 'utf8')).toBe('{ not json');
  });

  it('rejects a bad option value with exit code 2 and says what it takes', async () => {
    const result = await runCli(['serve', '--port', 'eighty']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--port takes a whole number from 0 to 65535');
  });

  it('sets up keys, a storm, a fault, the control token and the bounds on scopes from its options', async () => {
    const cli = await startCli([
      'serve',
      '--port',
      '0',
      '--data',
      ':memory:',
      '--key',
      'sdk-ci:free:2:100',
      '--storm',
      '{"requests":1,"keys":["demo-free"]}',
      '--fault',
      '{"kind":"unavailable","requests":1,"keys":["demo-pro"],"retryAfterSeconds":2}',
      '--control-token',
      'ci-control-token',
      '--max-scopes',
      '1',
      '--scope-idle-seconds',
      '90',
    ]);
    try {
      expect(cli.output()).toContain('needs Authorization: Bearer');
      expect(cli.output()).toMatch(
        /Scopes +X-Mock-Scope: NAME .* at most 1 \(--max-scopes\),\s+each dropped after 90 s unused \(--scope-idle-seconds\)/,
      );
      // The start options shape the default scope only: a scope starts from the fixtures.
      const inScope = (scope: string) =>
        fetch(`${cli.apiUrl}/pets`, { headers: { 'X-API-Key': 'sdk-ci', 'X-Mock-Scope': scope } });
      expect((await inScope('ci-1')).status).toBe(401);
      const refused = await inScope('ci-2');
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { message: string }).message).toContain('--max-scopes 1');
      const sdk = async () => (await fetch(`${cli.apiUrl}/pets`, { headers: { 'X-API-Key': 'sdk-ci' } })).status;
      expect([await sdk(), await sdk(), await sdk()]).toEqual([200, 200, 429]);
      const free = async () => (await fetch(`${cli.apiUrl}/pets`, { headers: { 'X-API-Key': 'demo-free' } })).status;
      expect([await free(), await free()]).toEqual([429, 200]);
      const pro = () => fetch(`${cli.apiUrl}/pets`, { headers: { 'X-API-Key': 'demo-pro' } });
      const unavailable = await pro();
      expect([unavailable.status, unavailable.headers.get('retry-after')]).toEqual([503, '2']);
      expect((await pro()).status).toBe(200);
      const origin = new URL(cli.apiUrl).origin;
      expect((await fetch(`${origin}/__mock/state`)).status).toBe(401);
      const state = await fetch(`${origin}/__mock/state`, { headers: { Authorization: 'Bearer ci-control-token' } });
      expect(state.status).toBe(200);
    } finally {
      await cli.stop();
    }
  });

  it('says in its banner that a port the Fetch standard blocks is out of reach of browsers and fetch', async () => {
    const port = await freeBlockedPort();
    const cli = await startCli(['serve', '--port', String(port), '--data', ':memory:'], folder);
    try {
      expect(cli.output()).toContain(
        `Its port ${port} is one the Fetch standard blocks: browsers and Node's fetch refuse it ("TypeError: fetch failed", cause "bad port"), while curl and node:http reach it: a browser or a client built on fetch cannot call it. Pick another --port.`,
      );
    } finally {
      await cli.stop();
    }
    const ordinary = await startCli(['serve', '--port', '0', '--data', ':memory:'], folder);
    expect(ordinary.output()).not.toContain('Fetch standard');
    await ordinary.stop();
  });

  it("explains a file given as Prism or json-server take one, instead of 'too many arguments'", async () => {
    const contract = await runCli(['serve', 'spec/petstore.yaml']);
    expect(contract.code).toBe(2);
    expect(contract.stderr).toContain(
      'petstore-mock serve takes a contract file as --contract: petstore-mock serve --contract spec/petstore.yaml. Without it, it serves its own contract, the Pet Store API (at /openapi.yaml once started).',
    );
    expect(contract.stderr).not.toContain('too many arguments');
    const data = await runCli(['serve', 'db.json']);
    expect(data.code).toBe(2);
    expect(data.stderr).toContain(
      'pass it as --data: petstore-mock serve --data db.json; a version of the contract, as --contract: petstore-mock serve --contract db.json.',
    );
    const other = await runCli(['serve', '4010']);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('petstore-mock serve takes options only, not "4010": e.g. --port 4010');
  });

  it('rejects a malformed --key, --storm, --latency or --max-scopes with exit code 2', async () => {
    expect((await runCli(['serve', '--max-scopes', '0'])).stderr).toContain('--max-scopes takes a whole number from 1');
    expect((await runCli(['serve', '--key', 'sdk:gold'])).stderr).toContain('--key takes NAME:PLAN');
    expect((await runCli(['serve', '--storm', '{"fraction":2}'])).stderr).toContain('fraction');
    const fault = await runCli(['serve', '--fault', '{"kind":"timeout"}']);
    expect(fault.code).toBe(2);
    expect(fault.stderr).toContain('--fault "kind" is one of reset, cut, stall, unavailable.');
    const latency = await runCli(['serve', '--latency', 'slow']);
    expect(latency.code).toBe(2);
    expect(latency.stderr).toContain('--latency takes milliseconds');
  });

  it('refuses a --key whose limits the contract does not allow, before it is stored in a data file it would spoil', async () => {
    const refused = await runCli(
      ['serve', '--port', '0', '--data', 'db.json', '--key', 'big:enterprise:1000000000:100000000000'],
      folder,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      "--key big: perMinute 1000000000 is above the contract's largest, 100000000 (its Limits); --key big: perDay",
    );
    await expect(readFile(join(folder, 'db.json'), 'utf8')).rejects.toThrow(/ENOENT/);
  });
});

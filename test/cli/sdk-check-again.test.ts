// A case a run could not judge (undetermined) runs again, alone, and its verdict is then the
// client's; --again 0 leaves it undetermined. The client's first run of a case opens a connection
// and closes it unsent; its later runs are the careful example client's.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from '@jest/globals';
import { runCli } from '../support/cli.js';
import { verdicts } from '../support/sdk-check-verdicts.js';

const client = fileURLToPath(new URL('../support/sdk-clients/silent-first.mjs', import.meta.url));
const marks: string[] = [];
afterEach(async () => {
  await Promise.all(marks.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function faultCut(again: string[]) {
  const dir = await mkdtemp(join(tmpdir(), 'petstore-sdk-again-'));
  marks.push(dir);
  return runCli(['sdk-check', '--cases', 'fault-cut', ...again, '--', process.execPath, client], undefined, {
    MARK_DIR: dir,
  });
}

describe('petstore-mock sdk-check: a case left undetermined', () => {
  it('runs again alone, and the verdict is what the client did there, said as the second run', async () => {
    const { code, stdout } = await faultCut([]);
    expect(stdout).toMatch(/^\? fault-cut \(.*\n {4}undetermined: it opened 1 connection to the API and closed it/m);
    expect(stdout).toContain('… fault-cut: run again alone, as its run 1 could not be judged');
    const verdict = verdicts(stdout).get('fault-cut');
    expect(verdict?.status).toBe('passed');
    expect(verdict?.why.split('\n')[0]).toMatch(
      /^run 2 of the case, alone: run 1 was undetermined \(it opened 1 connection to the API and closed it without sending a request/,
    );
    expect(stdout).toMatch(/^✓ fault-cut \(run 2 alone, [\d.]+ s, exit code 0\)$/m);
    expect(stdout).toMatch(/: 1 passed, 0 failed\n/);
    expect(code).toBe(0);
  }, 60_000);

  it('is left undetermined with --again 0', async () => {
    const { code, stdout } = await faultCut(['--again', '0']);
    expect(stdout).not.toContain('run again alone');
    expect(verdicts(stdout).get('fault-cut')?.status).toBe('undetermined');
    expect(stdout).toMatch(/: 0 passed, 0 failed, 1 undetermined\n/);
    expect(code).toBe(1);
  }, 60_000);
});

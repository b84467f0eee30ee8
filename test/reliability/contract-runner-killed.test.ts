// A `contract` run killed outright (SIGKILL: a CI job's timeout) leaves no one to read its suite's
// results: the suite's own process stops with it instead of running on against the target.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createMockServer, type MockServer } from '../../src/server/server.js';
import { CLI } from '../support/cli.js';

const childrenOf = (pid: number): number[] => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a contract run killed outright', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await createMockServer({ data: ':memory:' });
  });
  afterAll(async () => {
    await mock.close();
  });

  it('takes its suite down with it', async () => {
    const runner = spawn(process.execPath, [CLI, 'contract', '--base-url', mock.url, '--api-key', 'demo-enterprise'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    runner.stdout.on('data', collect);
    runner.stderr.on('data', collect);
    // The suite is under way once it reports progress: its process is the runner's child.
    let suite: number | undefined;
    for (let waited = 0; suite === undefined && waited < 120_000; waited += 200) {
      if (/checks? (done|planned)|starting|running|finished/.test(output)) suite = childrenOf(runner.pid as number)[0];
      await sleep(200);
    }
    expect(suite).toBeDefined();
    runner.kill('SIGKILL');
    // It looks once a second; a bound that only stops a hang on a busy machine.
    for (let waited = 0; alive(suite as number) && waited < 30_000; waited += 200) await sleep(200);
    const left = alive(suite as number);
    if (left) process.kill(suite as number, 'SIGKILL');
    expect(left).toBe(false);
  }, 180_000);
});

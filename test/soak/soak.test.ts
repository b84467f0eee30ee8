// The soak, shortened for npm test (run it at full length with `npm run soak`). It runs in a
// child process with --expose-gc, so that memory is measured after collection.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import type { SoakReport } from './soak.js';

const RUNNER = fileURLToPath(new URL('../../dist/test/soak/run-soak.js', import.meta.url));

function soak(args: string[]): Promise<SoakReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', RUNNER, ...args, '--json']);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', () => {
      try {
        resolve(JSON.parse(output.trim().split('\n').at(-1) ?? '') as SoakReport);
      } catch {
        reject(new Error(`The soak wrote no report:\n${output}`));
      }
    });
  });
}

describe('a bounded soak', () => {
  // A fixed amount of work, so that a slow machine takes longer and sees the same soak; the
  // time only bounds it (a run that hits the bound fails on the counts below).
  const PHASES = 6;
  const REQUESTS_PER_PHASE = 400;
  it('ends with exact rate-limit counts, no lost write, no 5xx, and memory back near its start', async () => {
    const report = await soak([
      `--phases=${PHASES}`,
      `--requests-per-phase=${REQUESTS_PER_PHASE}`,
      // 40 requests per key and phase: the keys of the smallest limits (20 a minute) meet them.
      '--keys=10',
      '--seconds=100',
    ]);
    expect(report.phases).toBe(PHASES);
    expect(report.requests).toBe(PHASES * REQUESTS_PER_PHASE);
    expect(report.countMismatches).toEqual([]);
    expect(report.serverErrors).toBe(0);
    expect(report.acknowledgedCreates).toBeGreaterThan(100);
    expect(report.lostWrites).toBe(0);
    // Storms and limits happened: the run exercised refusals, not only successes.
    expect(report.byStatus['429'] ?? 0).toBeGreaterThan(0);
    expect(report.byStatus['403'] ?? 0).toBeGreaterThan(0);
    // The data grows with each create and the request records are bounded: a few MB at most.
    expect(report.heapEndMb - report.heapStartMb).toBeLessThan(40);
  }, 120_000);
});

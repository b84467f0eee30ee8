// The soak, shortened for npm test (run it at full length with `npm run soak`). It runs in a
// child process with --expose-gc, so that memory is measured after collection.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import type { SoakReport } from './soak.js';

const RUNNER = fileURLToPath(new URL('../../dist/test/soak/run-soak.js', import.meta.url));

function soak(seconds: number): Promise<SoakReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', RUNNER, `--seconds=${seconds}`, '--json']);
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
  it('ends with exact rate-limit counts, no lost write, no 5xx, and memory back near its start', async () => {
    const report = await soak(8);
    expect(report.phases).toBeGreaterThanOrEqual(6);
    expect(report.requests).toBeGreaterThan(2_000);
    expect(report.countMismatches).toEqual([]);
    expect(report.serverErrors).toBe(0);
    expect(report.acknowledgedCreates).toBeGreaterThan(100);
    expect(report.lostWrites).toBe(0);
    // Storms and limits happened: the run exercised refusals, not only successes.
    expect(report.byStatus['429'] ?? 0).toBeGreaterThan(0);
    expect(report.byStatus['403'] ?? 0).toBeGreaterThan(0);
    // The data grows with each create and the request records are bounded: a few MB at most.
    expect(report.heapEndMb - report.heapStartMb).toBeLessThan(40);
  }, 60_000);
});

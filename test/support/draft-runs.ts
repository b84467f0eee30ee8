// The contract suite run on a draft against a mock serving it, as a user runs it: the built
// command, its closing counts and, on a failure, the checks that failed.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MockServer } from '../../src/server/server.js';
import { runCli } from './cli.js';

/** Runs the suite on `draft` against the mock serving it, for `operations` only, at a small depth. */
export async function checkDraft(draft: string, operations: string, mock: MockServer, ...more: string[]) {
  const junit = join(await mkdtemp(join(tmpdir(), 'petstore-any-schema-')), 'run.xml');
  const run = await runCli([
    'contract',
    '--contract',
    draft,
    '--base-url',
    mock.url,
    '--api-key',
    'demo-enterprise',
    '--operations',
    operations,
    '--examples',
    '5',
    '--junit',
    junit,
    ...more,
  ]);
  return { ...run, junit: await readFile(junit, 'utf8') };
}

/** Fails with the run's failures shown unless it exited 0 with no check failed. */
export function requirePassed(run: { code: number | null; stdout: string }): void {
  const { failed } = counts(run.stdout);
  if (run.code !== 0 || failed > 0) {
    const shown = run.stdout.split('\n').filter((line) => /^[✗ ]/.test(line) && !/^\s+\S+\.(yaml|json):\d+/.test(line));
    throw new Error(`The run exited ${run.code} with ${failed} failed:\n${shown.slice(0, 60).join('\n')}`);
  }
}

/** The closing line's counts. */
export function counts(stdout: string): { passed: number; failed: number } {
  const [, passed = '0', failed = '0'] = /: (\d+) passed, (\d+) failed/.exec(stdout) ?? [];
  return { passed: Number(passed), failed: Number(failed) };
}

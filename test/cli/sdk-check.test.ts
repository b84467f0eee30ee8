// `petstore-mock sdk-check` on the three example clients, as a user runs it: a well-behaved
// client passes every case; a naive loop and a client that misreads HTTP-date Retry-After fail
// the cases they should, in words that say what to change.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { CASE_NAMES } from '../../src/sdk-check/catalogue.js';
import { runCli } from '../support/cli.js';
import { useTempFolder } from '../support/temp-folder.js';

const client = (name: string) => fileURLToPath(new URL(`../../examples/sdk-clients/${name}.mjs`, import.meta.url));
type Run = Awaited<ReturnType<typeof runCli>>;

/** Each case's verdict line and the lines under it. */
function verdicts(stdout: string): Map<string, { passed: boolean; why: string }> {
  const found = new Map<string, { passed: boolean; why: string }>();
  const lines = stdout.split('\n');
  lines.forEach((line, index) => {
    const head = /^([✓✗]) ([a-z-]+) \(/.exec(line);
    if (!head) return;
    const why: string[] = [];
    for (let next = index + 1; lines[next]?.startsWith('    '); next += 1) why.push((lines[next] as string).trim());
    found.set(head[2] as string, { passed: head[1] === '✓', why: why.join('\n') });
  });
  return found;
}

describe('petstore-mock sdk-check', () => {
  const folder = useTempFolder('sdk-check');
  const runs: Record<string, Run> = {};
  beforeAll(async () => {
    // The three clients at once, each through every case (the cases run in parallel too).
    const names = ['well-behaved', 'naive-loop', 'ignores-http-date'];
    const results = await Promise.all(
      names.map((name) =>
        runCli(['sdk-check', '--parallel', '8', '--timeout', '20', '--', process.execPath, client(name)]),
      ),
    );
    names.forEach((name, index) => {
      runs[name] = results[index] as Run;
    });
  }, 60_000);

  it('passes a well-behaved client on every case, crediting its pacing and its giving up', () => {
    const run = runs['well-behaved'] as Run;
    expect(run.stdout).toMatch(/: 8 passed, 0 failed\n$/);
    expect(run.code).toBe(0);
    const found = verdicts(run.stdout);
    expect([...found.keys()].sort()).toEqual([...CASE_NAMES].sort());
    expect([...found.values()].every((verdict) => verdict.passed)).toBe(true);
    expect(found.get('day-exhausted')?.why).toMatch(/^gave up at once on Retry-After: 43\d{3} \(12 h\), as it should$/);
    expect(found.get('remaining-zero')?.why).toContain('paced itself');
  });

  it('fails a naive loop on every case with a wait, saying what it did', () => {
    const run = runs['naive-loop'] as Run;
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/: 1 passed, 7 failed\n$/);
    const found = verdicts(run.stdout);
    expect(found.get('slow-answers')?.passed).toBe(true);
    expect(found.get('limit-seconds')?.why).toMatch(
      /^retried \d+(\.\d)? s after a 429 that said Retry-After: [23] \(\d+ early retries in all\)/,
    );
    // The ban runs from the case's start: a client slow to start (a loaded machine) meets less of its 3 s.
    expect(found.get('ban')?.why).toMatch(/sent \d+ requests while banned \(the 403 said to wait [123] s\)/);
    expect(found.get('storm-all')?.why).toMatch(/retried [\d.]+ s after a 429 that said Retry-After: \d/);
    expect(found.get('day-exhausted')?.why).toMatch(/after a 429 that said Retry-After: \d+ \(\d+(\.\d)? h\)/);
  });

  it('fails a client that reads an HTTP-date Retry-After as 1 s on that case alone', () => {
    const run = runs['ignores-http-date'] as Run;
    expect(run.code).toBe(1);
    const found = verdicts(run.stdout);
    const failed = [...found.entries()].filter(([, verdict]) => !verdict.passed).map(([name]) => name);
    expect(failed).toEqual(['limit-http-date']);
    expect(found.get('limit-http-date')?.why).toMatch(
      /^retried 1(\.\d)? s after a 429 that said Retry-After: an HTTP-date [23] s ahead/,
    );
  });

  it('writes one JUnit test per case, and refuses an unknown case with exit code 2 and the list', async () => {
    const junit = join(folder(), 'reports', 'sdk.xml');
    const run = await runCli([
      'sdk-check',
      '--cases',
      'ban,day-exhausted',
      '--junit',
      junit,
      '--',
      process.execPath,
      client('naive-loop'),
    ]);
    expect(run.code).toBe(1);
    const xml = await readFile(junit, 'utf8');
    expect(xml.match(/<testcase /g)).toHaveLength(2);
    expect(xml).toContain('<failure message="sent ');
    const unknown = await runCli([
      'sdk-check',
      '--cases',
      'ban,no-such-case',
      '--',
      process.execPath,
      client('naive-loop'),
    ]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(`No such case: no-such-case. The cases are: ${CASE_NAMES.join(', ')}.`);
  }, 30_000);
});

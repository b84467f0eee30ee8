// `petstore-mock sdk-check` on the example clients, as a user runs it, with both cores kept busy
// by other work: a well-behaved client (in JavaScript and in Python's standard library) passes
// every case; a naive loop, a client that misreads HTTP-date Retry-After, and one built on the
// ky retry library fail the cases they should, in words that say what to change.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CASE_NAMES } from '../../src/sdk-check/catalogue.js';
import { CASE_KEY } from '../../src/sdk-check/run-case.js';
import { runCli } from '../support/cli.js';
import { verdicts } from '../support/sdk-check-verdicts.js';
import { useTempFolder } from '../support/temp-folder.js';

const example = (name: string) => fileURLToPath(new URL(`../../examples/sdk-clients/${name}`, import.meta.url));
type Run = Awaited<ReturnType<typeof runCli>>;

const failedCases = (run: Run) =>
  [...verdicts(run.stdout).entries()]
    .filter(([, verdict]) => !verdict.passed)
    .map(([name]) => name)
    .sort();

/** Busy loops on both cores for the length of the runs: the verdicts must not depend on load. */
function keepCoresBusy(): ChildProcess[] {
  return [0, 1].map(() =>
    spawn(process.execPath, ['-e', 'const end = Date.now() + 120_000; while (Date.now() < end);'], { stdio: 'ignore' }),
  );
}

const CLIENTS = {
  'well-behaved': [process.execPath, example('well-behaved.mjs')],
  'well-behaved (Python)': ['python3', example('well-behaved.py')],
  'naive-loop': [process.execPath, example('naive-loop.mjs')],
  'ignores-http-date': [process.execPath, example('ignores-http-date.mjs')],
  'ky-retry': [process.execPath, example('ky-retry.mjs')],
} as const;

describe('petstore-mock sdk-check on a loaded machine', () => {
  const folder = useTempFolder('sdk-check');
  const runs: Record<string, Run> = {};
  let load: ChildProcess[] = [];
  beforeAll(async () => {
    load = keepCoresBusy();
    // ky waits out its time limits on three cases: it runs beside the others, which run one after
    // another (each through every case at once), as a CI job runs one client.
    const run = (name: keyof typeof CLIENTS) =>
      runCli(['sdk-check', '--parallel', '11', '--timeout', '20', '--', ...CLIENTS[name]]).then((result) => {
        runs[name] = result;
      });
    const others = (async () => {
      for (const name of ['well-behaved', 'well-behaved (Python)', 'naive-loop', 'ignores-http-date'] as const)
        await run(name);
    })();
    await Promise.all([run('ky-retry'), others]);
    // A bound on a hang: about 80 s alone, over 120 s beside other work on a loaded machine.
  }, 300_000);
  afterAll(() => {
    for (const child of load) child.kill('SIGKILL');
  });

  it.each(['well-behaved', 'well-behaved (Python)'])(
    'passes %s on every case, crediting its pacing and its giving up',
    (name) => {
      const run = runs[name] as Run;
      expect(run.stdout).toMatch(new RegExp(`: ${CASE_NAMES.length} passed, 0 failed\\n$`));
      expect(run.code).toBe(0);
      const found = verdicts(run.stdout);
      expect([...found.keys()].sort()).toEqual([...CASE_NAMES].sort());
      expect(found.get('day-exhausted')?.why).toMatch(
        /^gave up at once on Retry-After: 43\d{3} \(12 h\), as it should$/,
      );
      expect(found.get('ban-long')?.why).toContain('gave up at once on Retry-After: 600 (the ban), as it should');
      expect(found.get('remaining-zero')?.why).toContain('paced itself');
    },
  );

  it('fails a naive loop on every case with a wait, saying what it did', () => {
    const run = runs['naive-loop'] as Run;
    expect(run.code).toBe(1);
    expect(failedCases(run)).toEqual(CASE_NAMES.filter((name) => name !== 'slow-answers').sort());
    const found = verdicts(run.stdout);
    expect(found.get('limit-seconds')?.why).toMatch(
      /^retried \d+(\.\d)? s after a 429 that said Retry-After: [23] \(\d+ early retries in all\)/,
    );
    // Armed by the first request: the client meets the whole 3 s ban, however late it started.
    expect(found.get('ban')?.why).toMatch(/sent \d+ requests while banned \(the 403 said to wait 3 s\)/);
    expect(found.get('in-flight')?.why).toContain('its requests together reached the ban');
    expect(found.get('reset-only')?.why).toMatch(/after a 429 that said no Retry-After, and X-RateLimit-Reset \d s/);
    expect(found.get('day-exhausted')?.why).toMatch(/after a 429 that said Retry-After: \d+ \(\d+(\.\d)? h\)/);
  });

  it('fails a client that reads an HTTP-date Retry-After as 1 s on that case alone', () => {
    const run = runs['ignores-http-date'] as Run;
    expect(run.code).toBe(1);
    expect(failedCases(run)).toEqual(['limit-http-date']);
    expect(verdicts(run.stdout).get('limit-http-date')?.why).toMatch(
      /^retried [0-2](\.\d)? s after a 429 that said Retry-After: an HTTP-date [23] s after the answer's Date/,
    );
  });

  it('fails ky where it reads dates against its own clock and where it would wait 12 hours, and says why', () => {
    const run = runs['ky-retry'] as Run;
    expect(failedCases(run)).toEqual(['day-exhausted', 'limit-http-date', 'reset-only']);
    const found = verdicts(run.stdout);
    // ky does not retry a 403: surfacing a ban is fine.
    expect(found.get('ban')?.why).toContain('surfaced the ban');
    expect(found.get('limit-http-date')?.why).toMatch(
      /^still waiting when the case's time limit \(20 s\) ended, .*reads the HTTP-date against its own clock/,
    );
    expect(found.get('reset-only')?.why).toContain('reads X-RateLimit-Reset against its own clock');
    expect(found.get('day-exhausted')?.why).toMatch(/surface a wait this long instead of waiting it out/);
    // One statement per verdict: never "still waiting" and "gave up" together.
    for (const verdict of found.values()) expect(verdict.why).not.toMatch(/still (waiting|running)[\s\S]*gave up/);
  });

  it('writes one JUnit test per case, and refuses an unknown case with exit code 2 and the list', async () => {
    const junit = join(folder(), 'reports', 'sdk.xml');
    const html = join(folder(), 'reports', 'sdk.html');
    // The naive loop, behind a line that prints its key as a careless client's error would.
    const leaky = [
      'sh',
      '-c',
      'echo "calling with key $PETSTORE_API_KEY" >&2; exec "$0" "$1"',
      ...CLIENTS['naive-loop'],
    ];
    const run = await runCli([
      'sdk-check',
      '--cases',
      'ban,day-exhausted',
      '--junit',
      junit,
      '--html',
      html,
      '--',
      ...leaky,
    ]);
    expect(run.code).toBe(1);
    const xml = await readFile(junit, 'utf8');
    expect(xml.match(/<testcase /g)).toHaveLength(2);
    expect(xml).toContain('<failure message="sent ');
    // No artifact of the run shows the key it used; each writes it as $PETSTORE_API_KEY.
    const page = await readFile(html, 'utf8');
    for (const text of [xml, page, run.stdout, run.stderr]) expect(text).not.toContain(CASE_KEY);
    expect(page).toContain('calling with key $PETSTORE_API_KEY');
    const unknown = await runCli(['sdk-check', '--cases', 'ban,no-such-case', '--', ...CLIENTS['naive-loop']]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(`No such case: no-such-case. The cases are: ${CASE_NAMES.join(', ')}.`);
  }, 60_000);
});

describe('petstore-mock sdk-check with a command that never reaches the API', () => {
  it('says once that the command could not be started, not a verdict per case', async () => {
    const run = await runCli(['sdk-check', '--', 'no-such-client-command', '--flag']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'The command no-such-client-command --flag could not be started (spawn no-such-client-command ENOENT). Check the command after --',
    );
    expect(run.stdout).not.toMatch(/^[✓✗] /m);
  }, 60_000);

  it('says once that the command ended before any request, with its output', async () => {
    const run = await runCli([
      'sdk-check',
      '--',
      process.execPath,
      '-e',
      'console.error("Error: Cannot find module ./client"); process.exit(3)',
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('ended (exit code 3) before sending any request, in every case');
    expect(run.stderr).toContain('Error: Cannot find module ./client');
    expect(run.stdout).not.toMatch(/^[✓✗] /m);
  }, 60_000);
});

// `petstore-mock sdk-check` on the example clients, as a user runs it, on a machine kept busy by
// other work (a busy loop, beside the test files jest runs at once): a well-behaved client passes
// every case; a naive loop, a client that misreads HTTP-date Retry-After, one built on the ky
// retry library and one that retries everything at once fail the cases they should, in words that
// say what to change. (The clients of other retry libraries, and Python's: sdk-check-libraries.test.ts.)
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CASE_NAMES } from '../../src/sdk-check/catalogue.js';
import { CASE_KEY } from '../../src/sdk-check/run-case.js';
import { runCli } from '../support/cli.js';
import {
  casesWith,
  expectEveryCasePassed,
  type ShownVerdict,
  seenInReport,
  verdicts,
} from '../support/sdk-check-verdicts.js';
import { useTempFolder } from '../support/temp-folder.js';

const example = (name: string) => fileURLToPath(new URL(`../../examples/sdk-clients/${name}`, import.meta.url));
type Run = Awaited<ReturnType<typeof runCli>>;
/** ky's run writes its report, kept for the words of a failure. */
const KY_REPORT = join(mkdtempSync(join(tmpdir(), 'petstore-sdk-check-ky-')), 'ky.html');

/**
 * A busy loop for the length of the runs: the verdicts must not depend on load. One: jest runs a
 * file more than there are cores beside this one, which keep the other cores busy.
 */
function keepACoreBusy(): ChildProcess[] {
  return [
    spawn(process.execPath, ['-e', 'const end = Date.now() + 120_000; while (Date.now() < end);'], { stdio: 'ignore' }),
  ];
}

const CLIENTS = {
  'well-behaved': [process.execPath, example('well-behaved.mjs')],
  'naive-loop': [process.execPath, example('naive-loop.mjs')],
  'ignores-http-date': [process.execPath, example('ignores-http-date.mjs')],
  'ky-retry': [process.execPath, example('ky-retry.mjs')],
  'blind-retry': [process.execPath, example('blind-retry.mjs')],
} as const;
type ClientName = keyof typeof CLIENTS;

/** The cases of a run with this status are exactly these; if not, the run's whole output says why. */
function expectCases(run: Run, status: ShownVerdict['status'], expected: readonly string[]): void {
  const found = casesWith(run.stdout, status);
  if (JSON.stringify(found) !== JSON.stringify([...expected].sort()))
    throw new Error(
      `Cases ${status}: ${found.join(', ')}; expected ${[...expected].sort().join(', ')}.\n${run.stdout}`,
    );
}

/** Said where a busy machine held the mock past the client's own timeout, and the case cannot tell. */
const HELD_PAST_TIMEOUT = /^undetermined: .*a busy machine held the mock past the client's own timeout/m;

/**
 * The cases failed are these, but for any a busy machine hid (the client's timeout fired on a
 * request the held mock had not answered: undetermined, saying so); the others did not fail.
 */
function expectFailedUnlessHeld(run: Run, expected: readonly string[]): Map<string, ShownVerdict> {
  const found = verdicts(run.stdout);
  const held = expected.filter(
    (name) => found.get(name)?.status === 'undetermined' && HELD_PAST_TIMEOUT.test(found.get(name)?.why ?? ''),
  );
  expectCases(
    run,
    'failed',
    expected.filter((name) => !held.includes(name)),
  );
  return new Map([...found].filter(([name]) => !held.includes(name)));
}

describe('petstore-mock sdk-check on a loaded machine', () => {
  const folder = useTempFolder('sdk-check');
  const runs: Partial<Record<ClientName, Run>> = {};
  let load: ChildProcess[] = [];
  beforeAll(async () => {
    load = keepACoreBusy();
    // Each client through every case at once (as --parallel 18 runs them), one client at a time:
    // a naive loop starved by more than the loop and jest's other files waits as long as a careful
    // client would, and the case cannot tell. The naive loop hangs on a stall and ky waits out 12
    // hours, both until a short time limit; the others get one well past their own timeouts (5 s)
    // and the retry after them, which they never reach.
    const run = (name: ClientName, timeout: number, ...args: string[]) =>
      runCli(['sdk-check', '--parallel', '18', '--timeout', String(timeout), ...args, '--', ...CLIENTS[name]]).then(
        (result) => {
          runs[name] = result;
        },
      );
    await run('naive-loop', 8);
    await run('ky-retry', 8, '--html', KY_REPORT);
    await run('well-behaved', 20);
    await run('ignores-http-date', 20);
    await run('blind-retry', 20, '--cases', 'fault-create-reset,fault-cut,clock-behind,reset-only');
    // A bound on a hang, well past the run's length on a loaded machine.
  }, 300_000);
  afterAll(async () => {
    for (const child of load) child.kill('SIGKILL');
    await rm(dirname(KY_REPORT), { recursive: true, force: true });
  });
  const runOf = (name: ClientName) => runs[name] as Run;

  it('passes the well-behaved client on every case, crediting its pacing, its giving up and its read before a create', () => {
    const run = runOf('well-behaved');
    expectCases(run, 'failed', []);
    expectEveryCasePassed(run.stdout, CASE_NAMES.length);
    expect(run.code).toBe(0);
    const found = verdicts(run.stdout);
    expect([...found.keys()].sort()).toEqual([...CASE_NAMES].sort());
    expect(found.get('day-exhausted')?.why).toMatch(/^gave up at once on Retry-After: 43\d{3} \(12 h\), as it should$/);
    expect(found.get('ban-long')?.why).toContain('gave up at once on Retry-After: 600 (the ban), as it should');
    expect(found.get('remaining-zero')?.why).toContain('paced itself');
    expect(found.get('clock-behind')?.why).toContain("measured the HTTP-date against the answer's Date");
    expect(found.get('fault-reset')?.why).toMatch(
      /^read again after each reset \(waits of [\d.]+ s, [\d.]+ s, [\d.]+ s(; chosen: [\d.]+ s, [\d.]+ s, [\d.]+ s, the rest spent on a CPU, queued for one, or on its way to the mock)?\)/,
    );
    expect(found.get('fault-stall')?.why).toMatch(/^timed the stalled read out after [\d.]+ s, and read again/);
    expect(found.get('fault-create-reset')?.why).toMatch(
      /^did not send POST \/v1\/pets again after its connection was reset \(it read first\): the mock holds the one it stored, id \d+$/,
    );
  });

  it('fails a naive loop on every case with a wait or a fault, saying what it did', () => {
    const run = runOf('naive-loop');
    expect(run.code).toBe(1);
    // in-flight: its at-once retry and a request sent together with the refused one look alike
    // where a starved machine held the mock past the wait; then it is undetermined, never passed.
    const found = verdicts(run.stdout);
    const inFlight = found.get('in-flight')?.status;
    expect(['failed', 'undetermined']).toContain(inFlight);
    expectCases(
      run,
      'failed',
      CASE_NAMES.filter(
        (name) =>
          name !== 'slow-answers' && name !== 'fault-create-reset' && (name !== 'in-flight' || inFlight === 'failed'),
      ),
    );
    // On a loaded machine a retry's request may come after its wait: then the words say when it woke.
    expect(found.get('limit-seconds')?.why).toMatch(
      /^(retried|woke to retry) \d+(\.\d)? s after a 429 that said Retry-After: [23]( \(\d+ early retries in all\))?(; its request came [\d.]+ s after the answer only because a busy machine made it wait for a CPU)?$/m,
    );
    // Armed by the first request: the client meets the whole 3 s ban, however late it started.
    expect(found.get('ban')?.why).toMatch(/sent \d+ requests? while banned \(the 403 said to wait 3 s\)/);
    expect(found.get('in-flight')?.why).toMatch(
      inFlight === 'failed'
        ? /^(retried|woke to retry) [\d.]+ s after a 429 that said Retry-After: [123]/
        : /^undetermined: /m,
    );
    // At once, into the ban (5 requests while limited); or, where a busy machine held its retries
    // past the window's end (seen beside three busy loops), at once by the waits it chose.
    expect(found.get('reset-only')?.why).toMatch(
      /^(retried 5 times before the wait was over \(waits of .*\), after 429s that said no Retry-After, and reached the ban|retried at once after 429s that said no Retry-After \(waits of .*; chosen: )/,
    );
    expect(found.get('clock-behind')?.why).toContain("this server's clock is 5 minutes behind this machine's");
    expect(found.get('day-exhausted')?.why).toMatch(/after a 429 that said Retry-After: \d+ \(\d+(\.\d)? h\)/);
    expect(found.get('fault-reset')?.why).toMatch(
      /^gave up on GET \/v1\/pets\?limit=1, after its connection was reset/,
    );
    expect(found.get('fault-cut')?.why).toMatch(/^gave up on GET \/v1\/pets\?limit=1, after its answer was cut short/);
    expect(found.get('fault-stall')?.why).toMatch(/^hung on a stalled answer: still waiting for the body/);
    expect(found.get('fault-unavailable')?.why).toMatch(
      /^(retried|woke to retry) \d+(\.\d)? s after a 503 that said Retry-After: 2/,
    );
  });

  it('fails a client that reads an HTTP-date Retry-After as 1 s on that case alone: in the clock case, its retries a second apart stay under the ban', () => {
    const run = runOf('ignores-http-date');
    const found = verdicts(run.stdout);
    // Its one-second timer: early by the clock, or, where a starved machine let its only retry out
    // after the wait, a wake in the middle of it that nothing else backs: undetermined, never passed.
    const dated = found.get('limit-http-date');
    expect(['failed', 'undetermined']).toContain(dated?.status);
    expect(run.code).toBe(dated?.status === 'failed' ? 1 : 0);
    expectCases(run, 'failed', dated?.status === 'failed' ? ['limit-http-date'] : []);
    expect(dated?.why).toMatch(
      dated?.status === 'failed'
        ? /^(retried|woke to retry) [0-2](\.\d)? s after a 429 that said Retry-After: an HTTP-date [34] s after the answer's Date/
        : /^undetermined: its retry came [\d.]+ s after a 429 .*; it woke [0-2](\.\d)? s after that answer, before the wait was over/m,
    );
    expect(found.get('clock-behind')?.why).toMatch(
      /^read the HTTP-date as past .*waited before each retry \(waits of .*\), which kept it under the ban/,
    );
  });

  it('passes ky on the HTTP-date and the reset-only cases, and fails it where it waits hours, retries at once or gives up', async () => {
    const run = runOf('ky-retry');
    // Where ky's verdicts are not those its documentation predicts, what the mock saw says why.
    const shown = [...verdicts(run.stdout)].filter(([, verdict]) => !verdict.passed).map(([name]) => name);
    const seen = await seenInReport(KY_REPORT, shown);
    try {
      expectKyVerdicts(run);
    } catch (error) {
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${seen}`);
    }
  });

  function expectKyVerdicts(run: Run): void {
    const found = expectFailedUnlessHeld(run, ['clock-behind', 'day-exhausted', 'fault-cut', 'fault-stall']);
    // ky reads the date and X-RateLimit-Reset against its own clock: right, on the machine's clock.
    // (Or undetermined, where a busy machine hid when it sent: never failed.)
    for (const name of ['limit-http-date', 'reset-only'])
      expect(['passed', 'undetermined']).toContain(found.get(name)?.status);
    // ky does not retry a 403: surfacing a ban is fine.
    expect(found.get('ban')?.why).toContain('surfaced the ban');
    // A past date is a wait of 0: five retries at once, the fifth banned.
    if (found.has('clock-behind'))
      expect(found.get('clock-behind')?.why).toMatch(
        // 4 seen once beside two busy loops (one of its five not read as a retry): the ban is what its behaviour decides.
        /^retried [45] times before the wait was over \(waits of .*\), after 429s whose Retry-After named a date 5 s after the answer's Date, and reached the ban/,
      );
    if (found.has('day-exhausted'))
      expect(found.get('day-exhausted')?.why).toMatch(/surface a wait this long instead of waiting it out/);
    // ky's timeout covers the answer's head, not its body: a stalled body hangs it.
    if (found.has('fault-stall')) expect(found.get('fault-stall')?.why).toMatch(/^hung on a stalled answer/);
    // One statement per verdict: never "still waiting" and "gave up" together.
    for (const verdict of found.values()) expect(verdict.why).not.toMatch(/still (waiting|running)[\s\S]*gave up/);
  }

  it('shows the duplicate a blind resend of a lost create makes, with both ids', () => {
    const run = runOf('blind-retry');
    const found = verdicts(run.stdout);
    expect(found.get('fault-create-reset')?.why).toMatch(
      /^sent POST \/v1\/pets again [\d.]+ s after its connection was reset, without reading first: the first had been stored, so the mock now holds 2 of it, ids (\d+) and (?!\1)\d+\./,
    );
    // Reading again at once after a cut is not using the partial body.
    expect(found.get('fault-cut')?.status).toBe('passed');
    // Ten attempts at once: the fifth is banned, and it calls on while banned.
    for (const name of ['clock-behind', 'reset-only']) {
      expect(found.get(name)?.status).toBe('failed');
      // Five at once on a free machine; a starved one may hold a retry past the wait.
      expect(found.get(name)?.why).toMatch(/^retried [2-5] times before the wait was over .* and reached the ban/);
      expect(found.get(name)?.why).toMatch(/sent \d+ requests? while banned/);
    }
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
      'ban,day-exhausted,fault-create-reset',
      '--junit',
      junit,
      '--html',
      html,
      '--',
      ...leaky,
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/: 0 passed, 2 failed, 1 not exercised\n$/);
    const xml = await readFile(junit, 'utf8');
    expect(xml.match(/<testcase /g)).toHaveLength(3);
    expect(xml).toContain('<failure message="sent ');
    expect(xml).toMatch(/<skipped message="not exercised: the client made no create/);
    expect(xml).toContain('tests="3" failures="2" errors="0" skipped="1"');
    // No artifact of the run shows the key it used; each writes it as $PETSTORE_API_KEY.
    const page = await readFile(html, 'utf8');
    for (const text of [xml, page, run.stdout, run.stderr]) expect(text).not.toContain(CASE_KEY);
    expect(page).toContain('calling with key $PETSTORE_API_KEY');
    expect(page).toContain('1 not exercised');
    // Each case's requests as the mock saw them: the ban's first on a connection of its own, refused.
    expect(page).toMatch(
      /data-case="ban"[\s\S]*?the requests as the mock saw them[\s\S]*?<tr><td>1<\/td><td><code>GET \/v1\/pets\?limit=1<\/code><\/td><td>0\.000 s<\/td><td>1 \(new\)<\/td><td>403<\/td>/,
    );
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
    expect(run.stdout).not.toMatch(/^[✓✗–] /m);
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
    expect(run.stdout).not.toMatch(/^[✓✗–] /m);
  }, 60_000);
});

// `petstore-mock sdk-check` on clients built on the retry libraries SDKs ship with (ofetch, got,
// undici's RetryAgent, axios-retry) and on Python's standard library, each configured as its
// documentation advises: each gets the verdicts its documented behaviour deserves, and the same
// verdict on every case in two runs (beside jest's other files, which keep the machine busy).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { CASE_NAMES } from '../../src/sdk-check/catalogue.js';
import { runCli } from '../support/cli.js';
import { casesWith, MOST_UNDETERMINED, seenInReport, verdicts } from '../support/sdk-check-verdicts.js';

const example = (name: string) => fileURLToPath(new URL(`../../examples/sdk-clients/${name}`, import.meta.url));
type Run = Awaited<ReturnType<typeof runCli>> & { report: string };
/** Each run writes its report: a failure shows what the mock saw of the cases it names. */
const REPORTS = mkdtempSync(join(tmpdir(), 'petstore-sdk-check-libraries-'));

/**
 * Each client with the cases its library's documentation says it fails, and those it cannot be
 * judged on (it makes no create). Every other case passes.
 */
const CLIENTS = {
  // Retries after its own 0.5 s, whatever Retry-After says; a 403 and a broken body are not
  // retried; its timeout ends at the head; a set retry count applies to creates too.
  ofetch: {
    command: [process.execPath, example('ofetch-retry.mjs')],
    timeout: 10,
    failed: CASE_NAMES.filter((name) => !['ban', 'ban-long', 'slow-answers', 'fault-reset'].includes(name)),
    notExercised: [],
  },
  // Honours Retry-After (an HTTP-date read against its own clock), backs off without it.
  got: {
    command: [process.execPath, example('got-retry.mjs')],
    timeout: 15,
    failed: ['clock-behind'],
    notExercised: [],
  },
  // Waits at most maxTimeout (30 s), then retries; its body timeout is not among the errors it retries.
  undici: {
    command: [process.execPath, example('undici-retry.mjs')],
    timeout: 12,
    failed: ['day-exhausted', 'fault-stall'],
    notExercised: [],
  },
  // 3 retries from 0.2 s; a timeout is never retried, a network error always, creates included.
  'axios-retry': {
    command: [process.execPath, example('axios-retry.mjs')],
    timeout: 12,
    failed: ['reset-only', 'clock-behind', 'fault-cut', 'fault-stall', 'fault-create-reset'],
    notExercised: [],
  },
  // Its own careful loop over urllib; it reads only.
  'Python (urllib)': {
    command: ['python3', example('well-behaved.py')],
    timeout: 15,
    failed: [],
    notExercised: ['fault-create-reset'],
  },
} as const satisfies Record<
  string,
  { command: readonly string[]; timeout: number; failed: readonly string[]; notExercised: string[] }
>;
type ClientName = keyof typeof CLIENTS;

/**
 * The verdict of every case, as a line per case, for two runs to be compared; a case either run
 * could not judge (undetermined: a busy machine hid when the client sent, said with the case) is
 * left out, as it gave no verdict to differ.
 */
const table = (run: Run, undetermined: ReadonlySet<string>) =>
  [...verdicts(run.stdout).entries()]
    .filter(([name]) => !undetermined.has(name))
    .map(([name, verdict]) => `${name}: ${verdict.status}`)
    .sort()
    .join('\n');

describe('petstore-mock sdk-check on clients of retry libraries, twice', () => {
  const runs: Partial<Record<ClientName, [Run, Run]>> = {};
  beforeAll(async () => {
    // Every case at once, one run at a time. Each time limit stops a client that hangs on a stall
    // or waits out a long Retry-After, well past the longest case it passes (got's: its 10 s
    // timeout on a stall, then the read again; undici's: waits of 0.5, 1, 2 and 4 s).
    const run = async (name: ClientName, time: number): Promise<Run> => {
      const report = join(REPORTS, `${name}-${time}.html`);
      const options = ['--parallel', '18', '--timeout', String(CLIENTS[name].timeout), '--html', report];
      return { ...(await runCli(['sdk-check', ...options, '--', ...CLIENTS[name].command])), report };
    };
    for (const name of Object.keys(CLIENTS) as ClientName[]) runs[name] = [await run(name, 1), await run(name, 2)];
    // A bound on a hang, well past the runs' length on a loaded machine: ten runs took 205 s
    // beside two busy loops, and past 300 s beside three.
  }, 600_000);

  it.each(Object.keys(CLIENTS) as ClientName[])('%s: the same verdict on every case in both runs', async (name) => {
    const [first, second] = runs[name] as [Run, Run];
    expect(verdicts(first.stdout).size).toBe(CASE_NAMES.length);
    const undetermined = [first, second].map((run) => casesWith(run.stdout, 'undetermined'));
    // Past the bound, the run's whole output says which cases and why.
    undetermined.forEach((cases, run) => {
      if (cases.length > MOST_UNDETERMINED)
        throw new Error(
          `${name}: ${cases.length} cases undetermined (${cases.join(', ')}), at most ${MOST_UNDETERMINED} allowed.\n${[first, second][run]?.stdout}`,
        );
    });
    const either = new Set(undetermined.flat());
    const [once, again] = [first, second].map((run) => table(run, either));
    if (once !== again) {
      const flipped = CASE_NAMES.filter(
        (shown) => verdicts(first.stdout).get(shown)?.status !== verdicts(second.stdout).get(shown)?.status,
      );
      const seen = await Promise.all([first, second].map((run) => seenInReport(run.report, flipped)));
      throw new Error(
        `${name}: verdicts differ\n${once}\n---\n${again}\nfirst run: ${seen[0]}\nsecond run: ${seen[1]}`,
      );
    }
  });

  it.each(Object.keys(CLIENTS) as ClientName[])('%s: the verdicts its documentation predicts', async (name) => {
    const { failed, notExercised } = CLIENTS[name];
    for (const run of runs[name] as [Run, Run]) {
      // A case the run could not judge (undetermined) is not held to the prediction.
      const undetermined = new Set(casesWith(run.stdout, 'undetermined'));
      const found = { failed: casesWith(run.stdout, 'failed'), notExercised: casesWith(run.stdout, 'not-exercised') };
      const expected = {
        failed: [...failed].filter((name) => !undetermined.has(name)).sort(),
        notExercised: [...notExercised].sort(),
      };
      if (JSON.stringify(found) !== JSON.stringify(expected)) {
        const wrong = CASE_NAMES.filter((shown) => found.failed.includes(shown) !== expected.failed.includes(shown));
        const seen = await seenInReport(run.report, wrong);
        throw new Error(
          `${name}: ${JSON.stringify(found)}; expected ${JSON.stringify(expected)}.\n${run.stdout}\n${seen}`,
        );
      }
      expect(run.code).toBe(expected.failed.length > 0 ? 1 : 0);
    }
  });

  it('says what each library did wrong, in words that follow from its documented behaviour', () => {
    const [ofetch] = runs.ofetch as [Run, Run];
    const found = verdicts(ofetch.stdout);
    // Its 0.5 s wake, queued by a busy machine past the 2 s wait, cannot be told from a runtime's
    // own timer: the case is then undetermined, and says so.
    for (const run of runs.ofetch as [Run, Run]) {
      const stormPartial = verdicts(run.stdout).get('storm-partial');
      expect(stormPartial?.why).toMatch(
        stormPartial?.status === 'undetermined'
          ? /^undetermined: its retry came [\d.]+ s after a 429 that said Retry-After: 2, after the wait; it woke [01](\.\d)? s after that answer, before the wait was over/m
          : /^(retried|woke to retry) [01](\.\d)? s after a 429 that said Retry-After: 2(; its request came [\d.]+ s after the answer only because a busy machine made it wait for a CPU)?$/,
      );
    }
    expect(found.get('fault-create-reset')?.why).toMatch(
      /^sent POST \/v1\/pets again [\d.]+ s after its connection was reset/,
    );
    // Its timeout covers its retries: run out on a busy machine, its reads again are never sent.
    const faultReset = found.get('fault-reset');
    expect(faultReset?.why).toMatch(
      faultReset?.status === 'undetermined'
        ? /^undetermined: it waited [\d.]+ s after GET \/v1\/pets\?limit=1 broke \(its connection was reset before the answer\), then ended \(exit code 1\) with no request reaching the mock/
        : /^read again after each reset \(waits of [\d.]+ s, [\d.]+ s, [\d.]+ s(; chosen: [\d.]+ s, [\d.]+ s, [\d.]+ s, the rest spent on a CPU, queued for one, or on its way to the mock)?\)/,
    );
    const [got] = runs.got as [Run, Run];
    expect(verdicts(got.stdout).get('clock-behind')?.why).toMatch(
      // 4 seen once beside two busy loops (one of its five not read as a retry): the ban is what its behaviour decides.
      /^retried [45] times before the wait was over \(waits of .*\), after 429s whose Retry-After named a date 5 s after the answer's Date, and reached the ban/,
    );
    expect(verdicts(got.stdout).get('day-exhausted')?.why).toContain('gave up at once on Retry-After: 43');
    const [undici] = runs.undici as [Run, Run];
    expect(verdicts(undici.stdout).get('day-exhausted')?.why).toMatch(
      /^still waiting when the case's time limit \(12 s\) ended/,
    );
    expect(verdicts(undici.stdout).get('clock-behind')?.why).toMatch(
      /^read the HTTP-date as past .*waited before each retry/,
    );
    const [axios] = runs['axios-retry'] as [Run, Run];
    expect(verdicts(axios.stdout).get('reset-only')?.why).toMatch(/^no request after the 429: the client gave up/);
    expect(verdicts(axios.stdout).get('fault-create-reset')?.why).toMatch(/ids (\d+) and (?!\1)\d+\./);
  });
});

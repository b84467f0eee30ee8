// Runs the client through the chosen cases of the catalogue, a few at once, each in a world of
// its own (a scope of one mock, on a port of its own), with a line as each starts and ends (a CI
// run is never silent). On a contract of its own (--contract), each case runs in its words, or is
// skipped, with why, where it needs what the contract lacks (contract-cases.ts).
import type { ContractDraft } from '../openapi/contract-source/read-contract-file.js';
import { createCaseHost } from './case-world.js';
import { CASE_NAMES, CATALOGUE, type SdkCase } from './catalogue.js';
import { type PlannedCase, planCase } from './contract-cases.js';
import type { ContractProfile } from './contract-profile.js';
import { describeProfile } from './describe-profile.js';
import { type CaseResult, type ClientCommand, runCase, skippedResult } from './run-case.js';

export class UnknownCaseError extends Error {
  constructor(names: readonly string[]) {
    super(`No such case: ${names.join(', ')}. The cases are: ${CASE_NAMES.join(', ')}.`);
    this.name = 'UnknownCaseError';
  }
}

/** The command never reached the API in any case: one message for all, not a verdict per case. */
export class ClientDidNotRunError extends Error {
  constructor(shown: string, first: CaseResult) {
    const { run, output } = first;
    const tail = output.trim() ? `\nIts last output:\n${output.trim().replace(/^/gm, '  ')}` : '';
    super(
      run.startError
        ? `The command ${shown} could not be started (${run.startError}). Check the command after --: it is run as given, without a shell (write sh -c "..." for one).`
        : run.timedOut
          ? `The command ${shown} sent no request in ${run.timeoutSeconds} s, in any case. It must call the API at PETSTORE_BASE_URL with the key in PETSTORE_API_KEY; if it needs longer to start, raise --timeout.${tail}`
          : `The command ${shown} ended (exit code ${run.exitCode ?? 'none'}) before sending any request, in every case. It must call the API at PETSTORE_BASE_URL with the key in PETSTORE_API_KEY; run it by hand to see why it stops.${tail}`,
    );
    this.name = 'ClientDidNotRunError';
  }
}

export type SdkCheckOptions = {
  client: ClientCommand;
  /** Case names (default: every case). */
  cases?: readonly string[];
  /** Time limit of each case, in seconds. */
  timeoutSeconds: number;
  /** Cases run at once. */
  parallel: number;
  /** How many more times a case left undetermined runs, alone, after the others (default 1). */
  again?: number;
  /** The contract each case's mock serves (sdk-check --contract, read once); default: the built-in one. */
  contract?: ContractDraft;
  onProgress?: (line: string) => void;
};

export function selectCases(names: readonly string[] | undefined): SdkCase[] {
  if (!names || names.length === 0) return [...CATALOGUE];
  const unknown = names.filter((name) => !CASE_NAMES.includes(name));
  if (unknown.length > 0) throw new UnknownCaseError(unknown);
  return CATALOGUE.filter((entry) => names.includes(entry.name));
}

/** A run's verdicts, in the catalogue's order, and what it read from the contract served. */
export type SdkCheckRun = { results: CaseResult[]; profile: ContractProfile };

/** The client ended with no request and no connection to the API: the command, not the case, is at fault. */
const neverReached = ({ requests, run }: CaseResult) =>
  requests === 0 && !run.timedOut && (run.emptyConnections ?? []).length === 0;

export async function runSdkCheck(options: SdkCheckOptions): Promise<SdkCheckRun> {
  const chosen = selectCases(options.cases);
  const progress = options.onProgress ?? (() => undefined);
  const again = options.again ?? 1;
  const host = await createCaseHost(chosen.length * (1 + again), options.contract);
  const { profile } = host;
  const planned = chosen.map((testCase) => planCase(testCase, profile));
  const results: CaseResult[] = new Array(planned.length);
  if (options.contract) for (const line of describeProfile(profile, planned)) progress(line);
  planned.forEach((plan, index) => {
    if (plan.skipped === undefined) return;
    results[index] = skippedResult(plan, options.timeoutSeconds);
    progress(describeResult(results[index]));
  });
  const toRun = planned.flatMap((plan, index) => (plan.skipped === undefined ? [{ plan, index }] : []));
  let next = 0;
  const worker = async () => {
    while (next < toRun.length) {
      const { plan, index } = toRun[next] as { plan: PlannedCase; index: number };
      next += 1;
      progress(`… ${plan.case.name}: ${plan.case.reproduces}`);
      const result = {
        ...(await runCase(plan.case, options.client, options.timeoutSeconds, host)),
        adapted: plan.adapted,
      };
      results[index] = result;
      // A command that never reached the API is said once, at the end, not once per case.
      if (!neverReached(result)) progress(describeResult(result));
      // A command that cannot be started cannot be started in any case.
      else if (result.run.startError) next = toRun.length;
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.parallel, toRun.length)) }, worker));
    await runUndeterminedAgain(
      results,
      again,
      (testCase) => runCase(testCase, options.client, options.timeoutSeconds, host),
      progress,
    );
  } finally {
    await host.close();
  }
  const done = results.filter((result): result is CaseResult => result !== undefined);
  const ran = done.filter((result) => result.verdict.status !== 'skipped');
  if (ran.length > 0 && ran.every(neverReached))
    throw new ClientDidNotRunError([options.client.command, ...options.client.args].join(' '), ran[0] as CaseResult);
  for (const result of ran) if (neverReached(result)) progress(describeResult(result));
  return { results: done, profile };
}

/**
 * A case a busy machine left undetermined runs again, alone (the other cases' clients no longer
 * share the CPUs), up to `times` more times, until its readings judge it: the verdict is then the
 * client's, with what the first run could not see said beside it.
 */
async function runUndeterminedAgain(
  results: CaseResult[],
  times: number,
  rerun: (testCase: SdkCase) => Promise<CaseResult>,
  progress: (line: string) => void,
): Promise<void> {
  for (const [index, first] of results.entries()) {
    if (first?.verdict.status !== 'undetermined') continue;
    let latest = first;
    for (let attempt = 1; attempt <= times && latest.verdict.status === 'undetermined'; attempt += 1) {
      progress(`… ${first.case.name}: run again alone, as its run ${attempt} could not be judged`);
      const result = { ...(await rerun(first.case)), adapted: first.adapted, runNumber: attempt + 1 };
      const [count, ...rest] = result.verdict.notes;
      const why = latest.verdict.notes.at(-1)?.replace(/^undetermined: /, '') ?? '';
      const told = `run ${attempt + 1} of the case, alone: run ${attempt} was undetermined (${why})`;
      latest = { ...result, verdict: { ...result.verdict, notes: [...(count ? [count] : []), told, ...rest] } };
      progress(describeResult(latest));
    }
    results[index] = latest;
  }
}

/**
 * Each verdict's mark: passed, failed, not exercised or undetermined (neither), or skipped (not
 * run on this contract).
 */
export const VERDICT_MARKS = {
  passed: '✓',
  failed: '✗',
  'not-exercised': '–',
  undetermined: '?',
  skipped: '○',
} as const;

/** How many cases passed, failed, and (where any) were not exercised or skipped: "14 passed, 1 failed". */
export function tally(results: readonly CaseResult[]): string {
  const count = (status: keyof typeof VERDICT_MARKS) =>
    results.filter((result) => result.verdict.status === status).length;
  const idle = count('not-exercised');
  const unknown = count('undetermined');
  const skipped = count('skipped');
  return `${count('passed')} passed, ${count('failed')} failed${idle > 0 ? `, ${idle} not exercised` : ''}${unknown > 0 ? `, ${unknown} undetermined` : ''}${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}

/** One case's line: its mark, name, time and exit code, then why (or what was credited). */
export function describeResult({ case: testCase, verdict, run, runNumber }: CaseResult): string {
  const head =
    verdict.status === 'skipped'
      ? `${VERDICT_MARKS.skipped} ${testCase.name} (skipped on this contract)`
      : `${VERDICT_MARKS[verdict.status]} ${testCase.name} (${runNumber ? `run ${runNumber} alone, ` : ''}${Math.round(run.seconds * 10) / 10} s, exit code ${run.exitCode ?? 'none'})`;
  // The first note counts the requests: a run's, where there was one.
  const why =
    verdict.status === 'failed'
      ? verdict.reasons
      : verdict.status === 'skipped'
        ? verdict.notes
        : verdict.notes.slice(1);
  return [head, ...why.map((line) => `    ${line}`)].join('\n');
}

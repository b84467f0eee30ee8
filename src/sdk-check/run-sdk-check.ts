// Runs the client through the chosen cases of the catalogue, a few at once, each in a world of
// its own (a scope of one mock, on a port of its own), with a line as each starts and ends (a CI
// run is never silent).
import type { ContractDraft } from '../openapi/contract-source/read-contract-file.js';
import { createCaseHost } from './case-world.js';
import { CASE_NAMES, CATALOGUE, type SdkCase } from './catalogue.js';
import { type CaseResult, type ClientCommand, runCase } from './run-case.js';

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

export async function runSdkCheck(options: SdkCheckOptions): Promise<CaseResult[]> {
  const cases = selectCases(options.cases);
  const progress = options.onProgress ?? (() => undefined);
  const results: CaseResult[] = new Array(cases.length);
  const host = await createCaseHost(cases.length, options.contract);
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const index = next;
      next += 1;
      const testCase = cases[index] as SdkCase;
      progress(`… ${testCase.name}: ${testCase.reproduces}`);
      const result = await runCase(testCase, options.client, options.timeoutSeconds, host);
      results[index] = result;
      // A command that never reached the API is said once, at the end, not once per case.
      if (result.requests > 0 || result.run.timedOut) progress(describeResult(result));
      // A command that cannot be started cannot be started in any case.
      else if (result.run.startError) next = cases.length;
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.parallel, cases.length)) }, worker));
  } finally {
    await host.close();
  }
  const ran = results.filter((result): result is CaseResult => result !== undefined);
  if (ran.every((result) => result.requests === 0 && !result.run.timedOut))
    throw new ClientDidNotRunError([options.client.command, ...options.client.args].join(' '), ran[0] as CaseResult);
  for (const result of ran) if (result.requests === 0 && !result.run.timedOut) progress(describeResult(result));
  return ran;
}

/** Each verdict's mark: passed, failed, or not exercised (neither). */
export const VERDICT_MARKS = { passed: '✓', failed: '✗', 'not-exercised': '–' } as const;

/** How many cases passed, failed, and (where any) were not exercised: "14 passed, 1 failed". */
export function tally(results: readonly CaseResult[]): string {
  const count = (status: keyof typeof VERDICT_MARKS) =>
    results.filter((result) => result.verdict.status === status).length;
  const idle = count('not-exercised');
  return `${count('passed')} passed, ${count('failed')} failed${idle > 0 ? `, ${idle} not exercised` : ''}`;
}

/** One case's line: its mark, name, time and exit code, then why (or what was credited). */
export function describeResult({ case: testCase, verdict, run }: CaseResult): string {
  const head = `${VERDICT_MARKS[verdict.status]} ${testCase.name} (${Math.round(run.seconds * 10) / 10} s, exit code ${run.exitCode ?? 'none'})`;
  const why = verdict.status === 'failed' ? verdict.reasons : verdict.notes.slice(1);
  return [head, ...why.map((line) => `    ${line}`)].join('\n');
}

// `petstore-mock sdk-check [options] -- COMMAND [ARGS]`: the SDK author's client run through every
// rate-limit edge case and fault, a mock world each, with a verdict per case and an exit code for CI.
import type { Command } from 'commander';
import { CATALOGUE, type CaseNeed, MIN_CALLS } from '../sdk-check/catalogue.js';
import { CASE_NEEDS } from '../sdk-check/contract-cases.js';
import { addContractOptions, type ContractFlags, contractServerOptions } from './contract-options.js';
import { integerOption } from './parse-options.js';

type SdkCheckFlags = ContractFlags & {
  cases?: string;
  junit?: string;
  html?: string;
  timeout: number;
  parallel: number;
  again: number;
};

const DEFAULT_TIMEOUT_SECONDS = 30;
const DEFAULT_PARALLEL = 4;
const DEFAULT_AGAIN = 1;

/** What the cases need of a contract given with --contract, from the catalogue: each need with its cases. */
function describeNeeds(): string {
  const needs = Object.keys(CASE_NEEDS) as CaseNeed[];
  const lines = needs.map((need) => {
    const cases = CATALOGUE.filter((entry) => entry.needs?.includes(need)).map((entry) => entry.name);
    return `  ${cases.join(', ')}: ${CASE_NEEDS[need].asks}`;
  });
  const intro = [
    'With --contract FILE, every case runs on that contract: the client calls its own operations (the',
    "faults cover its reads and creates), sends the key in the contract's scheme (PETSTORE_API_KEY_IN",
    'is header, query, cookie or authorization; PETSTORE_API_KEY_NAME the header, parameter or cookie,',
    'or the Authorization scheme: Bearer, Basic with the key as the user name, or another), and reads',
    'the limit headers it declares. A refusal it does not declare is given all the same, marked',
    'X-Mock-Contract-Gap. A case that needs what the contract lacks is skipped, with why; the run and',
    '--html say which:',
  ];
  return `\n${intro.join('\n')}\n${lines.join('\n')}`;
}

/** The cases, from the catalogue itself: a new case shows in --help without a word here. */
function describeCases(): string {
  const width = CATALOGUE.reduce((widest, entry) => Math.max(widest, entry.name.length), 0);
  const lines = CATALOGUE.map((entry) => `  ${entry.name.padEnd(width)}  ${entry.reproduces}`);
  return `\nCases (all by default; --cases takes their names):\n${lines.join('\n')}\n${describeNeeds()}\n\nExample:\n  petstore-mock sdk-check --junit reports/sdk-check.xml -- npm run my-client-smoke-test`;
}

/** The contract given, read and checked once for every case (a refusal stops here), its warnings printed. */
async function readGivenContract(file: string, flags: ContractFlags) {
  const [{ resolveConfig }, { readContractFile }, { lintContractInBackground, renderContractWarnings }] =
    await Promise.all([
      import('../server/config.js'),
      import('../openapi/contract-source/read-contract-file.js'),
      import('../openapi/contract-source/lint-contract.js'),
    ]);
  // The options checked as serve checks them (a URL prefix that is not one is refused the same way).
  const config = resolveConfig({ ...contractServerOptions(flags), contract: file });
  const contract = await readContractFile(file, { allowUrls: config.contractAllowUrls, limits: config.contractLimits });
  const lint = lintContractInBackground(contract);
  void lint.warnings.then((warnings) => {
    if (warnings.length > 0) console.log(renderContractWarnings(warnings));
  });
  return contract;
}

export function registerSdkCheckCommand(program: Command): void {
  const sdkCheck = program
    .command('sdk-check')
    .description(
      "Run your client through every rate-limit edge case (limits, both Retry-After forms, none, a server clock behind the client's, storms, bans, the day used up, slow answers) and the faults beyond 429 (a reset, a cut answer, a stall, a 503, a lost create), and judge what it did.",
    )
    .argument(
      '<command...>',
      "your client's command, after --; it gets PETSTORE_BASE_URL and PETSTORE_API_KEY (and where to send the key: PETSTORE_API_KEY_IN, PETSTORE_API_KEY_NAME)",
    )
    .option('--cases <names>', 'only these cases, comma-separated')
    .option('--junit <file>', 'write one JUnit test per case (folders are created)')
    .option('--html <file>', "write one self-contained page: each case's verdict and timeline")
    .option(
      '--timeout <seconds>',
      "each case's time limit",
      integerOption('--timeout', { min: 1, max: 3_600 }),
      DEFAULT_TIMEOUT_SECONDS,
    )
    .option('--parallel <n>', 'cases run at once', integerOption('--parallel', { min: 1, max: 32 }), DEFAULT_PARALLEL)
    .option(
      '--again <n>',
      'run a case a busy machine left undetermined again, alone, up to n more times (0: never)',
      integerOption('--again', { min: 0, max: 5 }),
      DEFAULT_AGAIN,
    );
  addContractOptions(sdkCheck, "run each case's mock on")
    .addHelpText('after', describeCases)
    .action(async (words: string[], flags: SdkCheckFlags) => {
      // Loaded only by this command: a plain start never pays for it.
      const { ClientDidNotRunError, runSdkCheck, selectCases, tally, UnknownCaseError } = await import(
        '../sdk-check/run-sdk-check.js'
      );
      const names = flags.cases
        ?.split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      try {
        selectCases(names);
      } catch (error) {
        if (error instanceof UnknownCaseError)
          sdkCheck.error(`petstore-mock sdk-check: ${error.message}`, { exitCode: 2 });
        throw error;
      }
      const contract = flags.contract === undefined ? undefined : await readGivenContract(flags.contract, flags);
      const [command = '', ...args] = words;
      const shown = words.join(' ');
      let run: Awaited<ReturnType<typeof runSdkCheck>>;
      try {
        run = await runSdkCheck({
          client: { command, args },
          ...(names ? { cases: names } : {}),
          timeoutSeconds: flags.timeout,
          parallel: flags.parallel,
          again: flags.again,
          ...(contract ? { contract } : {}),
          onProgress: (line) => console.log(line),
        });
      } catch (error) {
        if (!(error instanceof ClientDidNotRunError)) throw error;
        console.error(`petstore-mock sdk-check: ${error.message}`);
        process.exitCode = 1;
        return;
      }
      const { results, profile } = run;
      const notes: string[] = [];
      if (flags.junit) {
        const { writeJunit } = await import('../sdk-check/junit-report.js');
        notes.push(`JUnit XML: ${await writeJunit(flags.junit, results)}`);
      }
      if (flags.html) {
        const { writeHtmlReport } = await import('../sdk-check/html-report.js');
        notes.push(`HTML report: ${await writeHtmlReport(flags.html, results, shown, contract ? profile : undefined)}`);
      }
      const failed = results.filter((result) => result.verdict.status === 'failed');
      console.log('');
      if (failed.length > 0) {
        console.log('Failed cases:');
        for (const result of failed) console.log(`  ${result.case.name}: ${result.verdict.reasons.join('; ')}`);
      }
      // A run in which the client met no case's edge checked nothing: it must not pass a CI.
      const noneExercised = results.every((result) =>
        ['not-exercised', 'undetermined', 'skipped'].includes(result.verdict.status),
      );
      const undetermined = results.filter((result) => result.verdict.status === 'undetermined').length;
      if (noneExercised)
        console.log(
          undetermined > 0
            ? `No case could be judged: ${undetermined} undetermined, where a busy machine hid what the client did, and none exercised otherwise (each case says why). Run again on a machine with a CPU free.`
            : `No case was exercised: the client met none of their edges (each case says why). Make ${MIN_CALLS} or more calls in one run.`,
        );
      for (const note of notes) console.log(note);
      console.log(`sdk-check of ${shown}: ${tally(results)}`);
      process.exitCode = failed.length > 0 || noneExercised ? 1 : 0;
    });
}

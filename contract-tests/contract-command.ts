// `petstore-mock contract`: checks any implementation of the Pet Store API against the contract.
// Exit code 0 only when every check passed, 1 when one failed, 2 when the command line names
// something the contract does not have. The suite's own command, beside it rather than in
// src/cli/: the mock's code never loads the suite; bin/ hands this command to the CLI, and the
// suite itself is loaded by the command's action only, so that other commands never pay for it.
import { existsSync } from 'node:fs';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { addContractOptions, type ContractFlags } from '../src/cli/contract-options.js';
import { integerOption } from '../src/cli/parse-options.js';
import { ConfigError } from '../src/server/config.js';
import { CHECK_KINDS, type CheckKind } from './check-kinds.js';
import { useGivenContract } from './given-contract.js';
import {
  API_KEY_VARIABLE,
  DAY_LIMIT_KEY_VARIABLE,
  planKeyVariables,
  RATE_LIMIT_KEY_VARIABLE,
} from './support/key-variables.js';
import {
  DEFAULT_ANSWER_TIMEOUT_SECONDS,
  DEFAULT_CHECK_TIMEOUT_SECONDS,
  DEFAULT_CONCURRENCY,
  DEFAULT_EXAMPLES,
} from './support/target.js';

type ContractCommandFlags = ContractFlags & {
  baseUrl: string;
  apiKey: string;
  junit?: string;
  html?: string;
  operations?: string;
  tags?: string;
  checks?: string;
  stableOnly?: boolean;
  rateLimitKey?: string;
  dayLimitKey?: string;
  checkBan?: boolean;
  planKey: string[];
  setPath: string[];
  auth: string[];
  header: string[];
  maxRateLimitRequests?: number;
  seed?: number;
  examples?: number;
  scope?: string;
  progress?: boolean;
  /** --concurrency N, or false with --no-concurrency. */
  concurrency?: number | false;
  timeout?: number;
  checkTimeout?: number;
  ca?: string;
  mockControl: boolean;
};

/** A CA file that exists: named at once when it does not, before any request. */
function caFileOption(value: string): string {
  if (!existsSync(value))
    throw new InvalidArgumentError(
      `--ca "${value}": no such file; give a PEM file of the CA that signed the target's certificate.`,
    );
  return value;
}

const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);

function checkBaseUrl(value: string): string {
  const problem = `--base-url "${value}" is not an http or https URL; give the API's {base_url}, e.g. http://127.0.0.1:4010/v1.`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(problem);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(problem);
  // A password in the URL would be written in every curl line and report, and the suite sends none.
  if (url.username !== '' || url.password !== '')
    throw new ConfigError(
      `--base-url "${url.protocol}//…@${url.host}${url.pathname}" carries a user and password: the suite sends the credentials of --api-key and --auth in the schemes the contract declares, and would write the password in every report. Give the URL without them.`,
    );
  return value;
}

export function registerContractCommand(program: Command): void {
  const contract = program
    .command('contract')
    .description('Check an implementation of the Pet Store API against the contract.')
    .addOption(
      new Option('--base-url <url>', "the implementation's {base_url}, e.g. http://127.0.0.1:4010/v1")
        .env('PETSTORE_BASE_URL')
        .makeOptionMandatory(),
    )
    .addOption(
      new Option(
        '--api-key <key>',
        "an API key of the implementation, sent in whichever scheme each operation declares (a header, the query, a cookie, a bearer token, basic's user name); a key of a low limit paces the run, which says so as it starts",
      )
        .env(API_KEY_VARIABLE)
        .makeOptionMandatory(),
    )
    .option(
      '--auth <scheme=value>',
      "the credential of one of the contract's security schemes, by its name there (repeatable); --api-key fills the others",
      (value: string, previous: string[]) => [...previous, value],
      [],
    )
    .option(
      '--header <header>',
      "a header sent on every request, 'NAME: VALUE' as curl takes it (repeatable); one that carries a scheme's credential (its API key's header, Authorization) is that scheme's",
      (value: string, previous: string[]) => [...previous, value],
      [],
    )
    .option(
      '--set-path <name=value>',
      "a value of a path parameter that no operation of the contract makes (your account's id in /Accounts/{AccountSid}/Calls), as Schemathesis's --set-path (repeatable); the suite makes its records under it",
      (value: string, previous: string[]) => [...previous, value],
      [],
    )
    .option('--junit <file>', 'write the results as JUnit XML (folders are created)')
    .option('--html <file>', 'write one self-contained page of the run: causes, operations, every failure')
    .option('--operations <ids>', 'only these operationIds, comma-separated')
    .option('--tags <tags>', 'only operations with these tags, comma-separated (Pets, Store)')
    .option('--checks <kinds>', `only these kinds of checks, comma-separated (${Object.keys(CHECK_KINDS).join(', ')})`)
    .option('--stable-only', 'leave out beta and experimental operations')
    .addOption(
      new Option(
        '--rate-limit-key <key>',
        "a key the suite may drive to its limit, to check the 429 (any key, the --api-key's too: it is used up after the checks that need its room)",
      ).env(RATE_LIMIT_KEY_VARIABLE),
    )
    .option('--check-ban', 'with --rate-limit-key, also drive the key into the ban')
    .addOption(
      new Option(
        '--day-limit-key <key>',
        "a key whose per-day limit is below its per-minute one (at most --max-rate-limit-requests), to check the day's window",
      ).env(DAY_LIMIT_KEY_VARIABLE),
    )
    .option(
      '--plan-key <plan=key>',
      "a key of a known plan, held to that plan's limits in the contract (repeatable; two of one plan check separate windows)",
      (value: string, previous: string[]) => [...previous, value],
      [],
    )
    .option(
      '--max-rate-limit-requests <n>',
      'most requests to reach the limit (default 2000)',
      integerOption('--max-rate-limit-requests', { min: 1, max: 1_000_000 }),
    )
    .option(
      '--seed <n>',
      'the seed of the generated requests: the same seed repeats a run (default: a new one, printed)',
      integerOption('--seed', { min: 0, max: 2 ** 31 - 2 }),
    )
    .option(
      '--examples <n>',
      `generated cases per operation and property (default ${DEFAULT_EXAMPLES}, lowered to fit the --api-key's day when it has less room)`,
      integerOption('--examples', { min: 1, max: 10_000 }),
    )
    .option(
      '--scope <name>',
      'send X-Mock-Scope: NAME on every request: a world of its own on a petstore-mock (runs at once stay apart)',
    )
    .option('--progress', 'show each check as it runs')
    .option(
      '--concurrency <n>',
      `checks run side by side, each with its own requests (default ${DEFAULT_CONCURRENCY}); a key's limit still paces them`,
      integerOption('--concurrency', { min: 1, max: 64 }),
    )
    .option(
      '--no-concurrency',
      'send one request at a time: one check at a time, and leave out the checks that send requests at once',
    )
    .option(
      '--timeout <seconds>',
      `the longest wait for an answer to start (default ${DEFAULT_ANSWER_TIMEOUT_SECONDS}; the whole answer may take twice as long)`,
      integerOption('--timeout', { min: 1, max: 3600 }),
    )
    .option(
      '--check-timeout <seconds>',
      `the longest a check may take of its own, waits for a key's window left out (default ${DEFAULT_CHECK_TIMEOUT_SECONDS})`,
      integerOption('--check-timeout', { min: 1, max: 86_400 }),
    )
    .option(
      '--ca <file>',
      "a PEM file of the CA that signed an HTTPS target's certificate, trusted besides the system's (as NODE_EXTRA_CA_CERTS)",
      caFileOption,
    )
    .option(
      '--no-mock-control',
      'on a petstore-mock target, neither read nor make keys through its control API, nor move the clock of a scope of its own there',
    );
  addContractOptions(contract, 'check against').action(async (flags: ContractCommandFlags, command: Command) => {
    const baseUrl = checkBaseUrl(flags.baseUrl);
    // Read (or refused) before anything else, and before the suite loads a contract.
    const given = flags.contract === undefined ? undefined : await useGivenContract(flags.contract, flags);
    try {
      await runContractCommand(baseUrl, flags, command);
    } finally {
      await given?.release();
    }
  });
}

async function runContractCommand(baseUrl: string, flags: ContractCommandFlags, command: Command): Promise<void> {
  // Said before any request: a mistyped name is the user's to mend, whatever the target.
  const pathValues = await parsePathValues(flags.setPath, command);
  const timeoutSeconds = flags.timeout ?? DEFAULT_ANSWER_TIMEOUT_SECONDS;
  // Loaded here, not with the command's options: its HTTP client (supertest) took ~50-90 ms of every serve's start.
  const { expectApiAt } = await import('./support/reachable.js');
  await expectApiAt(baseUrl, { timeoutMs: timeoutSeconds * 1000, ...(flags.ca ? { caFile: flags.ca } : {}) });
  // Progress always goes to stderr: lines in CI (not a terminal), one line in place on a terminal.
  const progress = flags.progress ? 'each-check' : process.stderr.isTTY ? 'status-line' : 'lines';
  const [{ runContractSuite }, { SelectionError }, { renderSummary }] = await Promise.all([
    import('./run-contract-suite.js'),
    import('./selection.js'),
    import('./report/summary.js'),
  ]);
  const planKeyList = await parsePlanKeys(flags.planKey, command);
  const given = await parseCredentials(flags, command);
  let result: Awaited<ReturnType<typeof runContractSuite>>;
  try {
    result = await runContractSuite({
      baseUrl,
      apiKey: flags.apiKey,
      ...(given.auth.length > 0 ? { auth: given.auth } : {}),
      ...(given.headers.length > 0 ? { headers: given.headers } : {}),
      progress,
      ...(flags.junit ? { junit: flags.junit } : {}),
      ...(flags.html ? { html: flags.html } : {}),
      ...(flags.operations ? { operations: list(flags.operations) } : {}),
      ...(flags.tags ? { tags: list(flags.tags) } : {}),
      ...(flags.checks ? { checks: list(flags.checks) as CheckKind[] } : {}),
      ...(flags.stableOnly ? { stableOnly: true } : {}),
      ...(flags.rateLimitKey ? { rateLimitKey: flags.rateLimitKey } : {}),
      ...(flags.checkBan ? { checkBan: true } : {}),
      ...(flags.dayLimitKey ? { dayLimitKey: flags.dayLimitKey } : {}),
      ...(planKeyList.length > 0 ? { planKeys: planKeyList } : {}),
      ...(pathValues.length > 0 ? { pathValues } : {}),
      ...(flags.maxRateLimitRequests ? { maxRateLimitRequests: flags.maxRateLimitRequests } : {}),
      ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
      ...(flags.examples ? { examples: flags.examples } : {}),
      ...(flags.scope ? { scope: flags.scope } : {}),
      ...(flags.concurrency === false ? { concurrency: false } : {}),
      ...(typeof flags.concurrency === 'number' ? { checksAtOnce: flags.concurrency } : {}),
      ...(flags.timeout ? { answerTimeoutSeconds: flags.timeout } : {}),
      ...(flags.checkTimeout ? { checkTimeoutSeconds: flags.checkTimeout } : {}),
      ...(flags.ca ? { caFile: flags.ca } : {}),
      ...(flags.mockControl ? {} : { mockControl: false }),
    });
  } catch (error) {
    if (error instanceof SelectionError) command.error(`petstore-mock contract: ${error.message}`, { exitCode: 2 });
    throw error;
  }
  const notes: string[] = [...result.notes];
  if (result.requests !== undefined) notes.push(`The run sent ${result.requests.toLocaleString('en-US')} requests.`);
  if (result.failed > 0) {
    const variables = [
      `$${API_KEY_VARIABLE}`,
      ...(flags.rateLimitKey ? [`$${RATE_LIMIT_KEY_VARIABLE}`] : []),
      ...(flags.dayLimitKey ? [`$${DAY_LIMIT_KEY_VARIABLE}`] : []),
      ...planKeyVariables(planKeyList.map(({ plan }) => plan)).map((variable) => `$${variable}`),
      ...given.variables.map((variable) => `$${variable}`),
    ];
    const readVariables = planKeyVariables(result.planKeysReadFromMock ?? []).map((variable) => `$${variable}`);
    const depth =
      result.examples !== undefined && result.examples !== flags.examples ? ` --examples ${result.examples}` : '';
    notes.push(
      `Each failure shows a curl line; set ${[...variables, ...readVariables].join(' and ')} to run it${readVariables.length > 0 ? ` (${readVariables.join(', ')}: keys the run read from the mock's /__mock/state)` : ''}. Repeat the run with --seed ${result.seed}${depth}.`,
    );
    for (const note of result.keyNotes) notes.push(note);
    process.exitCode = 1;
  }
  if (result.junit) notes.push(`JUnit XML: ${result.junit}`);
  if (result.html) notes.push(`HTML report: ${result.html}`);
  console.log(renderSummary(result, baseUrl, notes));
}

/** A header as curl takes it: a token, a colon, a value (RFC 9110 section 5.1's field name). */
const HEADER_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/;

/**
 * --auth SCHEME=VALUE pairs, each scheme one the contract declares, and --header 'NAME: VALUE'
 * lines; with the variable each is shown as in reports.
 */
async function parseCredentials(
  flags: Pick<ContractCommandFlags, 'auth' | 'header'>,
  command: Command,
): Promise<{
  auth: Array<{ scheme: string; value: string }>;
  headers: Array<{ name: string; value: string }>;
  variables: string[];
}> {
  const { SCHEMES, variableOf, AUTH_VARIABLE_PREFIX, HEADER_VARIABLE_PREFIX } = await import(
    './support/credentials.js'
  );
  const auth = flags.auth.map((pair) => {
    const at = pair.indexOf('=');
    const [scheme, value] = [pair.slice(0, Math.max(at, 0)), pair.slice(at + 1)];
    if (at < 1 || value === '')
      command.error('petstore-mock contract: --auth takes SCHEME=VALUE, e.g. --auth bearerAuth="$TOKEN".', {
        exitCode: 2,
      });
    if (!SCHEMES.has(scheme)) {
      const known = [...SCHEMES.keys()];
      command.error(
        `petstore-mock contract: --auth: "${scheme}" is not a security scheme of the contract; ${known.length > 0 ? `use one of ${known.join(', ')}` : 'it declares none'} (components.securitySchemes).`,
        { exitCode: 2 },
      );
    }
    return { scheme, value };
  });
  const headers = flags.header.map((line) => {
    const [, name, value] = HEADER_LINE.exec(line) ?? [];
    if (name === undefined || value === undefined)
      command.error(
        `petstore-mock contract: --header takes 'NAME: VALUE', as curl does (e.g. --header 'X-Tenant: blue').`,
        {
          exitCode: 2,
        },
      );
    return { name: name as string, value: value as string };
  });
  const variables = [
    ...auth.map(({ scheme }) => variableOf(AUTH_VARIABLE_PREFIX, scheme)),
    ...headers.map(({ name }) => variableOf(HEADER_VARIABLE_PREFIX, name)),
  ];
  return { auth, headers, variables: [...new Set(variables)] };
}

/** A NAME=VALUE option's two sides, both given: else the command ends, saying how to write it. */
function splitPair(pair: string, option: string, form: string, example: string, command: Command): [string, string] {
  const at = pair.indexOf('=');
  const name = pair.slice(0, Math.max(at, 0));
  const value = pair.slice(at + 1);
  if (at < 1 || value === '')
    command.error(`petstore-mock contract: ${option} takes ${form}, e.g. ${option} ${example}.`, { exitCode: 2 });
  return [name, value];
}

/** NAME=VALUE pairs, each NAME a path parameter of one of the contract's operations. */
async function parsePathValues(pairs: string[], command: Command): Promise<Array<{ name: string; value: string }>> {
  if (pairs.length === 0) return [];
  const { listOperations } = await import('./support/contract-spec.js');
  const names = new Set(
    listOperations().flatMap((operation) =>
      operation.parameters.filter((parameter) => parameter.in === 'path').map((parameter) => String(parameter.name)),
    ),
  );
  return pairs.map((pair) => {
    const [name, value] = splitPair(pair, '--set-path', 'NAME=VALUE', 'AccountSid=$ACCOUNT_SID', command);
    if (!names.has(name))
      command.error(
        `petstore-mock contract: --set-path: no operation of the contract has a path parameter {${name}}; its path parameters are ${[...names].sort().join(', ') || 'none'}.`,
        { exitCode: 2 },
      );
    return { name, value };
  });
}

/** PLAN=KEY pairs, each plan one the contract's x-rate-limits names with figures of its own. */
async function parsePlanKeys(pairs: string[], command: Command): Promise<Array<{ plan: string; key: string }>> {
  const { planFigures, plansWithFigures } = await import('./support/plan-figures.js');
  return pairs.map((pair) => {
    const [plan, key] = splitPair(pair, '--plan-key', 'PLAN=KEY', 'free=$FREE_KEY', command);
    if (!planFigures(plan)) {
      command.error(
        `petstore-mock contract: --plan-key: "${plan}" is not a plan with figures in the contract's x-rate-limits; use one of ${plansWithFigures().join(', ')}.`,
        { exitCode: 2 },
      );
    }
    return { plan, key };
  });
}

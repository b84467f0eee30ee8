// `petstore-mock contract`: checks any implementation of the Pet Store API against the contract.
// Exit code 0 only when every check passed. The suite's own command, beside it rather than in
// src/cli/: the mock's code never loads the suite; bin/ hands this command to the CLI.
import type { Command } from 'commander';
import { integerOption } from '../src/cli/parse-options.js';
import { ConfigError } from '../src/config.js';
import { renderSummary, runContractSuite } from './run-contract-suite.js';

type ContractFlags = {
  baseUrl: string;
  apiKey: string;
  junit?: string;
  operations?: string;
  tags?: string;
  stableOnly?: boolean;
  rateLimitKey?: string;
  checkBan?: boolean;
  maxRateLimitRequests?: number;
  progress?: boolean;
};

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
  return value;
}

export function registerContractCommand(program: Command): void {
  program
    .command('contract')
    .description('Check an implementation of the Pet Store API against the contract.')
    .requiredOption('--base-url <url>', "the implementation's {base_url}, e.g. http://127.0.0.1:4010/v1")
    .requiredOption('--api-key <key>', 'an API key of the implementation, with room for a few hundred requests')
    .option('--junit <file>', 'write the results as JUnit XML')
    .option('--operations <ids>', 'only these operationIds, comma-separated')
    .option('--tags <tags>', 'only operations with these tags, comma-separated (Pets, Store)')
    .option('--stable-only', 'leave out beta and experimental operations')
    .option('--rate-limit-key <key>', 'a key the suite may drive to its limit, to check the 429')
    .option('--check-ban', 'with --rate-limit-key, also drive the key into the ban')
    .option(
      '--max-rate-limit-requests <n>',
      'most requests to reach the limit (default 2000)',
      integerOption('--max-rate-limit-requests', { min: 1, max: 1_000_000 }),
    )
    .option('--progress', "show each check as it runs (jest's own output)")
    .action(async (flags: ContractFlags) => {
      const baseUrl = checkBaseUrl(flags.baseUrl);
      const result = await runContractSuite({
        baseUrl,
        apiKey: flags.apiKey,
        ...(flags.junit ? { junit: flags.junit } : {}),
        ...(flags.operations ? { operations: list(flags.operations) } : {}),
        ...(flags.tags ? { tags: list(flags.tags) } : {}),
        ...(flags.stableOnly ? { stableOnly: true } : {}),
        ...(flags.rateLimitKey ? { rateLimitKey: flags.rateLimitKey } : {}),
        ...(flags.checkBan ? { checkBan: true } : {}),
        ...(flags.maxRateLimitRequests ? { maxRateLimitRequests: flags.maxRateLimitRequests } : {}),
        ...(flags.progress ? { showProgress: true } : {}),
      });
      console.log(renderSummary(result, baseUrl));
      if (flags.junit) console.log(`\nJUnit XML: ${flags.junit}`);
      if (result.failed > 0) {
        console.log('\nEach failure shows a curl line; set PETSTORE_API_KEY to your key to run it.');
        process.exitCode = 1;
      }
    });
}

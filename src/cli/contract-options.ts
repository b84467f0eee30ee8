// --contract FILE and --contract-allow-urls, the same on serve, proxy, sdk-check and contract: a
// version of the Pet Store contract given at run time instead of the built-in one.
import { type Command, InvalidArgumentError } from 'commander';
import {
  CONTRACT_LIMIT_OPTIONS,
  type ContractLimitName,
  DEFAULT_CONTRACT_LIMITS,
  limitNamed,
} from '../openapi/contract-source/contract-limits.js';
import type { ContractWarning } from '../openapi/contract-source/lint-contract.js';
import type { MockServerOptions } from '../server/config.js';
import { commaList } from './shared-options.js';

export type ContractLimitFlags = Partial<Record<ContractLimitName, number>>;
export type ContractFlags = { contract?: string; contractAllowUrls?: string[]; contractLimit?: ContractLimitFlags };

/** The bounds' names and defaults, for --help: "file-bytes (10485760), ...". */
const LIMIT_NAMES = (Object.keys(CONTRACT_LIMIT_OPTIONS) as ContractLimitName[])
  .map((name) => `${CONTRACT_LIMIT_OPTIONS[name]} (${DEFAULT_CONTRACT_LIMITS[name]})`)
  .join(', ');

/** --contract-limit NAME=N, repeatable: each bound given once more wins. */
function parseContractLimit(value: string, previous: ContractLimitFlags = {}): ContractLimitFlags {
  const [option = '', figure = ''] = value.split('=', 2).map((part) => part.trim());
  const name = limitNamed(option);
  if (name === undefined) {
    throw new InvalidArgumentError(`"${option}" is not a bound of a contract; the bounds are ${LIMIT_NAMES}.`);
  }
  const bound = Number(figure);
  if (!/^\d+$/.test(figure) || !Number.isSafeInteger(bound) || bound < 1) {
    throw new InvalidArgumentError(
      `--contract-limit ${option}=N takes a whole number of at least 1, e.g. ${option}=${DEFAULT_CONTRACT_LIMITS[name] * 2}.`,
    );
  }
  return { ...previous, [name]: bound };
}

/** `what`: what the command does with the contract, e.g. "serve" or "check the implementation against". */
export function addContractOptions(command: Command, what: string): Command {
  return command
    .option(
      '--contract <file>',
      `${what} this version of the Pet Store contract instead of the built-in one: YAML or JSON, with $refs to files under its folder (path relative to the working directory)`,
    )
    .option(
      '--contract-allow-urls <prefixes>',
      "let the contract's $refs name URLs under these prefixes, comma-separated, e.g. https://schemas.example.com/ (by default a $ref to a URL is refused)",
      commaList,
    )
    .option(
      '--contract-limit <name=n>',
      `raise (or lower) a bound of what a given contract may ask, repeatable; a contract beyond one is refused naming it. The bounds and their defaults: ${LIMIT_NAMES}`,
      parseContractLimit,
    );
}

export function contractServerOptions(
  flags: ContractFlags,
): Pick<MockServerOptions, 'contract' | 'contractAllowUrls' | 'contractLimits'> {
  return {
    ...(flags.contract === undefined ? {} : { contract: flags.contract }),
    ...(flags.contractAllowUrls ? { contractAllowUrls: flags.contractAllowUrls } : {}),
    ...(flags.contractLimit ? { contractLimits: flags.contractLimit } : {}),
  };
}

/** Prints the warnings on a given contract when they arrive (a second or two after the start). */
export function printContractWarnings(
  warnings: Promise<readonly ContractWarning[]>,
  print: (text: string) => void,
): void {
  void warnings.then(async (found) => {
    if (found.length === 0) return;
    const { renderContractWarnings } = await import('../openapi/contract-source/lint-contract.js');
    print(renderContractWarnings(found));
  });
}

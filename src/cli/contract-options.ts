// --contract FILE and --contract-allow-urls, the same on serve, proxy, sdk-check and contract: a
// version of the Pet Store contract given at run time instead of the built-in one.
import type { Command } from 'commander';
import type { MockServerOptions } from '../config.js';
import type { ContractWarning } from '../openapi/contract-source/lint-contract.js';
import { commaList } from './shared-options.js';

export type ContractFlags = { contract?: string; contractAllowUrls?: string[] };

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
    );
}

export function contractServerOptions(flags: ContractFlags): Pick<MockServerOptions, 'contract' | 'contractAllowUrls'> {
  return {
    ...(flags.contract === undefined ? {} : { contract: flags.contract }),
    ...(flags.contractAllowUrls ? { contractAllowUrls: flags.contractAllowUrls } : {}),
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

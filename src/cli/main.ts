// The command line: argv -> a command. The only place that touches process exit codes; every
// failure a person can fix is printed as one sentence saying what went wrong and what to do.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, CommanderError } from 'commander';
import { PACKAGE_ROOT } from '../package-root.js';
import { endQuietlyWhenOutputCloses } from './closed-output.js';
import { registerProxyCommand } from './proxy-command.js';
import { registerSdkCheckCommand } from './sdk-check-command.js';
import { registerServeCommand } from './serve-command.js';

function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

/** Adds a subcommand to the program; bin/ passes the contract suite's this way (src/ never loads the suite). */
export type RegisterCommand = (program: Command) => void;

export async function main(argv: string[], moreCommands: readonly RegisterCommand[] = []): Promise<void> {
  endQuietlyWhenOutputCloses();
  const program = new Command()
    .name('petstore-mock')
    .description('Mock server and contract tests for the Pet Store API.')
    .version(packageVersion())
    .exitOverride()
    .showHelpAfterError('(add --help for the options)');
  registerServeCommand(program);
  registerProxyCommand(program);
  registerSdkCheckCommand(program);
  for (const register of moreCommands) register(program);
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? 0 : 2;
      return;
    }
    // Loaded only once something failed: the failures' classes would load what throws them (the Redis client too).
    const { exitCodeOf, isExpectedFailure } = await import('./expected-failures.js');
    if (isExpectedFailure(error)) {
      console.error(`petstore-mock: ${error.message}`);
      process.exitCode = exitCodeOf(error);
      return;
    }
    throw error;
  }
}

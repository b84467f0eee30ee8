// `petstore-mock serve`: options -> createMockServer -> banner; SIGINT and SIGTERM close the
// server (the writes under way finish first), then the process exits.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { type MockServerOptions, OPTION_RANGES } from '../config.js';
import { createMockServer } from '../server.js';
import { IN_MEMORY } from '../store/create-store.js';
import { renderBanner } from './banner.js';
import { integerOption } from './parse-options.js';
import {
  addListenOptions,
  addSimulationOptions,
  type ListenFlags,
  type SimulationFlags,
  sharedServerOptions,
} from './shared-options.js';

export const DEFAULT_DATA_FILE = 'data/db.json';

type ServeFlags = ListenFlags &
  SimulationFlags & {
    data: string;
    seed?: number;
    reset?: boolean;
    demoKeys: boolean;
    validateResponses: boolean;
  };

function describeDataOrigin(flags: ServeFlags): string {
  // The Redis location names its own origin (created, rebuilt or kept): only the mock knows it.
  if (flags.redis !== undefined) return '';
  if (flags.data === IN_MEMORY) return 'in memory: nothing is kept';
  if (flags.reset) return 'rebuilt from the fixtures';
  return existsSync(resolve(flags.data)) ? 'kept from earlier runs' : 'created from the fixtures';
}

export function registerServeCommand(program: Command): void {
  const serve = program
    .command('serve')
    .description('Serve the Pet Store API from its contract, with stateful data and rate limits.');
  addListenOptions(serve)
    .option('--data <file>', `data file, relative to the working directory, or ${IN_MEMORY}`, DEFAULT_DATA_FILE)
    .option('--seed <n>', 'faker seed of the fixture data', integerOption('--seed', OPTION_RANGES.seed))
    .option('--reset', 'rebuild the data file from the fixtures')
    .option('--no-demo-keys', 'leave the demo keys out of fresh data');
  addSimulationOptions(serve)
    .option('--no-validate-responses', "skip checking the mock's own responses (for load tests)")
    .action(async (flags: ServeFlags) => {
      const dataOrigin = describeDataOrigin(flags);
      const options: MockServerOptions = {
        ...sharedServerOptions(flags),
        data: flags.data,
        seed: flags.seed,
        reset: flags.reset,
        demoKeys: flags.demoKeys,
        validateResponses: flags.validateResponses,
      };
      const server = await createMockServer(options);
      const apiKeys = await server.data.read((view) => view.listApiKeys());
      console.log(renderBanner(server, dataOrigin, apiKeys));

      let closing = false;
      const shutDown = (signal: string) => {
        if (closing) return;
        closing = true;
        console.log(`\n${signal}: finishing the writes under way, then stopping.`);
        server.close().then(
          () => process.exit(0),
          (error: unknown) => {
            console.error(`petstore-mock: could not close cleanly: ${String(error)}`);
            process.exit(1);
          },
        );
      };
      process.once('SIGINT', () => shutDown('SIGINT'));
      process.once('SIGTERM', () => shutDown('SIGTERM'));
    });
}

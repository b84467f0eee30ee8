// `petstore-mock serve`: options -> createMockServer -> banner; SIGINT and SIGTERM close the
// server (the writes under way finish first), then the process exits. With --workers, the same
// in each of N processes under one primary (workers.ts).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { ConfigError, type MockServerOptions, OPTION_RANGES, resolveConfig } from '../server/config.js';
import type { MockServer } from '../server/server.js';
import { IN_MEMORY } from '../store/create-store.js';
import { renderBanner } from './banner.js';
import {
  addContractOptions,
  type ContractFlags,
  contractServerOptions,
  printContractWarnings,
} from './contract-options.js';
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
  SimulationFlags &
  ContractFlags & {
    data: string;
    seed?: number;
    reset?: boolean;
    watch?: boolean;
    demoKeys: boolean;
    validateResponses: boolean;
    workers?: number;
  };

function describeDataOrigin(flags: ServeFlags): string {
  // The Redis location names its own origin (created, rebuilt or kept): only the mock knows it.
  if (flags.redis !== undefined) return '';
  if (flags.data === IN_MEMORY) return 'in memory: nothing is kept';
  if (flags.reset) return 'rebuilt from the fixtures';
  return existsSync(resolve(flags.data)) ? 'kept from earlier runs' : 'created from the fixtures';
}

function serverOptions(flags: ServeFlags): MockServerOptions {
  return {
    ...sharedServerOptions(flags),
    ...contractServerOptions(flags),
    data: flags.data,
    seed: flags.seed,
    reset: flags.reset,
    watch: flags.watch,
    demoKeys: flags.demoKeys,
    validateResponses: flags.validateResponses,
  };
}

/** SIGINT and SIGTERM close the server (the requests under way finish first), then the process exits. */
function closeOnSignals(server: MockServer, announce: boolean): void {
  let closing = false;
  const shutDown = (signal: string) => {
    if (closing) return;
    closing = true;
    if (announce) console.log(`\n${signal}: finishing the writes under way, then stopping.`);
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
}

/** The banner; if its keys cannot be read (Redis lost right after the start), the server closes first. */
async function renderServerBanner(server: MockServer, dataOrigin: string, workers?: number): Promise<string> {
  try {
    const apiKeys = await server.data.read((view) => view.listApiKeys());
    return renderBanner(server, dataOrigin, apiKeys, workers);
  } catch (error) {
    await server.close();
    throw error;
  }
}

/** The server, loaded when serve runs: the other commands never load it. */
async function startServer(options: MockServerOptions): Promise<MockServer> {
  const { createMockServer } = await import('../server/server.js');
  return createMockServer(options);
}

async function serveOne(flags: ServeFlags): Promise<void> {
  // Before the start, which creates a missing data file.
  const dataOrigin = describeDataOrigin(flags);
  const server = await startServer(serverOptions(flags));
  const banner = await renderServerBanner(server, dataOrigin);
  // Before the banner: whoever reads it may send SIGTERM at once, before this process runs again.
  closeOnSignals(server, true);
  console.log(banner);
  printContractWarnings(server.contractWarnings, (text) => console.log(text));
}

/**
 * One process of --workers. The first does the start-time work of a single serve (the first fill,
 * --reset, the start options); the others join the state it prepared, and change nothing at start.
 */
async function serveAsWorker(flags: ServeFlags, workers: number): Promise<void> {
  const { isFirstWorker, releaseFromPrimary, reportServing, workerLabel } = await import('./workers.js');
  const label = workerLabel();
  const options: MockServerOptions = {
    ...serverOptions(flags),
    // The others wait for Redis when it is out of reach (a worker replaced during an outage):
    // the workers serving meanwhile answer 503 STATE_UNAVAILABLE, and all go on once it is back.
    ...(isFirstWorker() ? {} : { reset: false, applyStartToSharedState: false, waitForRedis: true }),
    // The first worker alone runs Spectral on a given contract: its warnings are printed once.
    lintContract: isFirstWorker(),
    log: (line) => console.log(`${label} ${line}`),
  };
  try {
    const server = await startServer(options);
    const banner = await renderServerBanner(server, describeDataOrigin(flags), workers);
    closeOnSignals(server, false);
    reportServing(banner);
    printContractWarnings(server.contractWarnings, (text) => console.log(text));
  } catch (error) {
    releaseFromPrimary();
    throw error;
  }
}

/** Before any worker starts: the options a worker would refuse, refused once by the primary. */
async function checkWorkerOptions(flags: ServeFlags, workers: number): Promise<void> {
  if (flags.redis === undefined) {
    throw new ConfigError(
      `--workers ${workers} runs ${workers} processes that must share one state: add --redis ` +
        'redis://HOST:PORT (a Redis you run, e.g. redis-server --port 6379), or leave out --workers to serve from one process.',
    );
  }
  const { describeRedisUrl } = await import('../redis/redis-connection.js');
  describeRedisUrl(flags.redis);
  const config = resolveConfig(serverOptions(flags));
  // A contract that cannot be served is said once, before any worker starts.
  if (typeof config.contract === 'string') {
    const { readContractFile } = await import('../openapi/contract-source/read-contract-file.js');
    await readContractFile(config.contract, { allowUrls: config.contractAllowUrls, limits: config.contractLimits });
  }
}

/** What to do instead of passing a file (or anything) as an argument to serve. */
function explainArguments(args: string[]): string {
  const [first = ''] = args;
  if (args.length === 1 && /\.ya?ml$/i.test(first)) {
    return (
      `petstore-mock serve takes a contract file as --contract: petstore-mock serve --contract ${first}. ` +
      'Without it, it serves its own contract, the Pet Store API (at /openapi.yaml once started).'
    );
  }
  if (args.length === 1 && /\.json$/i.test(first)) {
    return (
      `petstore-mock serve takes no file argument ("${first}"). To serve a data file of petstore-mock's, pass ` +
      `it as --data: petstore-mock serve --data ${first}; a version of the contract, as --contract: petstore-mock serve --contract ${first}.`
    );
  }
  return `petstore-mock serve takes options only, not "${args.join(' ')}": e.g. --port 4010 --data data/db.json (petstore-mock serve --help lists them).`;
}

export function registerServeCommand(program: Command): void {
  const serve = program
    .command('serve')
    .description('Serve the Pet Store API from its contract, with stateful data and rate limits.');
  addListenOptions(serve)
    .option('--data <file>', `data file, relative to the working directory, or ${IN_MEMORY}`, DEFAULT_DATA_FILE)
    .option('--seed <n>', 'faker seed of the fixture data', integerOption('--seed', OPTION_RANGES.seed))
    .option('--reset', 'rebuild the data file from the fixtures')
    .option('--watch', 'pick up edits to the data file while serving (an edit that breaks the contract is not taken)')
    .option('--no-demo-keys', 'leave the demo keys out of fresh data');
  addContractOptions(addSimulationOptions(serve), 'serve')
    .option(
      '--workers <n>',
      'serve with N processes on one port, sharing their state through --redis',
      integerOption('--workers', OPTION_RANGES.workers),
    )
    .option('--no-validate-responses', "skip checking the mock's own responses (for load tests)")
    // Taken, so that a file given as Prism (`prism mock spec.yaml`) or json-server (`json-server
    // db.json`) take one is explained, rather than refused as "too many arguments".
    .allowExcessArguments(true)
    .action(async (flags: ServeFlags, command: Command) => {
      if (command.args.length > 0) command.error(explainArguments(command.args), { exitCode: 2 });
      const workers = flags.workers;
      if (workers === undefined) return serveOne(flags);
      // Loaded with --workers only: node:cluster and the primary's care of its workers.
      const { isWorker, serveWithWorkers } = await import('./workers.js');
      if (isWorker()) return serveAsWorker(flags, workers);
      await checkWorkerOptions(flags, workers);
      process.exit(
        await serveWithWorkers({
          count: workers,
          log: (line) => console.log(line),
          warn: (line) => console.error(line),
        }),
      );
    });
}

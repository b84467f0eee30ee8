// `petstore-mock serve`: options -> createMockServer -> banner; SIGINT and SIGTERM close the
// server (the writes under way finish first), then the process exits. With --workers, the same
// in each of N processes under one primary (workers.ts).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import {
  ConfigError,
  DEFAULT_MAX_SCOPES,
  DEFAULT_REDIS_PREFIX,
  DEFAULT_SCOPE_IDLE_SECONDS,
  type MockServerOptions,
  OPTION_RANGES,
  resolveConfig,
} from '../config.js';
import type { Latency } from '../http/latency.js';
import type { StormSpec } from '../limits/storms.js';
import { connectRedis } from '../redis/redis-connection.js';
import { createMockServer, type MockServer } from '../server.js';
import { IN_MEMORY } from '../store/create-store.js';
import { renderBanner } from './banner.js';
import { integerOption } from './parse-options.js';
import { parseKeyOption, parseLatencyOption, parseStormOption, type StartKey } from './start-options.js';
import { isWorker, releaseFromPrimary, reportServing, serveWithWorkers, workerLabel } from './workers.js';

export const DEFAULT_PORT = 4010;
export const DEFAULT_DATA_FILE = 'data/db.json';

type ServeFlags = {
  port: number;
  host: string;
  data: string;
  seed?: number;
  reset?: boolean;
  demoKeys: boolean;
  retryAfterFormat: 'seconds' | 'http-date';
  banThreshold?: number;
  banSeconds?: number;
  clockStart?: string;
  clockFrozen?: boolean;
  validateResponses: boolean;
  controlToken?: string;
  key?: StartKey[];
  storm?: StormSpec;
  latency?: Latency;
  scopeIdleSeconds: number;
  maxScopes: number;
  redis?: string;
  redisPrefix: string;
  workers?: number;
  quiet?: boolean;
};

function describeDataOrigin(flags: ServeFlags): string {
  if (flags.data === IN_MEMORY) return 'in memory: nothing is kept';
  if (flags.reset) return 'rebuilt from the fixtures';
  return existsSync(resolve(flags.data)) ? 'kept from earlier runs' : 'created from the fixtures';
}

function serverOptions(flags: ServeFlags): MockServerOptions {
  return {
    port: flags.port,
    host: flags.host,
    data: flags.data,
    seed: flags.seed,
    reset: flags.reset,
    demoKeys: flags.demoKeys,
    retryAfterFormat: flags.retryAfterFormat,
    // Undefined ban fields would override the defaults.
    ban: {
      ...(flags.banThreshold === undefined ? {} : { threshold: flags.banThreshold }),
      ...(flags.banSeconds === undefined ? {} : { seconds: flags.banSeconds }),
    },
    clockStart: flags.clockStart,
    clockFrozen: flags.clockFrozen,
    validateResponses: flags.validateResponses,
    scopeIdleSeconds: flags.scopeIdleSeconds,
    maxScopes: flags.maxScopes,
    ...(flags.redis === undefined ? {} : { redis: flags.redis }),
    redisPrefix: flags.redisPrefix,
    controlToken: flags.controlToken ?? undefined,
    start: {
      ...(flags.key ? { keys: flags.key } : {}),
      ...(flags.storm ? { storm: flags.storm } : {}),
      ...(flags.latency ? { latency: flags.latency } : {}),
    },
    log: (line) => console.log(line),
    logRequests: !flags.quiet,
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

async function serveOne(options: MockServerOptions, flags: ServeFlags): Promise<void> {
  const dataOrigin = describeDataOrigin(flags);
  const server = await createMockServer(options);
  console.log(renderBanner(server, dataOrigin));
  closeOnSignals(server, true);
}

/** One of the processes of --workers: the primary did the start-time work, and prints the banner. */
async function serveAsWorker(options: MockServerOptions, flags: ServeFlags): Promise<void> {
  const label = workerLabel();
  const server = await createMockServer({
    ...options,
    reset: false,
    log: (line) => console.log(`${label} ${line}`),
  }).catch((error: unknown) => {
    releaseFromPrimary();
    throw error;
  });
  reportServing(renderBanner(server, describeDataOrigin(flags), flags.workers));
  closeOnSignals(server, false);
}

/** Once, before any worker starts: the options checked and Redis reached, so that a mistake stops the start at once. */
async function prepareSharedState(options: MockServerOptions): Promise<void> {
  const config = resolveConfig(options);
  const connection = await connectRedis(config.redis ?? '');
  await connection.close();
}

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('Serve the Pet Store API from its contract, with stateful data and rate limits.')
    .option(
      '-p, --port <port>',
      'TCP port (0 picks a free one)',
      integerOption('--port', OPTION_RANGES.port),
      DEFAULT_PORT,
    )
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--data <file>', `data file, relative to the working directory, or ${IN_MEMORY}`, DEFAULT_DATA_FILE)
    .option('--seed <n>', 'faker seed of the fixture data', integerOption('--seed', OPTION_RANGES.seed))
    .option('--reset', 'rebuild the data file from the fixtures')
    .option('--no-demo-keys', 'leave the demo keys out of fresh data')
    .option('--retry-after-format <format>', 'Retry-After as "seconds" or "http-date"', 'seconds')
    .option(
      '--ban-threshold <n>',
      'requests while limited that ban a key (default 10)',
      integerOption('--ban-threshold', OPTION_RANGES.banThreshold),
    )
    .option(
      '--ban-seconds <n>',
      'how long a ban lasts (default 600)',
      integerOption('--ban-seconds', OPTION_RANGES.banSeconds),
    )
    .option('--clock-start <date>', "start the mock's clock at this ISO 8601 instant")
    .option('--clock-frozen', "start with the mock's clock frozen")
    .option('--control-token <token>', 'require "Authorization: Bearer TOKEN" on the control API (/__mock)')
    .option('--key <name:plan[:perMinute:perDay]>', 'add or change an API key at start (repeatable)', parseKeyOption)
    .option('--storm <json>', 'start a 429 storm at start, e.g. \'{"fraction":0.5,"seconds":60}\'', parseStormOption)
    .option('--latency <ms|min-max>', 'add latency to every answer, e.g. 200 or 100-800', parseLatencyOption)
    .option(
      '--scope-idle-seconds <n>',
      'drop a scope (X-Mock-Scope) unused this many seconds, real time',
      integerOption('--scope-idle-seconds', OPTION_RANGES.scopeIdleSeconds),
      DEFAULT_SCOPE_IDLE_SECONDS,
    )
    .option(
      '--max-scopes <n>',
      'hold at most this many scopes at once',
      integerOption('--max-scopes', OPTION_RANGES.maxScopes),
      DEFAULT_MAX_SCOPES,
    )
    .option('--redis <url>', 'keep all state in this Redis, shared by every mock on it: redis://HOST:PORT[/DB]')
    .option('--redis-prefix <prefix>', 'the start of every Redis key the mock uses', DEFAULT_REDIS_PREFIX)
    .option(
      '--workers <n>',
      'serve with N processes on one port, sharing their state through --redis',
      integerOption('--workers', OPTION_RANGES.workers),
    )
    .option('--no-validate-responses', "skip checking the mock's own responses (for load tests)")
    .option('-q, --quiet', 'no line per request')
    .action(async (flags: ServeFlags) => {
      const options = serverOptions(flags);
      if (flags.workers === undefined) return serveOne(options, flags);
      if (flags.redis === undefined) {
        throw new ConfigError(
          `--workers ${flags.workers} runs ${flags.workers} processes that must share one state: add --redis ` +
            'redis://HOST:PORT (a Redis you run, e.g. redis-server --port 6379), or leave out --workers to serve from one process.',
        );
      }
      if (isWorker()) return serveAsWorker(options, flags);
      const code = await serveWithWorkers({
        count: flags.workers,
        prepare: () => prepareSharedState(options),
        log: (line) => console.log(line),
        warn: (line) => console.error(line),
      });
      process.exit(code);
    });
}

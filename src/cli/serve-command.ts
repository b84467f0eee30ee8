// `petstore-mock serve`: options -> createMockServer -> banner; SIGINT and SIGTERM close the
// server (the writes under way finish first), then the process exits.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import {
  DEFAULT_MAX_SCOPES,
  DEFAULT_REDIS_PREFIX,
  DEFAULT_SCOPE_IDLE_SECONDS,
  type MockServerOptions,
  OPTION_RANGES,
} from '../config.js';
import type { Latency } from '../http/latency.js';
import type { StormSpec } from '../limits/storms.js';
import { createMockServer } from '../server.js';
import { IN_MEMORY } from '../store/create-store.js';
import { renderBanner } from './banner.js';
import { integerOption } from './parse-options.js';
import { parseKeyOption, parseLatencyOption, parseStormOption, type StartKey } from './start-options.js';

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
  quiet?: boolean;
};

function describeDataOrigin(flags: ServeFlags): string {
  // The Redis location names its own origin (created, rebuilt or kept): only the mock knows it.
  if (flags.redis !== undefined) return '';
  if (flags.data === IN_MEMORY) return 'in memory: nothing is kept';
  if (flags.reset) return 'rebuilt from the fixtures';
  return existsSync(resolve(flags.data)) ? 'kept from earlier runs' : 'created from the fixtures';
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
    .option('--no-validate-responses', "skip checking the mock's own responses (for load tests)")
    .option('-q, --quiet', 'no line per request')
    .action(async (flags: ServeFlags) => {
      const dataOrigin = describeDataOrigin(flags);
      const options: MockServerOptions = {
        port: flags.port,
        host: flags.host,
        data: flags.data,
        seed: flags.seed,
        reset: flags.reset,
        demoKeys: flags.demoKeys,
        retryAfterFormat: flags.retryAfterFormat,
        ban: { threshold: flags.banThreshold, seconds: flags.banSeconds },
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
      // Undefined ban fields would override the defaults.
      options.ban = Object.fromEntries(Object.entries(options.ban ?? {}).filter(([, value]) => value !== undefined));
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

// The options `serve` and `proxy` share, defined once: where to listen, and how the simulation
// starts (keys, a storm, latency, the clock, Retry-After, bans, scopes). Each command adds its own.
import { type Command, Option } from 'commander';
import type { Latency } from '../http/latency.js';
import type { FaultSpec } from '../limits/faults.js';
import type { RetryAfterFormat } from '../limits/rate-limit-headers.js';
import type { StormSpec } from '../limits/storms.js';
import {
  DEFAULT_MAX_SCOPES,
  DEFAULT_REDIS_PREFIX,
  DEFAULT_SCOPE_IDLE_SECONDS,
  type MockServerOptions,
  OPTION_RANGES,
} from '../server/config.js';
import { integerOption } from './parse-options.js';
import {
  parseFaultOption,
  parseKeyOption,
  parseLatencyOption,
  parseStormOption,
  type StartKey,
} from './start-options.js';

export const DEFAULT_PORT = 4010;

export type ListenFlags = {
  port: number;
  host: string;
  allowedHosts?: string[];
  controlToken?: string;
  quiet?: boolean;
};

/** A comma-separated option, repeatable: "a,b" and "c" give [a, b, c]. */
export const commaList = (value: string, previous: string[] = []) => [
  ...previous,
  ...value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== ''),
];

export type SimulationFlags = {
  retryAfterFormat: RetryAfterFormat;
  banThreshold?: number;
  banSeconds?: number;
  clockStart?: string;
  clockFrozen?: boolean;
  key?: StartKey[];
  storm?: StormSpec;
  fault?: FaultSpec;
  latency?: Latency;
  scopeIdleSeconds: number;
  maxScopes: number;
  redis?: string;
  redisPrefix: string;
};

export function addListenOptions(command: Command): Command {
  return command
    .option(
      '-p, --port <port>',
      'TCP port (0 picks a free one)',
      integerOption('--port', OPTION_RANGES.port),
      DEFAULT_PORT,
    )
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option(
      '--allowed-hosts <names>',
      'host names to answer besides localhost, IP addresses and --host, comma-separated (".example.com": the domain and its subdomains)',
      commaList,
    )
    .option('--control-token <token>', 'require "Authorization: Bearer TOKEN" on the control API (/__mock)')
    .option('-q, --quiet', 'no line per request');
}

export function addSimulationOptions(command: Command): Command {
  return command
    .addOption(
      new Option('--retry-after-format <format>', 'the form of Retry-After')
        .choices(['seconds', 'http-date'] satisfies RetryAfterFormat[])
        .default('seconds'),
    )
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
    .option('--key <name:plan[:perMinute:perDay]>', 'add or change an API key at start (repeatable)', parseKeyOption)
    .option('--storm <json>', 'start a 429 storm at start, e.g. \'{"fraction":0.5,"seconds":60}\'', parseStormOption)
    .option(
      '--fault <json>',
      'start a fault at start (reset, cut, stall, unavailable), e.g. \'{"kind":"reset","fraction":0.1}\'',
      parseFaultOption,
    )
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
    .option('--redis <url>', 'keep all state in this Redis, shared by every process on it: redis://HOST:PORT[/DB]')
    .option('--redis-prefix <prefix>', 'the start of every Redis key used', DEFAULT_REDIS_PREFIX);
}

/** The server options of the shared flags; resolveConfig (src/server/config.ts) checks what commander does not. */
export function sharedServerOptions(flags: ListenFlags & SimulationFlags): MockServerOptions {
  const ban = Object.fromEntries(
    Object.entries({ threshold: flags.banThreshold, seconds: flags.banSeconds }).filter(
      // Undefined ban fields would override the defaults.
      ([, value]) => value !== undefined,
    ),
  );
  return {
    port: flags.port,
    host: flags.host,
    ...(flags.allowedHosts ? { allowedHosts: flags.allowedHosts } : {}),
    controlToken: flags.controlToken,
    retryAfterFormat: flags.retryAfterFormat,
    ban,
    clockStart: flags.clockStart,
    clockFrozen: flags.clockFrozen,
    scopeIdleSeconds: flags.scopeIdleSeconds,
    maxScopes: flags.maxScopes,
    ...(flags.redis === undefined ? {} : { redis: flags.redis }),
    redisPrefix: flags.redisPrefix,
    start: {
      ...(flags.key ? { keys: flags.key } : {}),
      ...(flags.storm ? { storm: flags.storm } : {}),
      ...(flags.fault ? { fault: flags.fault } : {}),
      ...(flags.latency ? { latency: flags.latency } : {}),
    },
    log: (line) => console.log(line),
    logRequests: !flags.quiet,
  };
}

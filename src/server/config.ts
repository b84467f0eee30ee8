// Public options -> one validated, frozen Config. Nothing below the CLI reads process.env or
// process.argv: what the server does is decided here, once.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { clockRangeProblem } from '../clock.js';
import type { SimulationStart } from '../control/simulation.js';
import { DEFAULT_SEED } from '../fixtures/default-seed.js';
import type { RetryAfterFormat } from '../limits/rate-limit-headers.js';
import type { BanPolicy } from '../limits/rate-limit-policy.js';
import {
  CONTRACT_LIMIT_OPTIONS,
  type ContractLimitName,
  type ContractLimits,
  DEFAULT_CONTRACT_LIMITS,
} from '../openapi/contract-source/contract-limits.js';
import type { ContractDraft } from '../openapi/contract-source/read-contract-file.js';
import type { ProxySettings } from '../proxy/proxy-steps.js';
import { IN_MEMORY } from '../store/create-store.js';

export type LogSink = (line: string) => void;

export type MockServerOptions = {
  /**
   * A version of the Pet Store contract to serve instead of the built-in one (--contract): the
   * path of its first file (YAML or JSON, relative to the working directory), or a draft already
   * read with readContractFile. Default: the built-in contract.
   */
  contract?: string | ContractDraft;
  /** URL prefixes the contract's $refs may name (--contract-allow-urls); none by default. */
  contractAllowUrls?: readonly string[];
  /** Bounds of what a given contract may ask other than DEFAULT_CONTRACT_LIMITS' (--contract-limit). */
  contractLimits?: Partial<ContractLimits>;
  /** Run the project's Spectral rules on a given contract once serving, as warnings (default true). */
  lintContract?: boolean;
  /** TCP port; 0 picks a free one. Default 0 (the CLI's default is 4010). */
  port?: number;
  /** Address to listen on. Default 127.0.0.1. */
  host?: string;
  /** Data file path, relative to the working directory, or ":memory:". Default ":memory:". */
  data?: string;
  /** Faker seed of the fixtures. */
  seed?: number;
  /** Rebuild the data file from the fixtures even if it exists. */
  reset?: boolean;
  /** Take edits made to the data file by hand while serving (serve --watch). */
  watch?: boolean;
  /** Include the demo keys in fresh data. Default true. */
  demoKeys?: boolean;
  /** Start the mock's clock at this instant (default: real time). */
  clockStart?: Date | string;
  /** Start with the clock frozen. */
  clockFrozen?: boolean;
  retryAfterFormat?: RetryAfterFormat;
  ban?: Partial<BanPolicy>;
  /** Proxy mode (`petstore-mock proxy`): forward the API to this upstream and check its answers. */
  proxy?: ProxySettings;
  /** Check the mock's own responses against the contract. Default true. */
  validateResponses?: boolean;
  /**
   * Called with each request before the mock handles it, which waits for it: sdk-check arms its
   * case on the client's first request. Not a CLI option.
   */
  beforeRequest?: (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;
  /**
   * Host names answered besides localhost, *.localhost, IP addresses and `host` (".example.com":
   * it and every name under it); any other Host gets 403 HOST_NOT_ALLOWED.
   */
  allowedHosts?: readonly string[];
  /** Require `Authorization: Bearer TOKEN` on the control API (/__mock). */
  controlToken?: string;
  /** Keys, a storm and latency to set up at start (and again on every reset); the default scope's only. */
  start?: SimulationStart;
  /** A scope unused this many seconds (real time) is dropped. Default 1800. */
  scopeIdleSeconds?: number;
  /** At most this many scopes at once. Default 1000. */
  maxScopes?: number;
  /** Keep all state in this Redis (redis://HOST:PORT[/DB]), shared by every mock process on it; default: lowdb. */
  redis?: string;
  /** The start of every Redis key the mock uses. Default "petstore-mock:". */
  redisPrefix?: string;
  /**
   * With --redis: whether this start sets the shared clock and applies `start` (keys, storm,
   * latency). Default: only when it filled or rebuilt the data, so that a process joining a
   * running mock changes nothing (serve --workers tells the first worker).
   */
  applyStartToSharedState?: boolean;
  /** With --redis: wait for Redis at start while it is out of reach, instead of failing. */
  waitForRedis?: boolean;
  /** Where request and error lines go; false for none. Default: none (the CLI logs to the console). */
  log?: LogSink | false;
  /** Log a line per request (default true when there is a log). */
  logRequests?: boolean;
};

export type Config = Readonly<{
  contract: string | ContractDraft | undefined;
  contractAllowUrls: readonly string[];
  contractLimits: ContractLimits;
  lintContract: boolean;
  port: number;
  host: string;
  data: string;
  seed: number;
  reset: boolean;
  watch: boolean;
  demoKeys: boolean;
  clockStart: Date | undefined;
  clockFrozen: boolean;
  retryAfterFormat: RetryAfterFormat;
  ban: Readonly<BanPolicy>;
  validateResponses: boolean;
  allowedHosts: readonly string[];
  controlToken: string | undefined;
  start: SimulationStart;
  scopeIdleSeconds: number;
  maxScopes: number;
  redis: string | undefined;
  redisPrefix: string;
  applyStartToSharedState: boolean | undefined;
  waitForRedis: boolean;
  log: LogSink;
  logRequests: boolean;
}>;

export const DEFAULT_REDIS_PREFIX = 'petstore-mock:';

/** A prefix is the start of key names: printable, no spaces or glob characters (the start scans for it). */
function requireRedisPrefix(prefix: string): string {
  if (!/^[A-Za-z0-9._:{}-]{1,100}$/.test(prefix)) {
    throw new ConfigError(
      `The Redis prefix "${prefix}" is not one: use 1 to 100 letters, digits, ".", "_", "-", ":", "{" or "}", e.g. petstore-mock:.`,
    );
  }
  return prefix;
}

/** The whole-number options and the values they take: checked here and by the CLI's parsers alike. */
export const OPTION_RANGES = {
  port: { min: 0, max: 65_535 },
  seed: { min: 0, max: 2 ** 32 - 1 },
  // As PATCH /__mock/settings takes them (spec/control.yaml, SettingsUpdate); a test compares.
  banThreshold: { min: 1, max: 1_000_000 },
  banSeconds: { min: 1, max: 31_536_000 },
  scopeIdleSeconds: { min: 1, max: 31_536_000 },
  maxScopes: { min: 1, max: 1_000_000 },
  // serve --workers: beyond the cores of a large machine, more processes only share them.
  workers: { min: 1, max: 64 },
} as const satisfies Record<string, OptionRange>;

export type OptionRange = Readonly<{ min: number; max: number }>;

/** The spec's x-rate-limits.ban: 10 requests while limited, then 600 seconds. */
export const DEFAULT_BAN: BanPolicy = { threshold: 10, seconds: 600 };

/** Half an hour idle drops a scope; a thousand at once stay well under 200 MB (npm run bench). */
export const DEFAULT_SCOPE_IDLE_SECONDS = 1_800;
export const DEFAULT_MAX_SCOPES = 1_000;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

function requireInteger(name: string, value: number, { min, max }: OptionRange): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}; got ${value}.`);
  }
  return value;
}

/** A host name as a Host header names it: letters, digits, "-", "_" and dots (a leading dot for a domain). */
function requireHostNames(names: readonly string[]): readonly string[] {
  for (const name of names) {
    if (!/^\.?[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/.test(name)) {
      throw new ConfigError(
        `"${name}" is not a host name for --allowed-hosts: give names such as mock.test or .example.com (that domain and every name under it), comma-separated.`,
      );
    }
  }
  return Object.freeze([...names]);
}

/** A prefix given to --contract-allow-urls: an http(s) URL, kept as the URL parser writes it. */
function requireUrlPrefixes(prefixes: readonly string[]): readonly string[] {
  return Object.freeze(
    prefixes.map((prefix) => {
      let url: URL | undefined;
      try {
        url = new URL(prefix);
      } catch {
        url = undefined;
      }
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
        throw new ConfigError(
          `"${prefix}" is not a URL prefix for --contract-allow-urls: give http(s) URLs without credentials, e.g. https://schemas.example.com/ (every document under it), comma-separated.`,
        );
      }
      return url.href;
    }),
  );
}

/** The bounds of a given contract: each one given a whole number of at least 1, the others their defaults. */
function requireContractLimits(given: Partial<ContractLimits>): ContractLimits {
  for (const [name, bound] of Object.entries(given) as Array<[ContractLimitName, unknown]>) {
    if (!(name in DEFAULT_CONTRACT_LIMITS)) {
      throw new ConfigError(
        `"${name}" is not a bound of a contract; the bounds are ${Object.keys(DEFAULT_CONTRACT_LIMITS).join(', ')}.`,
      );
    }
    if (!Number.isSafeInteger(bound) || (bound as number) < 1) {
      throw new ConfigError(
        `The bound ${CONTRACT_LIMIT_OPTIONS[name]} of a contract takes a whole number of at least 1; got ${JSON.stringify(bound)}.`,
      );
    }
  }
  return Object.freeze({ ...DEFAULT_CONTRACT_LIMITS, ...given });
}

function requireContract(contract: MockServerOptions['contract']): Config['contract'] {
  if (typeof contract === 'string' && contract.trim() === '') {
    throw new ConfigError(
      'The contract path is empty; give the path of its first file, e.g. --contract drafts/openapi.yaml.',
    );
  }
  return contract;
}

function requireToken(token: string | undefined): string | undefined {
  if (token !== undefined && token.length < 8) {
    throw new ConfigError('The control token must be at least 8 characters long; a short token is easy to guess.');
  }
  return token;
}

export function resolveConfig(options: MockServerOptions = {}): Config {
  const clockStart = options.clockStart === undefined ? undefined : new Date(options.clockStart);
  if (clockStart && Number.isNaN(clockStart.getTime())) {
    throw new ConfigError(
      `The clock start "${String(options.clockStart)}" is not a date; use ISO 8601, e.g. 2027-07-01T00:00:00Z.`,
    );
  }
  const outOfRange = clockStart && clockRangeProblem(clockStart.getTime());
  if (outOfRange) throw new ConfigError(`--clock-start ${String(options.clockStart)}: ${outOfRange}`);
  const retryAfterFormat = options.retryAfterFormat ?? 'seconds';
  if (retryAfterFormat !== 'seconds' && retryAfterFormat !== 'http-date') {
    throw new ConfigError(
      `The Retry-After format must be "seconds" or "http-date"; got "${String(retryAfterFormat)}".`,
    );
  }
  const data = options.data ?? IN_MEMORY;
  if (data.trim() === '') throw new ConfigError('The data file path is empty; pass a path or ":memory:".');
  const ban = { ...DEFAULT_BAN, ...options.ban };
  const watch = options.watch ?? false;
  if (watch && (data === IN_MEMORY || options.redis !== undefined)) {
    throw new ConfigError(
      `--watch picks up edits to the data file, and ${options.redis === undefined ? '--data :memory: keeps none' : 'with --redis the state is in Redis, not in a file'}: pass --data FILE (default data/db.json), or leave out --watch.`,
    );
  }
  return Object.freeze({
    contract: requireContract(options.contract),
    contractAllowUrls: requireUrlPrefixes(options.contractAllowUrls ?? []),
    contractLimits: requireContractLimits(options.contractLimits ?? {}),
    lintContract: options.lintContract ?? true,
    port: requireInteger('The port', options.port ?? 0, OPTION_RANGES.port),
    host: options.host ?? '127.0.0.1',
    data,
    seed: requireInteger('The seed', options.seed ?? DEFAULT_SEED, OPTION_RANGES.seed),
    reset: options.reset ?? false,
    watch,
    demoKeys: options.demoKeys ?? true,
    clockStart,
    clockFrozen: options.clockFrozen ?? false,
    retryAfterFormat,
    ban: Object.freeze({
      threshold: requireInteger('The ban threshold', ban.threshold, OPTION_RANGES.banThreshold),
      seconds: requireInteger('The ban duration in seconds', ban.seconds, OPTION_RANGES.banSeconds),
    }),
    validateResponses: options.validateResponses ?? true,
    allowedHosts: requireHostNames(options.allowedHosts ?? []),
    controlToken: requireToken(options.controlToken),
    start: structuredClone(options.start ?? {}),
    scopeIdleSeconds: requireInteger(
      'The scope idle time in seconds',
      options.scopeIdleSeconds ?? DEFAULT_SCOPE_IDLE_SECONDS,
      OPTION_RANGES.scopeIdleSeconds,
    ),
    maxScopes: requireInteger('The most scopes', options.maxScopes ?? DEFAULT_MAX_SCOPES, OPTION_RANGES.maxScopes),
    redis: options.redis,
    redisPrefix: requireRedisPrefix(options.redisPrefix ?? DEFAULT_REDIS_PREFIX),
    applyStartToSharedState: options.applyStartToSharedState,
    waitForRedis: options.waitForRedis ?? false,
    log: options.log === false || options.log === undefined ? () => undefined : options.log,
    logRequests: options.log !== false && options.log !== undefined && options.logRequests !== false,
  });
}

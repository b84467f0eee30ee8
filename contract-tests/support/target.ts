// What the suite checks: the target's base URL and keys, which operations and kinds of checks,
// and how deep. The runner writes this as JSON and names the file in PETSTORE_CONTRACT_CONFIG:
// the suite's one input.
import { readFileSync } from 'node:fs';
import type { CheckKind } from '../check-kinds.js';

export const CONFIG_VARIABLE = 'PETSTORE_CONTRACT_CONFIG';

/**
 * The file of the contract the suite checks against when it is not the built-in one (contract
 * --contract FILE): one JSON document, bundled by the mock's own reader. Set before the suite
 * loads the contract (support/contract-spec.ts), in this process and in jest's.
 */
export const CONTRACT_DOCUMENT_VARIABLE = 'PETSTORE_CONTRACT_DOCUMENT';

/** Generated cases per operation and property when --examples is not given. */
export const DEFAULT_EXAMPLES = 50;
/** Checks that run side by side when --concurrency is not given. */
export const DEFAULT_CONCURRENCY = 8;
/** The longest wait for an answer to start (--timeout), in seconds. */
export const DEFAULT_ANSWER_TIMEOUT_SECONDS = 30;
/** The longest a check may take of its own, waits for a key's window left out (--check-timeout), in seconds. */
export const DEFAULT_CHECK_TIMEOUT_SECONDS = 300;

export type ContractTarget = {
  /** The implementation's {base_url}, e.g. https://api.example.com/v1. */
  baseUrl: string;
  apiKey: string;
  /** The credential of one security scheme, by the contract's name of it (--auth SCHEME=VALUE); --api-key fills the others. */
  auth?: Array<{ scheme: string; value: string }>;
  /** Headers sent on every request (--header 'NAME: VALUE'); one that carries a scheme's credential is that scheme's. */
  headers?: Array<{ name: string; value: string }>;
  /** A key the suite may drive to its limit (and into a ban with checkBan). */
  rateLimitKey?: string;
  checkBan?: boolean;
  /** A key whose per-day limit is smaller than its per-minute one: the suite drives its day to the end. */
  dayLimitKey?: string;
  /** Keys of known plans (--plan-key PLAN=KEY), each held to its plan's figures in x-rate-limits. */
  planKeys?: Array<{ plan: string; key: string }>;
  /** Values of path parameters no operation makes (--set-path NAME=VALUE): the suite's records are made under them. */
  pathValues?: Array<{ name: string; value: string }>;
  /** Only these operationIds (all when empty). */
  operations?: string[];
  /** Only operations with one of these tags (all when empty). */
  tags?: string[];
  /** Leave out beta and experimental operations. */
  stableOnly?: boolean;
  /** Only these kinds of checks (all when empty). */
  checks?: CheckKind[];
  /** Most requests the rate-limit check may send to reach a limit. */
  maxRateLimitRequests?: number;
  /** The seed of every generated value: the same seed repeats a run exactly. */
  seed?: number;
  /** Generated cases per operation and property. */
  examples?: number;
  /** Sent as X-Mock-Scope on every request: a mock's world of its own for this run. */
  scope?: string;
  /** Whether the checks that send requests at once run (default: yes); off for targets that must see one at a time. */
  concurrency?: boolean;
  /** Whether keys may be read from and made through a petstore-mock's control API when it answers (default: yes). */
  mockControl?: boolean;
  /** Checks run side by side (--concurrency; default 8); with concurrency false, one. */
  checksAtOnce?: number;
  /** The longest wait for an answer to start, in seconds (--timeout). */
  answerTimeoutSeconds?: number;
  /** The longest a check may take of its own, in seconds (--check-timeout). */
  checkTimeoutSeconds?: number;
  /** A CA certificate file to trust besides the system's (--ca), for an HTTPS target. */
  caFile?: string;
};

/** What the runner read of the main key before the run: its limit headers and how fast it answered. */
export type KeyReading = {
  status: number;
  limit?: number;
  remaining?: number;
  /** Seconds from the answer's Date to its X-RateLimit-Reset. */
  resetInSeconds?: number;
  /** Milliseconds the target took to answer, the slowest of the first few requests. */
  latencyMs: number;
  /** The key's limits, when known: from a petstore-mock's state, or its plan's figures. */
  perMinute?: number;
  perDay?: number;
  /** Requests left in its day, when known. */
  dayRemaining?: number;
  /** Where the limits come from, as a person reads it. */
  limitsFrom?: string;
  /** How the key is named in messages: a demo key by its name, any other as its variable. */
  named: string;
  /** The key is banned (the contract's ban status and code), for this many seconds (its Retry-After). */
  bannedForSeconds?: number;
};

/** The header that puts a request in a mock's scope, and what a scope's name may be. */
export const SCOPE_HEADER = 'X-Mock-Scope';
export const SCOPE_NAME = /^[A-Za-z0-9._-]{1,64}$/;

/** What the runner adds for the suite's own bookkeeping. */
export type SuiteConfig = ContractTarget & {
  seed: number;
  /** Where the suite writes how many checks it planned, for the progress lines. */
  planFile?: string;
  /** The origin of a petstore-mock whose control API answered: a window's end is reached by moving its clock. */
  mockControlOrigin?: string;
  /** The limits of the rate-limit key when the run made it: unused before the run, with a day known. */
  madeRateLimitKey?: { perMinute: number; perDay: number };
  /** The keys the run made on a petstore-mock: no secret, deleted at the run's end, so shown as they are. */
  madeKeys?: string[];
  /** A key the run made to be banned, and its limits: a ban ends only on a mock whose clock the run moves. */
  madeBanKey?: { key: string; perMinute: number; perDay: number };
  /** Keys the run made on a petstore-mock each in a scope of its own, whose clock it moves: key -> scope. */
  ownScopes?: Record<string, string>;
  /** What the runner read of the main key before the run. */
  mainKeyReading?: KeyReading;
  /** The limits known of other keys (a petstore-mock's state), by value: to tell what a role can do. */
  knownLimits?: Record<string, { perMinute: number; perDay: number }>;
  /** Where the suite writes each check's own time and any skip decided while it ran. */
  outcomesFile?: string;
};

let cached: SuiteConfig | undefined;

export function contractTarget(): SuiteConfig {
  if (cached) return cached;
  const file = process.env[CONFIG_VARIABLE];
  if (!file) {
    throw new Error(
      `The contract suite needs ${CONFIG_VARIABLE}; run it with \`petstore-mock contract --base-url URL --api-key KEY\`.`,
    );
  }
  const target = JSON.parse(readFileSync(file, 'utf8')) as SuiteConfig;
  cached = { ...target, baseUrl: target.baseUrl.replace(/\/+$/, '') };
  return cached;
}

export function examplesPerProperty(): number {
  return contractTarget().examples ?? DEFAULT_EXAMPLES;
}

/** Sets the depth the run goes to (the start lowers it to fit a key's day), before any check runs. */
export function setExamplesPerProperty(examples: number): void {
  contractTarget().examples = examples;
}

export function answerTimeoutSeconds(target: ContractTarget): number {
  return target.answerTimeoutSeconds ?? DEFAULT_ANSWER_TIMEOUT_SECONDS;
}

export function answerTimeoutMs(): number {
  return answerTimeoutSeconds(contractTarget()) * 1000;
}

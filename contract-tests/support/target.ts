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

export type ContractTarget = {
  /** The implementation's {base_url}, e.g. https://api.example.com/v1. */
  baseUrl: string;
  apiKey: string;
  /** A key the suite may drive to its limit (and into a ban with checkBan). */
  rateLimitKey?: string;
  checkBan?: boolean;
  /** A key whose per-day limit is smaller than its per-minute one: the suite drives its day to the end. */
  dayLimitKey?: string;
  /** Keys of known plans (--plan-key PLAN=KEY), each held to its plan's figures in x-rate-limits. */
  planKeys?: Array<{ plan: string; key: string }>;
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

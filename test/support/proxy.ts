// Starts the validation proxy in front of an upstream for a test, on an OS-assigned loopback port,
// and judges its answers with the contract suite's own checks (independent of the proxy's).
import { expect } from '@jest/globals';
import { type Breakage, startBrokenProxy } from '../../contract-tests/proof/broken-proxy.js';
import { conformanceProblems } from '../../contract-tests/support/conformance.js';
import { listOperations } from '../../contract-tests/support/contract-spec.js';
import { createMockServer, type MockServer } from '../../src/server/server.js';

export type StartedProxy = { proxy: MockServer; logLines: string[] };

export type ProxyTestOptions = {
  errors?: boolean;
  timeoutMs?: number;
  simulateLimits?: boolean;
  /** Keep the proxy's state in this Redis (proxy --redis), under `redisPrefix`. */
  redis?: string;
  redisPrefix?: string;
  /** Keys and addresses whose counts and records the proxy keeps (its default otherwise). */
  maxSubjects?: number;
};

export async function startProxy(upstreamUrl: string, options: ProxyTestOptions = {}): Promise<StartedProxy> {
  const logLines: string[] = [];
  const origin = new URL(upstreamUrl);
  const proxy = await createMockServer({
    data: ':memory:',
    ...(options.redis ? { redis: options.redis, redisPrefix: options.redisPrefix } : {}),
    log: (line) => logLines.push(line),
    logRequests: false,
    proxy: {
      // A bound on a hung upstream, not a measure: a busy machine took over 5 s for a first create
      // (proxy-faults.test.ts: a 504 recorded for a pet stored upstream). A test of timeouts sets its own.
      upstream: { origin, basePath: origin.pathname.replace(/\/$/, ''), timeoutMs: options.timeoutMs ?? 30_000 },
      errors: options.errors === true,
      simulateLimits: options.simulateLimits === true,
      ...(options.maxSubjects === undefined ? {} : { maxSubjects: options.maxSubjects }),
    },
  });
  return { proxy, logLines };
}

export type Violation = { operationId: string; location: string; message: string; curl: string };

export async function violationsOf(proxy: MockServer): Promise<Violation[]> {
  const res = await fetch(`${proxy.origin}/__mock/violations`);
  return ((await res.json()) as { violations: Violation[] }).violations;
}

/** A broken mock in front of a correct one, counting the requests that reach it. */
export async function brokenUpstream(mock: MockServer, breakage: Breakage) {
  let hits = 0;
  const broken = await startBrokenProxy(mock.origin, {
    request: (request) => {
      hits += 1;
      return request;
    },
    ...(breakage.response ? { response: breakage.response } : {}),
  });
  return { url: `${broken.origin}/v1`, hits: () => hits, close: broken.close };
}

/** Expects an answer to keep the contract of `operationId`, as the contract suite judges any answer. */
export async function expectKeepsContract(operationId: string, res: Response, url: string): Promise<void> {
  const operation = listOperations().find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`The contract has no operation ${operationId}.`);
  const text = await res.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const exchange = {
    operationId,
    method: operation.method.toUpperCase(),
    url,
    requestHeaders: {},
    status: res.status,
    headers,
    body,
    text,
  };
  expect({ status: res.status, problems: conformanceProblems(operation, exchange) }).toEqual({
    status: res.status,
    problems: [],
  });
}

/** The three X-RateLimit-* values of an answer, as numbers. */
export function rateLimitOf(res: Response): { limit: number; remaining: number; reset: number } {
  return {
    limit: Number(res.headers.get('x-ratelimit-limit')),
    remaining: Number(res.headers.get('x-ratelimit-remaining')),
    reset: Number(res.headers.get('x-ratelimit-reset')),
  };
}

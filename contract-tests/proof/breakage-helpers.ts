// What the broken implementations of the proof share: reading and rewriting a proxied body,
// answering in the mock's place, and calling the mock behind the proxy.
import type { CheckKind } from '../check-kinds.js';
import type { Breakage, ProxiedRequest, ProxiedResponse } from './broken-proxy.js';

export type DepthBreakage = {
  /** Which Depth point of the issue it shows. */
  depth:
    | 'generated'
    | 'values'
    | 'lists'
    | 'rules'
    | 'rate limits'
    | 'concurrency'
    | 'meaning'
    | 'range'
    | 'edges'
    | 'plan limits';
  name: string;
  /** The operation the failure must name, and the rule, as the report words it. */
  operation: string;
  caughtAs: RegExp;
  /** The narrowest run that must catch it. */
  checks: CheckKind[];
  operations: string[];
  /** Needs a key the suite may drive into its limit and ban. */
  rateLimitKey?: boolean;
  /** Needs two keys of the free plan, given as --plan-key. */
  planKeys?: boolean;
  /** Needs a key whose day allows fewer requests than its minute (DAY_LIMITED_KEY), given as --day-limit-key. */
  dayLimitKey?: boolean;
  /** Needs the keys the run makes through the mock's control API (reached through the proxy). */
  mockControl?: boolean;
  breakage: (origin: string) => Breakage;
};

export const codePoints = (text: unknown) => (typeof text === 'string' ? [...text].length : 0);
export const bodyOf = (request: ProxiedRequest): Record<string, unknown> => {
  try {
    return JSON.parse(request.body || '{}') as Record<string, unknown>;
  } catch {
    return {};
  }
};
export const withBody = (request: ProxiedRequest, body: unknown): ProxiedRequest => ({
  ...request,
  body: JSON.stringify(body),
});
export const isPetWrite = (request: ProxiedRequest) =>
  (request.method === 'POST' && request.path === '/v1/pets') ||
  (request.method === 'PUT' && /^\/v1\/pets\/\d+$/.test(request.path));

export function refuse(request: ProxiedRequest, message: string): ProxiedResponse {
  return {
    status: 400,
    headers: {
      'content-type': 'application/json',
      'x-ratelimit-limit': '10000',
      'x-ratelimit-remaining': '9000',
      'x-ratelimit-reset': String(Math.ceil(Date.now() / 60_000) * 60),
    },
    body: JSON.stringify({
      code: 'INVALID_BODY',
      message: `${message} (${request.method} ${request.path})`,
      status: 400,
    }),
  };
}

/** A call to the mock behind the proxy, with the client's own key. */
export async function upstream(origin: string, request: ProxiedRequest, method: string, path: string, body?: unknown) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { 'x-api-key': request.headers['x-api-key'] ?? '', 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json().catch(() => undefined)) as Record<string, unknown> };
}

export const setHeader = (response: ProxiedResponse, name: string, value: string): ProxiedResponse => ({
  ...response,
  headers: { ...response.headers, [name]: value },
});

/** The proofs' key whose day allows 6 requests, and a twin without that day limit. */
export const DAY_LIMITED_KEY = 'contract-day-limited';
export const DAY_UNLIMITED_KEY = 'contract-day-unlimited';

// The rate-limit headers an answer carries, in the words its contract declares: the Pet Store's
// X-RateLimit-Limit/Remaining/Reset (Reset in Unix seconds) and the same under other names
// (GitHub's x-ratelimit-used, X-Rate-Limit-*, a Reset in seconds from now, Mastodon's Reset as a
// date-time); the IETF fields of
// draft-ietf-httpapi-ratelimit-headers, as separate RateLimit-Limit/-Remaining/-Reset (drafts up
// to 06), as `RateLimit: limit=…, remaining=…, reset=…` (draft 07), or as the structured
// `RateLimit: "default";r=…;t=…` with `RateLimit-Policy: "default";q=…;w=…` (draft 08 on); or
// none at all, for a contract that declares only Retry-After on its 429.
import type { Response } from 'express';
import type { RateLimitHeaders } from './rate-limit-policy.js';

/** What a header of a window says. */
/** `reset` the Unix second the window ends, `reset-at` that instant as a date-time (Mastodon's), `reset-after` seconds from now. */
export type WindowFact = 'limit' | 'remaining' | 'reset' | 'reset-at' | 'reset-after' | 'used' | 'resource';

/** The facts that say when a window ends, in each of their forms. */
export const RESET_FACTS: readonly WindowFact[] = ['reset', 'reset-at', 'reset-after'];

export type LimitHeaderDialect =
  | { kind: 'fields'; headers: ReadonlyArray<{ name: string; fact: WindowFact }> }
  | { kind: 'ietf-07' | 'ietf-structured'; policy: boolean }
  | { kind: 'none' };

/** The Pet Store's own: what a contract that declares no limit header at all gets too. */
export const PETSTORE_DIALECT: LimitHeaderDialect = {
  kind: 'fields',
  headers: [
    { name: 'X-RateLimit-Limit', fact: 'limit' },
    { name: 'X-RateLimit-Remaining', fact: 'remaining' },
    { name: 'X-RateLimit-Reset', fact: 'reset' },
  ],
};

export type LimitHeaderWriter = {
  /** The header names it writes, for browsers to read (CORS) and for a check of whether an answer has them. */
  names: readonly string[];
  set(res: Response, headers: RateLimitHeaders, nowMs: number): void;
  /** As `set`, with the Date on the same instant (see setCountedHeaders). */
  setCounted(res: Response, headers: RateLimitHeaders, nowMs: number): void;
  /** Whether the answer already carries them. */
  has(res: Response): boolean;
};

const secondsFrom = (headers: RateLimitHeaders, nowMs: number) =>
  Math.max(0, Math.ceil(headers.resetSeconds - nowMs / 1000));

function fieldValue(fact: WindowFact, headers: RateLimitHeaders, nowMs: number): string {
  switch (fact) {
    case 'limit':
      return String(headers.limit);
    case 'remaining':
      return String(headers.remaining);
    case 'reset':
      return String(headers.resetSeconds);
    case 'reset-at':
      return new Date(headers.resetSeconds * 1000).toISOString();
    case 'reset-after':
      return String(secondsFrom(headers, nowMs));
    case 'used':
      return String(headers.limit - headers.remaining);
    case 'resource':
      return 'default';
  }
}

/** The name and values of the headers of a dialect, for one window at `nowMs`. */
export function limitHeaderValues(
  dialect: LimitHeaderDialect,
  headers: RateLimitHeaders,
  nowMs: number,
): Array<[string, string]> {
  const window = headers.windowSeconds ?? 60;
  const reset = secondsFrom(headers, nowMs);
  switch (dialect.kind) {
    case 'fields':
      return dialect.headers.map(({ name, fact }) => [name, fieldValue(fact, headers, nowMs)]);
    case 'ietf-07':
      return [
        ['RateLimit', `limit=${headers.limit}, remaining=${headers.remaining}, reset=${reset}`],
        ...(dialect.policy ? [['RateLimit-Policy', `${headers.limit};w=${window}`] as [string, string]] : []),
      ];
    case 'ietf-structured':
      return [
        ['RateLimit', `"default";r=${headers.remaining};t=${reset}`],
        ...(dialect.policy
          ? [['RateLimit-Policy', `"default";q=${headers.limit};w=${window}`] as [string, string]]
          : []),
      ];
    case 'none':
      return [];
  }
}

export function createLimitHeaderWriter(
  dialect: LimitHeaderDialect,
  httpDate: (nowMs: number) => string,
): LimitHeaderWriter {
  const names = limitHeaderValues(dialect, { limit: 0, remaining: 0, resetSeconds: 0 }, 0).map(([name]) => name);
  // Named fields (the Pet Store's) are written straight from the window: this runs on every answer.
  const fields = dialect.kind === 'fields' ? dialect.headers : undefined;
  const set = fields
    ? (res: Response, headers: RateLimitHeaders, nowMs: number) => {
        for (const { name, fact } of fields) res.setHeader(name, fieldValue(fact, headers, nowMs));
      }
    : (res: Response, headers: RateLimitHeaders, nowMs: number) => {
        for (const [name, value] of limitHeaderValues(dialect, headers, nowMs)) res.setHeader(name, value);
      };
  const first = names[0];
  return {
    names,
    set,
    setCounted(res, headers, nowMs) {
      set(res, headers, nowMs);
      res.setHeader('Date', httpDate(nowMs));
    },
    has: (res) => first !== undefined && res.hasHeader(first),
  };
}

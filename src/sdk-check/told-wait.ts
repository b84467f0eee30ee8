// The instant a refusal told its client to wait for, as the client read it, on this machine's
// clock: a Retry-After in seconds counts from when the answer was sent (the client cannot have
// read it earlier, and a busy mock may send it later than it decided it), an HTTP-date names its
// own instant (RFC 9110 section 10.2.3), and a 429 without Retry-After leaves the reset its
// contract's limit headers name (X-RateLimit-Reset's Unix second, RateLimit's seconds from the
// answer). The judge holds each retry to that instant and to nothing else (not to the window's end).
import { type LimitHeaderDialect, PETSTORE_DIALECT } from '../limits/limit-header-dialect.js';
import { type ReadHeader, resetOf } from '../limits/read-limit-headers.js';

/** Reads one header of the answer as it was sent. */
export type HeaderOf = ReadHeader;

/** Refusals that tell a wait: a 429, a ban's 403, a 503. */
export const REFUSAL_STATUSES: readonly number[] = [429, 403, 503];

const single = (value: ReturnType<HeaderOf>) => (Array.isArray(value) ? value[0] : value)?.toString();

/**
 * The instant (this machine's milliseconds) the answer told its client to wait until, or undefined
 * where it told none. `sentMs` is when its head went out; `clockOffsetMs` is how far the mock's
 * clock stands from this machine's (the clock case: 5 minutes behind), which its dates are on;
 * `dialect` the limit headers its contract declares.
 */
export function toldWaitUntil(
  status: number,
  headerOf: HeaderOf,
  sentMs: number,
  clockOffsetMs: number,
  dialect: LimitHeaderDialect = PETSTORE_DIALECT,
): number | undefined {
  if (!REFUSAL_STATUSES.includes(status)) return undefined;
  const retryAfter = single(headerOf('Retry-After'))?.trim();
  if (retryAfter !== undefined && /^\d+$/.test(retryAfter)) return sentMs + Number(retryAfter) * 1000;
  if (retryAfter !== undefined) {
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return date - clockOffsetMs;
  }
  if (status !== 429) return undefined;
  const reset = resetOf(dialect, headerOf);
  if (reset === undefined) return undefined;
  return 'atUnixSeconds' in reset ? reset.atUnixSeconds * 1000 - clockOffsetMs : sentMs + reset.afterSeconds * 1000;
}

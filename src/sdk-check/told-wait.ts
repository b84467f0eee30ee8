// The instant a refusal told its client to wait for, as the client read it, on this machine's
// clock: a Retry-After in seconds counts from when the answer was sent (the client cannot have
// read it earlier, and a busy mock may send it later than it decided it), an HTTP-date names its
// own instant (RFC 9110 section 10.2.3), and a 429 without Retry-After leaves X-RateLimit-Reset.
// The judge holds each retry to that instant and to nothing else (not to the window's end).

/** Reads one header of the answer as it was sent. */
export type HeaderOf = (name: string) => number | string | readonly string[] | undefined;

/** Refusals that tell a wait: a 429, a ban's 403, a 503. */
export const REFUSAL_STATUSES: readonly number[] = [429, 403, 503];

const single = (value: ReturnType<HeaderOf>) => (Array.isArray(value) ? value[0] : value)?.toString();

/**
 * The instant (this machine's milliseconds) the answer told its client to wait until, or undefined
 * where it told none. `sentMs` is when its head went out; `clockOffsetMs` is how far the mock's
 * clock stands from this machine's (the clock case: 5 minutes behind), which its dates are on.
 */
export function toldWaitUntil(
  status: number,
  headerOf: HeaderOf,
  sentMs: number,
  clockOffsetMs: number,
): number | undefined {
  if (!REFUSAL_STATUSES.includes(status)) return undefined;
  const retryAfter = single(headerOf('Retry-After'))?.trim();
  if (retryAfter !== undefined && /^\d+$/.test(retryAfter)) return sentMs + Number(retryAfter) * 1000;
  if (retryAfter !== undefined) {
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return date - clockOffsetMs;
  }
  if (status !== 429) return undefined;
  const reset = Number(single(headerOf('X-RateLimit-Reset')));
  return Number.isFinite(reset) && reset > 0 ? reset * 1000 - clockOffsetMs : undefined;
}

// The Date header on the mock's clock (RFC 9110 section 6.6.1: the time the origin server made
// the answer). X-RateLimit-Reset, an HTTP-date Retry-After and the sunset are on that clock
// too, so a client or the contract suite reads them against the same "now" even when a test
// has moved or frozen the clock. Node writes the real time only when no Date was set.
import type { RequestHandler } from 'express';
import type { Clock } from '../clock.js';

/**
 * An IMF-fixdate of a time in ms, as Date's toUTCString writes it. It names whole seconds, so
 * the text of the current second is kept, not built again for every answer in that second.
 */
export function createHttpDateFormatter(): (ms: number) => string {
  let second = Number.NaN;
  let text = '';
  return (ms) => {
    const current = Math.floor(ms / 1000);
    if (current !== second) {
      text = new Date(ms).toUTCString();
      second = current;
    }
    return text;
  };
}

export function createDateHeader(clock: Clock): RequestHandler {
  const httpDate = createHttpDateFormatter();
  return (_req, res, next) => {
    res.setHeader('Date', httpDate(clock.nowMs()));
    next();
  };
}

// The Date header on the mock's clock (RFC 9110 section 6.6.1: the time the origin server made
// the answer). X-RateLimit-Reset, an HTTP-date Retry-After and the sunset are on that clock
// too, so a client or the contract suite reads them against the same "now" even when a test
// has moved or frozen the clock. Node writes the real time only when no Date was set.
import type { RequestHandler } from 'express';
import type { Clock } from '../clock.js';

export function createDateHeader(clock: Clock): RequestHandler {
  return (_req, res, next) => {
    res.setHeader('Date', new Date(clock.nowMs()).toUTCString());
    next();
  };
}

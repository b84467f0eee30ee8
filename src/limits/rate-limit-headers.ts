// The headers of the rate limit: X-RateLimit-* on every answer of the API, and Retry-After on a
// refusal, in the format the settings choose. The settings are read on every request, so that
// the control API can change them while serving.
import type { Response } from 'express';
import { createHttpDateFormatter } from '../http/date-header.js';
import type { BanPolicy, RateLimitHeaders } from './rate-limit-policy.js';

export type RetryAfterFormat = 'seconds' | 'http-date';

export type RateLimitSettings = {
  ban: BanPolicy;
  retryAfterFormat: RetryAfterFormat;
};

export function formatRetryAfter(seconds: number, format: RetryAfterFormat, nowMs: number): string {
  // RFC 9110 section 10.2.3: delta-seconds or an HTTP-date.
  return format === 'seconds' ? String(seconds) : new Date(nowMs + seconds * 1000).toUTCString();
}

export function setRateLimitHeaders(res: Response, headers: RateLimitHeaders): void {
  res.setHeader('X-RateLimit-Limit', String(headers.limit));
  res.setHeader('X-RateLimit-Remaining', String(headers.remaining));
  res.setHeader('X-RateLimit-Reset', String(headers.resetSeconds));
}

const httpDate = createHttpDateFormatter();

/**
 * The X-RateLimit-* of a request counted at `nowMs`, with the Date on that same instant: a client
 * reads X-RateLimit-Reset and an HTTP-date Retry-After against the Date, which was stamped when
 * the request came in, before any latency, or a clock moved meanwhile through another process.
 */
export function setCountedHeaders(res: Response, headers: RateLimitHeaders, nowMs: number): void {
  setRateLimitHeaders(res, headers);
  res.setHeader('Date', httpDate(nowMs));
}

// What a client did, per key: each request with its time on the mock's clock and its answer.
// The compliance report is computed from this record alone.

import type { components } from '../generated/control.js';

/** The control API's RecordedRequest, plus its time as a number for the report's arithmetic. */
export type RecordedRequest = components['schemas']['RecordedRequest'] & {
  atMs: number;
  /**
   * The instant the answer's Retry-After named, as sent: an HTTP-date has whole seconds only, so
   * a client that obeys it may come up to a second before atMs + retryAfterSeconds.
   */
  retryAtMs?: number;
};

/** The instant a Retry-After header names (delta-seconds from `atMs`, or an HTTP-date), if it is one. */
export function retryAtOf(header: unknown, atMs: number): number | undefined {
  if (typeof header !== 'string') return undefined;
  if (/^\d+$/.test(header)) return atMs + Number(header) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : date;
}

/** A record as the control API shows it: without the times kept for arithmetic. */
export function shownRequest({ atMs: _atMs, retryAtMs: _retryAtMs, ...request }: RecordedRequest) {
  return request;
}

/** The newest requests kept per key; older ones are dropped so that memory stays bounded. */
export const REQUEST_RECORD_LIMIT = 1_000;

/** A request as the rate limit hands it to the record, which numbers and dates it. */
export type RequestToRecord = Omit<RecordedRequest, 'index' | 'at'>;

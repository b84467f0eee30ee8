// What a client did, per key: each request with its time on the mock's clock and its answer.
// The compliance report is computed from this record alone.

import type { components } from '../generated/control.js';

/** The control API's RecordedRequest, plus its time as a number for the report's arithmetic. */
export type RecordedRequest = components['schemas']['RecordedRequest'] & { atMs: number };

/** The newest requests kept per key; older ones are dropped so that memory stays bounded. */
export const REQUEST_RECORD_LIMIT = 1_000;

/** A request as the rate limit hands it to the record, which numbers and dates it. */
export type RequestToRecord = Omit<RecordedRequest, 'index' | 'at'>;

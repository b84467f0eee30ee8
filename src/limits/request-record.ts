// What a client did, per key: each request with its time on the mock's clock and its answer.
// The compliance report is computed from this record alone.

export type RecordedRequest = {
  /** Position in the key's record since it was last cleared, from 1. */
  index: number;
  /** Mock-clock time the request arrived, ISO 8601. */
  at: string;
  atMs: number;
  method: string;
  path: string;
  operationId?: string;
  status: number;
  code?: string;
  /** Retry-After of a refused answer, in seconds from `at`. */
  retryAfterSeconds?: number;
  /** Refused by a storm rather than by the key's own limits. */
  storm?: boolean;
};

/** The newest requests kept per key; older ones are dropped so that memory stays bounded. */
export const REQUEST_RECORD_LIMIT = 1_000;

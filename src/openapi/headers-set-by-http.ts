// The headers of an answer that HTTP writes, whatever a contract declares of them: the mock
// neither makes them up nor judges them, and the contract suite does not either.

/**
 * Headers HTTP itself writes on an answer (its framing, its date, its media type): Node sets them
 * as the answer is sent, after the mock's check of it, and their value is the transport's, not the
 * API's. An answer is not judged on one a contract declares (a required Content-Length): OpenAPI
 * ignores a declared Content-Type, and the others follow from how the body is sent (RFC 9112 §6).
 */
export const SET_BY_HTTP: ReadonlySet<string> = new Set([
  'content-type',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'trailer',
  'date',
]);

// One breach of the contract seen by the proxy: logged in one line, kept in the scope's log, and
// counted on the request so that its answer can carry X-Contract-Violations.
import type { Request } from 'express';
import { curlLine } from '../http/curl-line.js';
import { redactSecrets } from '../http/redact-secrets.js';
import type { LogLine } from '../http/request-log.js';
import { requestOperation } from '../openapi/contract-pipeline.js';
import type { ViolationLog } from '../store/violation-log.js';
import type { RunLedger } from './run-ledger.js';
import { pathBelow } from './upstream-client.js';

export type ViolationSink = {
  violationsOf: (req: Request) => ViolationLog;
  log: LogLine;
  /** The upstream's {base_url}, for the curl line. */
  upstreamBase: string;
  /** The proxy's own base path (/v1), replaced by the upstream's in the curl line. */
  apiBasePath: string;
  /** The run's record for CI, beside the scope's log. */
  ledger?: RunLedger;
  /** Told when the scope's log could not keep a violation (Redis out of reach): the answer goes on. */
  onKeepFailure: (error: unknown) => void;
};

const counts = new WeakMap<Request, number>();

/** How many violations this exchange has had so far. */
export function violationCount(req: Request): number {
  return counts.get(req) ?? 0;
}

/** A curl line that sends the request again, straight to the upstream. */
const curlOf = (req: Request, sink: ViolationSink) =>
  curlLine(req, `${sink.upstreamBase}${pathBelow(req.originalUrl, sink.apiBasePath)}`);

export function recordViolation(
  sink: ViolationSink,
  req: Request,
  location: 'request' | 'response',
  message: string,
): void {
  const operationId = requestOperation(req)?.operationId ?? 'unknown';
  counts.set(req, violationCount(req) + 1);
  // A validator's message may quote what was sent, the key included.
  const told = redactSecrets(message, req.headers);
  sink.log(
    `CONTRACT VIOLATION ${operationId} ${location} ${req.method} ${redactSecrets(req.originalUrl, req.headers)}: ${told}`,
  );
  const violation = { operationId, location, message: told, at: new Date().toISOString(), curl: curlOf(req, sink) };
  // Kept in Redis when the state is shared: a failure there is told, the answer goes on.
  Promise.resolve()
    .then(() => sink.violationsOf(req).record(violation))
    .catch(sink.onKeepFailure);
  sink.ledger?.violation(violation);
}

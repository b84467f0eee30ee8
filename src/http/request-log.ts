// One line per request, written when the answer is finished: what a person tailing the log needs.
// The dashboard's polls (sent with X-Mock-Poll) are left out while they succeed: twice a second,
// they would bury the lines of the client under test.
import type { RequestHandler } from 'express';
import { sentMethod } from './head-as-get.js';
import { keyFingerprint, redactSecrets } from './redact-secrets.js';

export type LogLine = (line: string) => void;

/**
 * `hideSecrets`: the clients' keys are real ones (a proxy's): a line shows a key by its
 * fingerprint, and a URL that holds a key or Authorization value with it redacted.
 */
export function createRequestLog(log: LogLine, hideSecrets = false): RequestHandler {
  return (req, res, next) => {
    const startedNs = process.hrtime.bigint();
    res.on('finish', () => {
      if (res.statusCode < 400 && req.headers['x-mock-poll'] !== undefined) return;
      const ms = Number(process.hrtime.bigint() - startedNs) / 1e6;
      const key = req.get('X-API-Key');
      const scope = req.get('X-Mock-Scope');
      const code = res.statusCode >= 400 && typeof res.locals.errorCode === 'string' ? ` ${res.locals.errorCode}` : '';
      // An error whose contract declares no body: why it was refused, said here alone.
      const unsaid = typeof res.locals.errorUnsaid === 'string' ? res.locals.errorUnsaid : undefined;
      const why = unsaid
        ? ` (its answer has no body: ${hideSecrets ? redactSecrets(unsaid, req.headers) : unsaid})`
        : '';
      const url = hideSecrets ? redactSecrets(req.originalUrl, req.headers) : req.originalUrl;
      const shownKey = key && hideSecrets ? keyFingerprint(key) : key;
      log(
        `${sentMethod(req)} ${url} ${res.statusCode}${code} ${ms.toFixed(1)}ms${shownKey ? ` key=${shownKey}` : ''}${scope ? ` scope=${scope}` : ''}${why}`,
      );
    });
    next();
  };
}

// One line per request, written when the answer is finished: what a person tailing the log needs.
import type { RequestHandler } from 'express';

export type LogLine = (line: string) => void;

export function createRequestLog(log: LogLine): RequestHandler {
  return (req, res, next) => {
    const startedNs = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - startedNs) / 1e6;
      const key = req.get('X-API-Key');
      const code = res.statusCode >= 400 && typeof res.locals.errorCode === 'string' ? ` ${res.locals.errorCode}` : '';
      log(`${req.method} ${req.originalUrl} ${res.statusCode}${code} ${ms.toFixed(1)}ms${key ? ` key=${key}` : ''}`);
    });
    next();
  };
}

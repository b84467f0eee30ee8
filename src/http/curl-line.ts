// A shell-quoted curl line that sends a request again, for a report a person reproduces it from:
// the key as "$PETSTORE_API_KEY" in double quotes, for the shell to fill in, and Authorization as
// a note (redact-secrets.ts), so that no secret reaches the report.
import type { Request } from 'express';
import { API_KEY_VARIABLE, redactSecrets, SECRET_HEADERS } from './redact-secrets.js';

/** A curl line sending `req` again to `url` (its method, credentials as variables, content type, scope, body). */
export function curlLine(req: Request, url: string): string {
  const quote = (text: string) => `'${redactSecrets(text, req.headers).replaceAll("'", "'\\''")}'`;
  const parts = ['curl', '-X', req.method, quote(url)];
  for (const name of ['x-api-key', 'authorization', 'content-type', 'x-mock-scope']) {
    const value = req.headers[name];
    if (typeof value !== 'string') continue;
    if (name === 'x-api-key') parts.push('-H', `"${name}: ${API_KEY_VARIABLE}"`);
    else if (name in SECRET_HEADERS) parts.push('-H', `'${name}: ${SECRET_HEADERS[name]}'`);
    else parts.push('-H', quote(`${name}: ${value}`));
  }
  if (req.body !== undefined) parts.push('--data', quote(bodyText(req.body)));
  return parts.join(' ');
}

/** The body as JSON; one nested past what JSON.stringify's recursion takes is named, not written. */
function bodyText(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch {
    return '(the body sent, nested too deep to write here)';
  }
}

/** The violation-log record of an answer given outside the contract (`location: contract`), with its curl line. */
export function contractGapRecord(req: Request, operationId: string, message: string) {
  const url = `${req.protocol}://${req.get('host') ?? 'localhost'}${req.originalUrl}`;
  return {
    operationId,
    location: 'contract' as const,
    message,
    at: new Date().toISOString(),
    curl: curlLine(req, url),
  };
}

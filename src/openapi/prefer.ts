// Per-request choices in the Prefer header (RFC 7240), compatible with Prism's:
// `Prefer: code=404` answers that declared status, `Prefer: example=sold` that named example.
// A forced answer runs no handler and changes no data; Preference-Applied says what was used.
// A code or example the operation does not declare is a 400 naming those it does: RFC 7240 lets a
// server ignore a preference, but a test that asked for an answer it never gets would pass unseen.
import type { RequestHandler, Response } from 'express';
import type { ErrorCode } from '../errors.js';
import { ERROR_CODES, HttpError } from '../errors.js';
import { formatRetryAfter, type RetryAfterFormat } from '../limits/rate-limit-headers.js';
import type { OperationInfo, ResponseInfo } from './load-contract.js';

export type Preferences = { code?: string; example?: string };

export function parsePrefer(header: string | undefined): Preferences {
  const preferences: Preferences = {};
  for (const part of (header ?? '').split(/[,;]/)) {
    const [rawName, ...rest] = part.split('=');
    const name = rawName?.trim().toLowerCase();
    const value = rest
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if ((name === 'code' || name === 'example') && value) preferences[name] = value;
  }
  return preferences;
}

function findExample(operation: OperationInfo, name: string, status?: string): [ResponseInfo, unknown] | undefined {
  for (const response of operation.responses.values()) {
    if (status !== undefined && response.status !== status) continue;
    // Own names only: "__proto__" or "toString" are no example of any operation.
    if (Object.hasOwn(response.examples, name)) return [response, response.examples[name]];
  }
  return undefined;
}

function sendExample(res: Response, status: string, value: unknown, applied: string): void {
  res.set('Preference-Applied', applied);
  if (Array.isArray(value)) res.set('X-Total-Count', String(value.length));
  res.status(Number(status)).json(value);
}

export type PreferContext = { nowMs: () => number; retryAfterFormat: () => RetryAfterFormat };

export function createPreferHandler(operation: OperationInfo, context: PreferContext): RequestHandler {
  return (req, res, next) => {
    if (req.headers.prefer === undefined) {
      next();
      return;
    }
    const preferences = parsePrefer(req.get('Prefer'));
    if (preferences.example !== undefined) {
      const found = findExample(operation, preferences.example, preferences.code);
      if (!found) throw undeclaredPreference(operation, `example=${preferences.example}`, preferences.code);
      sendExample(res, found[0].status, found[1], `example=${preferences.example}`);
      return;
    }
    if (preferences.code === undefined) {
      next();
      return;
    }
    const response = operation.responses.get(preferences.code);
    if (!response) throw undeclaredPreference(operation, `code=${preferences.code}`);
    const status = Number(response.status);
    if (status >= 400) {
      // Written as every error is, in the shape the contract declares for the status.
      const code = response.errorCodes[0] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'FORCED_BY_PREFER');
      const retrySeconds = 60;
      const headers: Record<string, string> = { 'Preference-Applied': `code=${response.status}` };
      if (status === 429 || status === 403) {
        headers['Retry-After'] = formatRetryAfter(retrySeconds, context.retryAfterFormat(), context.nowMs());
      }
      const described = ERROR_CODES[code as ErrorCode]?.description ?? 'error';
      const forced = new HttpError(
        code,
        `Answered as asked by Prefer: code=${status} (${described}).`,
        headers,
        status,
      );
      forced.asked = true;
      throw forced;
    }
    const [firstExample] = Object.entries(response.examples);
    if (firstExample) {
      sendExample(res, response.status, firstExample[1], `code=${response.status}`);
      return;
    }
    if (status === 204) {
      res.set('Preference-Applied', 'code=204').status(204).end();
      return;
    }
    // Another success status without examples: the handler's own answer is the one expected.
    next();
  };
}

/** A Prefer value the operation does not declare: 400, naming the codes and examples it does. */
function undeclaredPreference(operation: OperationInfo, asked: string, code?: string): HttpError {
  const responses = [...operation.responses.values()];
  const examples = responses
    .filter((response) => code === undefined || response.status === code)
    .flatMap((response) => Object.keys(response.examples));
  const codes = responses.map((response) => response.status).join(', ');
  return new HttpError(
    'INVALID_PARAMETER',
    `Prefer: ${asked.slice(0, 100)} is not declared by ${operation.operationId}${code === undefined ? '' : ` under code=${code}`}. It declares code=${codes}${examples.length > 0 ? ` and example=${[...new Set(examples)].join(', ')}` : ' and no named example'}.`,
  );
}

// express-openapi-validator's findings on a request, as the Error object: the status it chose
// (400, 404, 405, 413, 415), a catalogue code, and a message that names every field at fault and
// the rule it broke, with what the operation takes where that helps (its query parameters, its
// media types, the methods of the path).
import type { Request } from 'express';
import {
  HttpError,
  invalidPercentEncoding,
  invalidRequest,
  methodNotAllowed,
  routeNotFound,
  type ValidatorIssue,
} from '../errors.js';
import { BODY_TOO_LARGE_MESSAGE } from '../http/body-limit.js';
import { HTTP_METHODS, type OperationInfo } from './load-contract.js';
import { describePatternFormat } from './patterns/validator-patterns.js';

/** The shape of the validator's errors (its HttpError classes), as far as the mock reads them. */
type ValidatorError = {
  status?: unknown;
  message?: unknown;
  errors?: ValidatorIssue[];
  headers?: Record<string, string>;
};

const UNKNOWN_QUERY_PARAMETER = /^Unknown query parameter '([^']*)'$/;
const MALFORMED_URI = /^malformed uri/;
const BODY_MISSING = "must have required property 'body'";

function isPercentEncoded(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * One finding, said for a person: path parameters are "path" and cookies "cookie" (the validator
 * says "params" and "cookies"), a missing body says what to send, an unknown query parameter what
 * the operation takes.
 */
function explainIssue(found: ValidatorIssue, operation: OperationInfo | undefined): ValidatorIssue {
  // A pattern is checked as a format of the validator's (validator-patterns.ts): said as a pattern.
  const issue = found.message === undefined ? found : { ...found, message: describePatternFormat(found.message) };
  const path = issue.path?.replace(/^\/params\//, '/path/').replace(/^\/cookies\//, '/cookie/');
  if (issue.path === '/body' && issue.message === BODY_MISSING) {
    const mediaTypes = (operation?.requestMediaTypes ?? ['application/json']).join(' or ');
    return { path, message: `is required: send one as ${mediaTypes}` };
  }
  if (!operation || !UNKNOWN_QUERY_PARAMETER.test(issue.message ?? '')) return { ...issue, path };
  const known = operation.queryParameters;
  const takes = known.length > 0 ? `this operation takes ${known.join(', ')}` : 'this operation takes none';
  return { path, message: `${issue.message} (${takes})` };
}

function unsupportedMediaType(req: Request, operation: OperationInfo | undefined): HttpError {
  const declared = (operation?.requestMediaTypes ?? ['application/json']).join(' or ');
  const sent = req.headers['content-type']?.split(';', 1)[0]?.trim();
  const problem = sent ? `not ${sent}` : 'and no Content-Type was sent';
  return new HttpError(
    'UNSUPPORTED_MEDIA_TYPE',
    `The body must be ${declared}, ${problem}. Set Content-Type: ${declared}.`,
  );
}

/** The Error object for a finding of the validator; anything else is handed on as it is. */
export function describeValidatorError(
  error: unknown,
  req: Request,
  operation: OperationInfo | undefined,
): HttpError | unknown {
  if (error instanceof HttpError || typeof error !== 'object' || error === null) return error;
  const finding = error as ValidatorError;
  const path = req.originalUrl.split('?')[0] ?? req.originalUrl;
  switch (finding.status) {
    case 400: {
      // A path parameter that is not valid percent-encoding is found by the match, before any check.
      if (MALFORMED_URI.test(String(finding.message))) return invalidPercentEncoding(path);
      return invalidRequest((finding.errors ?? []).map((issue) => explainIssue(issue, operation)));
    }
    case 404:
      return isPercentEncoded(path) ? routeNotFound(path) : invalidPercentEncoding(path);
    case 405: {
      // In the contract's order of methods, as the validator's own order is that of its route map.
      const named = new Set(finding.headers?.Allow?.split(',').map((method) => method.trim().toLowerCase()));
      // HEAD is answered wherever GET is (src/http/head-as-get.ts), and listed beside it.
      const allowed = HTTP_METHODS.filter((method) => named.has(method)).flatMap((method) =>
        method === 'get' ? ['GET', 'HEAD'] : method === 'head' ? [] : [method.toUpperCase()],
      );
      return methodNotAllowed(req.method, path, allowed.length > 0 ? allowed : undefined);
    }
    case 413:
      return new HttpError('PAYLOAD_TOO_LARGE', BODY_TOO_LARGE_MESSAGE);
    case 415:
      return unsupportedMediaType(req, operation);
  }
  return error;
}

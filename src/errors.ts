// The error catalogue (generated from the spec's x-error-codes) and the one error middleware
// that turns every error, the validator's and body-parser's included, into the Error object.
import type { ErrorRequestHandler, Request, Response } from 'express';
import { ERROR_CODES, type ErrorCode } from './generated/error-codes.js';
import type { components } from './generated/petstore.js';
import { BODY_TOO_LARGE_MESSAGE, bodyTooLargeMessage } from './http/body-limit.js';
import { StateUnavailableError } from './store/state-unavailable.js';
import { StorageError } from './store/storage-error.js';

export type ErrorBody = components['schemas']['Error'];
export { ERROR_CODES, type ErrorCode };

/**
 * An expected failure of a request, answered with the Error object of its catalogue code. A code
 * of a contract given at run time (a draft's x-error-codes) comes with its status.
 */
export class HttpError extends Error {
  readonly code: ErrorCode | (string & {});
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The fields at fault of a request the contract refuses, for a contract whose errors list them. */
  issues: readonly ValidatorIssue[] = [];
  /** Answered because the request asked for it (Prefer: code=500): never a fault of the mock. */
  asked = false;

  constructor(code: ErrorCode, message: string, headers?: Record<string, string>);
  constructor(code: string, message: string, headers: Record<string, string>, status: number);
  constructor(code: string, message: string, headers: Record<string, string> = {}, status?: number) {
    super(message);
    this.name = 'HttpError';
    this.code = code;
    this.status = status ?? ERROR_CODES[code as ErrorCode]?.status ?? 500;
    this.headers = headers;
  }

  toBody(): ErrorBody {
    return { code: this.code, message: this.message, status: this.status };
  }
}

/** Headers the contract declares on an operation's 2xx answers, never on its errors. */
const SUCCESS_ONLY_HEADERS = ['X-API-Stability', 'Deprecation', 'Sunset', 'Link'] as const;

/** One finding of a request check: where (/body/name, /query/limit) and which rule it broke. */
export type ValidatorIssue = { path?: string; message?: string };
/** An error of Express's body parser (body-parser's `type`), or anything else thrown. */
type ForeignError = { type?: unknown; message?: unknown; limit?: unknown };

/** A rule's words past this length are cut (an enum of 5,000 values listed them all: 40 KB). */
const LONGEST_RULE = 300;

const ruleWords = (message: string) =>
  message.length <= LONGEST_RULE ? message : `${message.slice(0, LONGEST_RULE).replace(/,[^,]*$/, '')}, …`;

/** Describes the validator's findings as one sentence naming each field and the rule it broke. */
function describeIssues(issues: ValidatorIssue[]): string {
  return issues
    .map((issue) => {
      const field = (issue.path ?? '').replace(/^\/(body|query|params|headers|path)\/?/, '$1 ').trim();
      return `${field || 'request'}: ${ruleWords((issue.message ?? 'is invalid').replace(/\.+$/, ''))}`;
    })
    .join('; ');
}

/** A request that breaks the contract: INVALID_BODY when only its body does, else INVALID_PARAMETER. */
export function invalidRequest(issues: ValidatorIssue[]): HttpError {
  const detail = describeIssues(issues);
  const error =
    issues.length > 0 && issues.every((issue) => issue.path?.startsWith('/body'))
      ? new HttpError('INVALID_BODY', `Invalid body: ${detail}.`)
      : new HttpError('INVALID_PARAMETER', `Invalid request: ${detail}.`);
  error.issues = issues;
  return error;
}

export const routeNotFound = (path: string) =>
  new HttpError('ROUTE_NOT_FOUND', `No operation at ${path}. See /docs for the operations.`);

/** `allowed`: the methods the path has, for the Allow header a 405 carries (RFC 9110). */
export const methodNotAllowed = (method: string, path: string, allowed?: readonly string[]) =>
  new HttpError(
    'METHOD_NOT_ALLOWED',
    `${method} is not an operation of ${path}.${allowed ? ` It takes ${allowed.join(', ')}.` : ''} See /docs.`,
    allowed ? { Allow: allowed.join(', ') } : {},
  );

export const invalidPercentEncoding = (path: string) =>
  new HttpError(
    'INVALID_PARAMETER',
    `The path ${path} is not valid percent-encoding. Encode reserved characters as %XX.`,
  );

/**
 * An error of multer (multipart/form-data): a part over its limits is a 413, a body that is not
 * multipart as its Content-Type says is a 400.
 */
function formBodyError(error: ForeignError & { name?: unknown; code?: unknown }): HttpError | undefined {
  if (error.name === 'MulterError' && typeof error.code === 'string' && error.code.startsWith('LIMIT_')) {
    return new HttpError(
      'PAYLOAD_TOO_LARGE',
      `The multipart body is over a limit of the mock (${String(error.message)}). Send fewer or smaller parts.`,
    );
  }
  if (
    error.name === 'MulterError' ||
    /^(Unexpected end of form|Malformed part header|Multipart: )/.test(String(error.message))
  ) {
    return new HttpError(
      'MALFORMED_JSON',
      `The body is not the multipart/form-data its Content-Type says (${String(error.message)}). Send a whole multipart body with its boundary.`,
    );
  }
  return undefined;
}

/** Maps an error from any middleware to the catalogue. Unknown errors become INTERNAL_ERROR. */
export function toHttpError(error: unknown, path: string): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof StorageError) {
    // The client learns what happened and what to do; the file's path is for the log only.
    return new HttpError(
      'STORAGE_FAILED',
      `${error.what} could not be written (${error.reason}); nothing was stored. ${error.advice}; reads still work.`,
    );
  }
  if (error instanceof StateUnavailableError) return new HttpError('STATE_UNAVAILABLE', error.message);
  // Express's body parser: the validator's findings are translated where they are made
  // (src/openapi/validator-errors.ts), so what reaches here is the parser's or the mock's own.
  const foreign = (typeof error === 'object' && error !== null ? error : {}) as ForeignError;
  switch (foreign.type) {
    case 'entity.parse.failed':
      return new HttpError(
        'MALFORMED_JSON',
        `The body is not valid JSON (${String(foreign.message)}). Send a JSON document.`,
      );
    case 'entity.too.large':
      return new HttpError(
        'PAYLOAD_TOO_LARGE',
        typeof foreign.limit === 'number' ? bodyTooLargeMessage(foreign.limit) : BODY_TOO_LARGE_MESSAGE,
      );
    case 'parameters.too.many':
      return new HttpError('PAYLOAD_TOO_LARGE', BODY_TOO_LARGE_MESSAGE);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpError('UNSUPPORTED_MEDIA_TYPE', 'The body must be UTF-8 application/json.');
    case 'request.size.invalid':
    case 'request.aborted':
      return new HttpError(
        'MALFORMED_JSON',
        'The body is not as long as its Content-Length says. Send the whole JSON document, with its true length.',
      );
  }
  if (error instanceof URIError) return invalidPercentEncoding(path);
  const form = formBodyError(foreign);
  if (form) return form;
  return new HttpError('INTERNAL_ERROR', 'The mock failed unexpectedly; its log says why.');
}

export type ErrorLogger = (line: string) => void;

/** Logs the failures that are the mock's own (never a client's), so that they cannot pass unseen. */
export function logMockFault(
  logError: ErrorLogger,
  req: { method: string; originalUrl: string },
  httpError: HttpError,
  cause?: unknown,
): void {
  if (httpError.asked) return;
  if (httpError.code === 'RESPONSE_VALIDATION_FAILED') {
    logError(`CONTRACT BUG: ${req.method} ${req.originalUrl} produced an invalid response. ${httpError.message}`);
  } else if (httpError.code === 'STORAGE_FAILED') {
    // An expected fault of the machine, not of the mock: one line, no stack.
    logError(
      `STORAGE FAILED: ${req.method} ${req.originalUrl}: ${cause instanceof Error ? cause.message : httpError.message}`,
    );
  } else if (httpError.code === 'INTERNAL_ERROR') {
    logError(
      `INTERNAL ERROR: ${req.method} ${req.originalUrl}: ${cause instanceof Error ? cause.stack : String(cause)}`,
    );
  }
}

/**
 * Writes an error answer in the shape a contract gives it (src/openapi/error-answers/); false
 * when the mock's own Error object is the one to send.
 */
export type ContractErrorWriter = (req: Request, res: Response, error: HttpError) => Promise<boolean>;

export function createErrorMiddleware(
  logError: ErrorLogger,
  writeInContract?: ContractErrorWriter,
): ErrorRequestHandler {
  return async (error, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const httpError = toHttpError(error, req.originalUrl.split('?')[0] ?? req.originalUrl);
    logMockFault(logError, req, httpError, error);
    // Set by an operation's middleware before the outcome is known, and declared by the contract
    // on 2xx answers only; an error that has them (410 of a sunset operation) carries its own.
    for (const name of SUCCESS_ONLY_HEADERS) res.removeHeader(name);
    res.set(httpError.headers);
    res.locals.errorCode = httpError.code;
    try {
      if (writeInContract && (await writeInContract(req, res, httpError))) return;
    } catch (failure) {
      // The contract's shape could not be written: the mock's own Error object says what happened.
      logError(
        `INTERNAL ERROR: the error answer of ${req.method} ${req.originalUrl} could not be written in the contract's shape: ${failure instanceof Error ? failure.stack : String(failure)}`,
      );
      if (res.headersSent) return;
    }
    try {
      res.status(httpError.status).json(httpError.toBody());
    } catch (failure) {
      // Never Express's own HTML page: the last word is the Error object, written by hand.
      logError(
        `INTERNAL ERROR: the error answer of ${req.method} ${req.originalUrl} could not be written: ${String(failure)}`,
      );
      if (!res.headersSent) writeLastWord(res);
    }
  };
}

/** The Error object of an unexpected failure, written by hand: no hook on res.json can fail it. */
function writeLastWord(res: Response): void {
  res.statusCode = 500;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end('{"code":"INTERNAL_ERROR","message":"The mock failed unexpectedly; its log says why.","status":500}');
}

/**
 * After the error middleware: a failure thrown from within its own answer (express-openapi-validator's
 * hook on res.json hands what it throws to `next`) ends here, never on Express's HTML page.
 */
export function createLastWordHandler(logError: ErrorLogger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    logError(
      `INTERNAL ERROR: the error answer of ${req.method} ${req.originalUrl} failed: ${error instanceof Error ? error.stack : String(error)}`,
    );
    writeLastWord(res);
  };
}

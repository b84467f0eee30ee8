// The mock's own answers keep the contract, or are not sent: express-openapi-validator checks a JSON
// answer's status and body (and reports through the pipeline's onResponseViolation); what it does
// not check is done here: every header the contract declares for the status (present when
// required, its value matching its schema), on JSON answers and on answers without a body (204).
// A breach is a bug of the mock, never of the client: 500 RESPONSE_VALIDATION_FAILED, logged as a
// CONTRACT BUG.
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import type { Express, Request, Response } from 'express';
import { HttpError } from '../errors.js';
import { examplesLeftOut } from './examples-left-out.js';
import { type HeaderReading, headerValue, readingOf } from './header-text.js';
import { SET_BY_HTTP } from './headers-set-by-http.js';
import { asObject, escapePointerSegment, locate } from './json-pointer.js';
import { type Contract, type OperationInfo, operationPointer } from './load-contract.js';
import { createMockAjv } from './mock-ajv.js';
import { ONE_OF_REFUSED, type OverlapCheck } from './overlapping-branches.js';

/** The header of an answer given outside the contract, saying why. */
export const CONTRACT_GAP_HEADER = 'X-Mock-Contract-Gap';

/** Longest gap header: a Node client refuses heads past 16 KB. */
const GAP_HEADER_CHARACTERS = 1_000;

/**
 * Sets X-Mock-Contract-Gap: the text in visible ASCII (a name of the contract in another script
 * would make Node refuse the header) and bounded.
 */
export function setGapHeader(res: Pick<Response, 'setHeader'>, what: string): void {
  const text = what.replace(/[^\x20-\x7e]/g, '?');
  res.setHeader(
    CONTRACT_GAP_HEADER,
    text.length > GAP_HEADER_CHARACTERS ? `${text.slice(0, GAP_HEADER_CHARACTERS - 3)}...` : text,
  );
}

/** Whether a problem the header check found is of the header `name` (its sentences start so). */
const isProblemOfHeader = (problem: string, name: string): boolean => problem.startsWith(`header ${name} `);

/** Where an answer keeps the names of the headers it carries percent-encoded (required-headers.ts). */
const ENCODED_HEADERS = 'encodedHeaders';

function encodedHeadersOf(res: Response): string[] {
  const names: unknown = res.locals[ENCODED_HEADERS];
  return Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string') : [];
}

/** Notes that the answer carries the header percent-encoded: its contract's value is no header text. */
export function markEncodedHeader(res: Response, name: string): void {
  res.locals[ENCODED_HEADERS] = [...encodedHeadersOf(res), name];
}

/** Reads a header the response carries so far (Express's res.getHeader). */
export type HeaderReader = (name: string) => number | string | string[] | undefined;

/** What is wrong with an answer's headers, one sentence per problem; empty when it keeps the contract. */
export type ResponseHeaderChecker = (operation: OperationInfo, status: number, header: HeaderReader) => string[];

type HeaderRule = {
  name: string;
  required: boolean;
  reading: HeaderReading;
  validate: ValidateFunction;
  /** The last value that passed: the check is a pure function of the text, and most values repeat. */
  lastValid?: string;
};

const CONTRACT_ID = 'petstore-mock:contract';

/** Ajv with the whole contract added, so that a header's schema is compiled where it stands. */
function createHeaderAjv(contract: Contract): Ajv2020 {
  const ajv = createMockAjv({ allErrors: true }, { formats: true });
  // Without examples and extensions, which only cost Ajv (examples-left-out.ts): every header's pointer is kept.
  ajv.addSchema(examplesLeftOut(contract.document), CONTRACT_ID);
  return ajv;
}

export function createResponseHeaderChecker(contract: Contract): ResponseHeaderChecker {
  let ajv: Ajv2020 | undefined;
  const compile = (pointer: string) => {
    ajv ??= createHeaderAjv(contract);
    return ajv.compile({ $ref: `${CONTRACT_ID}#${pointer}` });
  };

  /** The declared headers of an operation's answer with `status`; undefined when the status is not declared. */
  const buildRules = (operation: OperationInfo, status: number): HeaderRule[] | undefined => {
    const responsesPointer = `${operationPointer(operation)}/responses`;
    const declared = asObject(locate(contract.document, responsesPointer)[1]);
    const code = [String(status), `${String(status)[0]}XX`, 'default'].find((candidate) => candidate in declared);
    if (code === undefined) return undefined;
    const [pointer, response] = locate(contract.document, `${responsesPointer}/${code}`);
    const judged = Object.keys(asObject(response.headers)).filter((name) => !SET_BY_HTTP.has(name.toLowerCase()));
    return judged.map((name) => {
      const [headerPointer, header] = locate(contract.document, `${pointer}/headers/${escapePointerSegment(name)}`);
      return {
        name,
        required: header.required === true,
        reading: readingOf(asObject(locate(contract.document, `${headerPointer}/schema`)[1])),
        validate: compile(`${headerPointer}/schema`),
      };
    });
  };

  // Built on first use, per operation and status: an operation answers few of its statuses.
  const rules = new Map<OperationInfo, Map<number, HeaderRule[] | null>>();
  return (operation, status, header) => {
    let byStatus = rules.get(operation);
    if (!byStatus) {
      byStatus = new Map();
      rules.set(operation, byStatus);
    }
    let declared = byStatus.get(status);
    if (declared === undefined) {
      declared = buildRules(operation, status) ?? null;
      byStatus.set(status, declared);
    }
    // An operation that declares no answer at all (OpenAPI 3.1 lets `responses` out) promises none.
    if (!declared)
      return operation.responses.size === 0 ? [] : [`status ${status} is not declared for ${operation.operationId}`];
    const problems: string[] = [];
    for (const rule of declared) {
      const raw = header(rule.name);
      if (raw === undefined) {
        if (rule.required) problems.push(`header ${rule.name} is required`);
        continue;
      }
      const text = String(raw);
      if (text === rule.lastValid) continue;
      const value = headerValue(rule.reading, text);
      if (value === undefined) {
        problems.push(
          `header ${rule.name} "${text}" is not ${rule.reading === 'integer' ? 'an' : 'a'} ${rule.reading}`,
        );
      } else if (!rule.validate(value)) {
        for (const error of rule.validate.errors ?? []) {
          problems.push(`header ${rule.name} "${text}"${error.instancePath} ${error.message ?? 'is invalid'}`);
        }
      } else {
        rule.lastValid = text;
      }
    }
    return problems;
  };
}

/**
 * What an error answer withheld for breaking the contract would have said: a draft that declares no
 * 404 for an operation still learns which record was not there, and what to declare.
 */
function withheldError(body: unknown, status: number): string {
  const error = body as { code?: unknown; message?: unknown } | undefined;
  if (status < 400 || typeof error?.code !== 'string' || typeof error.message !== 'string') return '';
  return ` It would have answered ${status} ${error.code}: ${error.message} Declare that answer in the contract to get it.`;
}

export type ResponseGuard = {
  /** Records a breach found elsewhere (the validator's check of the body) for the answer being sent. */
  reportViolation(res: Response, problem: string): void;
};

/**
 * Why an answer that breaks the contract is the contract's fault, and how to mend it: it meets the
 * schema but for a oneOf whose branches overlap (two of them hold it), or it is an error the
 * contract's schema holds no body of. Undefined where the fault is the mock's.
 */
function contractsFault(
  res: Response,
  operation: OperationInfo,
  reported: readonly string[],
  headerProblems: readonly string[],
  body: unknown,
  overlapsOnly: OverlapCheck | undefined,
): { what: string; advice: string } | undefined {
  const problems = [...reported, ...headerProblems].join('; ');
  const answer = `${operation.operationId}'s ${res.statusCode} answer`;
  const overlap =
    reported.length > 0 &&
    reported.every((problem) => ONE_OF_REFUSED.test(problem)) &&
    headerProblems.length === 0 &&
    overlapsOnly?.(operation, res.statusCode, body) === true;
  if (overlap)
    return {
      what: `${answer} meets more than one branch of a oneOf, whose branches overlap (${problems})`,
      advice:
        'Make it an anyOf in the contract, or make its branches exclude each other (a discriminator, a property one requires that the other forbids)',
    };
  // A value the contract gives a header that no header can carry, sent encoded, which its schema refuses.
  const encoded = encodedHeadersOf(res);
  if (
    reported.length === 0 &&
    headerProblems.length > 0 &&
    headerProblems.every((problem) => encoded.some((name) => isProblemOfHeader(problem, name)))
  )
    return {
      what: `${answer}: the value the contract gives ${encoded.join(', ')} holds characters no header can carry, and its schema refuses it percent-encoded (${problems})`,
      advice: 'Give the header a value of visible ASCII in the contract, and a schema that takes it.',
    };
  // An error the contract's schema holds no body of, for another reason: given all the same, marked.
  if (res.locals.builtForErrorSchema === true)
    return {
      what: `${answer}: no body the mock builds meets its schema (${problems})`,
      advice: 'Fix the schema in the contract.',
    };
  return undefined;
}

/** The statuses of an operation that declares only 1xx answers, else undefined. */
function informationalOnly(operation: OperationInfo): string | undefined {
  const statuses = [...operation.responses.keys()];
  return statuses.length > 0 && statuses.every((status) => /^1(\d\d|XX)$/i.test(status))
    ? statuses.join(', ')
    : undefined;
}

/**
 * Checks every answer of a matched operation before it is sent, on the app's response prototype
 * (Express's app.response): JSON answers in res.json, answers without a body in res.end. 5xx
 * answers are not checked: they already say that the mock failed.
 */
export function guardResponses(
  app: Express,
  matchOf: (req: Request) => { operation: OperationInfo; checkHeaders?: ResponseHeaderChecker } | undefined,
  reportBug: (res: Response, error: HttpError) => void,
  reportGap: (res: Response, operationId: string, what: string, advice: string) => void,
  overlapsOnly?: OverlapCheck,
): ResponseGuard {
  const sendJson = app.response.json;
  const end = app.response.end as (this: Response, ...args: unknown[]) => Response;
  const violations = new WeakMap<Response, string[]>();
  // The answer res.json is sending: checked there, it ends through res.end within that call.
  // Held only for the length of the call, so nothing is kept per answer.
  let sendingChecked: Response | undefined;

  /** The answer to send instead when this one breaks the contract; undefined when it keeps it. */
  const breach = (res: Response, body?: unknown): HttpError | undefined => {
    const match = matchOf(res.req);
    // An answer the contract does not declare, given on purpose (error-answers.ts), says so itself.
    if (!match?.checkHeaders || res.statusCode >= 500 || res.locals.contractGap !== undefined) return undefined;
    const informational = informationalOnly(match.operation);
    if (informational !== undefined && res.statusCode < 300) {
      // No final answer is declared (GET /status/100 of a status reference): HTTP needs one all the same.
      const what = `${match.operation.operationId} declares only informational answers (${informational}), which end no exchange: answered ${res.statusCode}`;
      setGapHeader(res, what);
      reportGap(res, match.operation.operationId, what, 'Declare the final answer (a 2xx) in the contract.');
      return undefined;
    }
    if (match.operation.responses.size === 0 && res.statusCode < 300) {
      // OpenAPI 3.1 lets an operation leave its answers out: any answer is one it does not declare.
      const what = `${match.operation.operationId} declares no answer at all: answered ${res.statusCode}`;
      setGapHeader(res, what);
      reportGap(res, match.operation.operationId, what, 'Declare its answers (a 2xx at least) in the contract.');
      return undefined;
    }
    const headerProblems = match.checkHeaders(match.operation, res.statusCode, (name) => res.getHeader(name));
    const reported = violations.get(res);
    const problems = reported ? [...reported, ...headerProblems] : headerProblems;
    if (problems.length === 0) return undefined;
    const fault = contractsFault(res, match.operation, reported ?? [], headerProblems, body, overlapsOnly);
    if (fault) {
      setGapHeader(res, fault.what);
      reportGap(res, match.operation.operationId, fault.what, fault.advice);
      return undefined;
    }
    const error = new HttpError(
      'RESPONSE_VALIDATION_FAILED',
      `The mock's response breaks the contract: ${problems.join('; ')}.${withheldError(body, res.statusCode)}`,
    );
    reportBug(res, error);
    return error;
  };

  app.response.json = function checkedJson(this: Response, body?: unknown) {
    const error = breach(this, body);
    const outer = sendingChecked;
    sendingChecked = this;
    try {
      return error ? sendJson.call(this.status(error.status), error.toBody()) : sendJson.call(this, body);
    } finally {
      sendingChecked = outer;
    }
  };
  // res.json ends through res.end: an answer is checked once, on the first of the two it reaches.
  app.response.end = function checkedEnd(this: Response, ...args: unknown[]) {
    if (this === sendingChecked || this.headersSent) return end.apply(this, args);
    const error = breach(this);
    return error ? sendJson.call(this.status(error.status), error.toBody()) : end.apply(this, args);
  } as typeof app.response.end;

  return {
    reportViolation(res, problem) {
      violations.set(res, [...(violations.get(res) ?? []), problem]);
    },
  };
}

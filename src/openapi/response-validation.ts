// The mock's own answers, checked against the contract before they leave: the JSON body against
// the schema declared for its status, and every header the contract declares for that status
// (present when required, its value matching its schema). A mismatch is a bug of the mock, never
// of the client: it is answered 500 RESPONSE_VALIDATION_FAILED and logged as a CONTRACT BUG.
//
// Validators come per operation and status on first use, from the contract (contract-ajv.ts),
// and looked up from the operation the request was matched to: a response costs one map lookup
// and the schema checks themselves, with no content negotiation or path matching of its own.
import type { Express, Response } from 'express';
import { HttpError } from '../errors.js';
import {
  type ContractCompilers,
  contractRef,
  createContractCompilers,
  type ErrorObject,
  type ValidateFunction,
} from './contract-ajv.js';
import { asObject, escapePointerSegment, locate } from './json-pointer.js';
import { type Contract, type OperationInfo, operationPointer } from './load-contract.js';
import { requestOperation } from './match-operation.js';

/** Reads a header the response carries so far (Express's res.getHeader). */
export type HeaderReader = (name: string) => number | string | string[] | undefined;

/** What is wrong with a response, one sentence per problem; empty when it keeps the contract. */
export type ResponseChecker = (
  operation: OperationInfo,
  status: number,
  body: unknown,
  header: HeaderReader,
) => string[];

type HeaderRule = { name: string; required: boolean; integer: boolean; validate: ValidateFunction };
type ResponseRule = { body: ValidateFunction | undefined; headers: HeaderRule[] };

function describeErrors(errors: ErrorObject[] | null | undefined, subject: string): string[] {
  return (errors ?? []).map((error) => `${subject}${error.instancePath} ${error.message ?? 'is invalid'}`);
}

export function createResponseChecker(
  contract: Contract,
  compilers: ContractCompilers = createContractCompilers(contract),
): ResponseChecker {
  const compile = (pointer: string) => compilers.typed(contractRef(pointer));

  const buildRule = (operation: OperationInfo, status: number): ResponseRule | undefined => {
    const responsesPointer = `${operationPointer(operation)}/responses`;
    const declared = asObject(locate(contract.document, responsesPointer)[1]);
    const code = [String(status), `${String(status)[0]}XX`, 'default'].find((candidate) => candidate in declared);
    if (code === undefined) return undefined;
    const [pointer, response] = locate(contract.document, `${responsesPointer}/${code}`);
    const hasJsonBody = asObject(asObject(response.content)['application/json']).schema !== undefined;
    const headers = Object.keys(asObject(response.headers)).map((name) => {
      const [headerPointer, header] = locate(contract.document, `${pointer}/headers/${escapePointerSegment(name)}`);
      return {
        name,
        required: header.required === true,
        integer: asObject(locate(contract.document, `${headerPointer}/schema`)[1]).type === 'integer',
        validate: compile(`${headerPointer}/schema`),
      };
    });
    return { body: hasJsonBody ? compile(`${pointer}/content/application~1json/schema`) : undefined, headers };
  };

  const rules = new Map<string, ResponseRule | undefined>();
  return (operation, status, body, header) => {
    const key = `${operation.operationId} ${status}`;
    if (!rules.has(key)) rules.set(key, buildRule(operation, status));
    const rule = rules.get(key);
    if (!rule) return [`status ${status} is not declared for ${operation.operationId}`];
    const problems: string[] = [];
    if (!rule.body) {
      if (body !== undefined) problems.push(`status ${status} of ${operation.operationId} declares no body`);
    } else if (!rule.body(body)) {
      problems.push(...describeErrors(rule.body.errors, 'body'));
    }
    for (const declared of rule.headers) {
      const raw = header(declared.name);
      if (raw === undefined) {
        if (declared.required) problems.push(`header ${declared.name} is required`);
        continue;
      }
      const text = String(raw);
      if (declared.integer && !/^-?\d+$/.test(text)) {
        problems.push(`header ${declared.name} "${text}" is not an integer`);
      } else if (!declared.validate(declared.integer ? Number(text) : text)) {
        problems.push(...describeErrors(declared.validate.errors, `header ${declared.name} "${text}"`));
      }
    }
    return problems;
  };
}

/**
 * Checks every answer of an API operation before it is sent: JSON answers on their way through
 * res.json (handlers, the Prefer examples and the Error object alike), and answers without a body
 * (204) in res.end. Installed on the app's response prototype (Express's app.response). 5xx
 * answers are not checked: they already say that the mock failed.
 */
export function validateResponsesOf(
  app: Express,
  check: ResponseChecker,
  reportBug: (res: Response, error: HttpError) => void,
): void {
  const sendJson = app.response.json;
  const end = app.response.end as (this: Response, ...args: unknown[]) => Response;
  const checked = new WeakSet<Response>();

  /** The answer to send instead when `body` breaks the contract; undefined when it keeps it. */
  const breach = (res: Response, body: unknown): HttpError | undefined => {
    checked.add(res);
    const operation = requestOperation(res);
    if (!operation || res.statusCode >= 500) return undefined;
    const problems = check(operation, res.statusCode, body, (name) => res.getHeader(name));
    if (problems.length === 0) return undefined;
    const error = new HttpError(
      'RESPONSE_VALIDATION_FAILED',
      `The mock's response breaks the contract: ${problems.join('; ')}.`,
    );
    reportBug(res, error);
    return error;
  };

  app.response.json = function checkedJson(this: Response, body?: unknown) {
    const error = breach(this, body);
    return error ? sendJson.call(this.status(error.status), error.toBody()) : sendJson.call(this, body);
  };
  // res.json ends through res.end: an answer is checked once, on the first of the two it reaches.
  app.response.end = function checkedEnd(this: Response, ...args: unknown[]) {
    if (checked.has(this) || this.headersSent) return end.apply(this, args);
    const error = breach(this, undefined);
    return error ? sendJson.call(this.status(error.status), error.toBody()) : end.apply(this, args);
  } as typeof app.response.end;
}

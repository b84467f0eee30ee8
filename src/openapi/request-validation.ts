// Every request to an API operation, checked against the contract before its handler runs: its
// path, query and header parameters (read from text by their schema's type: petId=7 is the
// integer 7), no query parameter the operation does not declare, the body's media type and the
// body itself (typed: 42 is never taken for "42"). The findings become the Error object: 400
// INVALID_PARAMETER or INVALID_BODY naming each field and the rule it broke, 415 for a media
// type the operation does not take.
//
// Validators come per operation, on its first request, from the contract (contract-ajv.ts), as
// the response check's do: a request costs the schema checks themselves, with no route lookup,
// content negotiation or copy of the request of their own.
import type { Request, RequestHandler } from 'express';
import { HttpError, invalidRequest, type ValidatorIssue } from '../errors.js';
import {
  type CompileSchema,
  type ContractCompilers,
  contractRef,
  createContractCompilers,
  type ErrorObject,
  type ValidateFunction,
} from './contract-ajv.js';
import { asObject, escapePointerSegment, type JsonObject, locate, rawValueAt } from './json-pointer.js';
import { type Contract, type OperationInfo, operationPointer, pathItemPointer } from './load-contract.js';
import { operationMatch } from './match-operation.js';

type Location = 'path' | 'query' | 'header';
const LOCATIONS: readonly Location[] = ['path', 'query', 'header'];

type DeclaredParameter = { name: string; in: Location; required: boolean; allowEmptyValue: boolean; pointer: string };
type DeclaredBody = { required: boolean; mediaTypes: Map<string, string> };

/** What an operation's requests are checked against, found at start; validators compile on first use. */
type RequestPlan = {
  parameters: DeclaredParameter[];
  queryNames: Set<string>;
  /** Query parameters that may be sent empty (allowEmptyValue); others may not. */
  emptyAllowed: Set<string>;
  body: DeclaredBody | undefined;
  compiled?: CompiledCheck;
};

/** One validator per location, over an object of that location's values, and one per media type. */
type CompiledCheck = Partial<Record<Location, ValidateFunction>> & { bodies: Map<string, ValidateFunction> };

/** The operation's parameters, those of its path item included (the operation's own win). */
function declaredParameters(document: JsonObject, operation: OperationInfo): DeclaredParameter[] {
  const byKey = new Map<string, DeclaredParameter>();
  for (const listPointer of [
    `${pathItemPointer(operation.path)}/parameters`,
    `${operationPointer(operation)}/parameters`,
  ]) {
    const list = rawValueAt(document, listPointer);
    for (let index = 0; Array.isArray(list) && index < list.length; index += 1) {
      const [pointer, parameter] = locate(document, `${listPointer}/${index}`);
      const location = parameter.in as Location;
      if (!LOCATIONS.includes(location) || parameter.schema === undefined) {
        throw new Error(
          `${operation.operationId}: parameter ${String(parameter.name)} (in: ${String(location)}) is not one the ` +
            'request check reads: it takes path, query and header parameters described by a schema.',
        );
      }
      const name = String(parameter.name);
      byKey.set(`${location} ${name}`, {
        // Node gives header names in lower case.
        name: location === 'header' ? name.toLowerCase() : name,
        in: location,
        required: parameter.required === true,
        allowEmptyValue: parameter.allowEmptyValue === true,
        pointer: `${pointer}/schema`,
      });
    }
  }
  return [...byKey.values()];
}

function declaredBody(document: JsonObject, operation: OperationInfo): DeclaredBody | undefined {
  if (!operation.hasRequestBody) return undefined;
  const [pointer, requestBody] = locate(document, `${operationPointer(operation)}/requestBody`);
  const mediaTypes = new Map<string, string>();
  for (const [mediaType, media] of Object.entries(asObject(requestBody.content))) {
    if (asObject(media).schema === undefined) continue;
    mediaTypes.set(mediaType.toLowerCase(), `${pointer}/content/${escapePointerSegment(mediaType)}/schema`);
  }
  return { required: requestBody.required === true, mediaTypes };
}

/** The declared media type a request's Content-Type falls under: exact, type/*, then *\/*. */
function declaredMediaType(body: DeclaredBody, contentType: string): string | undefined {
  if (body.mediaTypes.has(contentType)) return contentType;
  const wildcard = `${contentType.split('/')[0]}/*`;
  if (body.mediaTypes.has(wildcard)) return wildcard;
  return body.mediaTypes.has('*/*') ? '*/*' : undefined;
}

function issuesOf(errors: ErrorObject[] | null | undefined, location: string): ValidatorIssue[] {
  return (errors ?? []).map((error) => {
    const missing = error.keyword === 'required' ? `/${String(error.params.missingProperty)}` : '';
    const allowed = Array.isArray(error.params.allowedValues) ? `: ${error.params.allowedValues.join(', ')}` : '';
    return {
      path: `/${location}${error.instancePath}${missing}`,
      message: `${error.message ?? 'is invalid'}${allowed}`,
    };
  });
}

/** Checks requests against the operations of `contract`; undefined when a request keeps it. */
export type RequestChecker = (
  operation: OperationInfo,
  req: Request,
  pathParams: Readonly<Record<string, string>>,
) => HttpError | undefined;

export function createRequestChecker(
  contract: Contract,
  compilers: ContractCompilers = createContractCompilers(contract),
): RequestChecker {
  const { document } = contract;
  const plans = new Map<string, RequestPlan>();
  for (const operation of contract.operations) {
    const parameters = declaredParameters(document, operation);
    const query = parameters.filter((parameter) => parameter.in === 'query');
    plans.set(operation.operationId, {
      parameters,
      queryNames: new Set(query.map((parameter) => parameter.name)),
      emptyAllowed: new Set(query.filter((parameter) => parameter.allowEmptyValue).map((parameter) => parameter.name)),
      body: declaredBody(document, operation),
    });
  }

  const compileFor = (plan: RequestPlan): CompiledCheck => ({
    path: compileLocation(compilers.parameters, plan.parameters, 'path'),
    query: compileLocation(compilers.parameters, plan.parameters, 'query'),
    header: compileLocation(compilers.parameters, plan.parameters, 'header'),
    bodies: new Map(
      [...(plan.body?.mediaTypes ?? [])].map(([mediaType, pointer]) => [
        mediaType,
        compilers.typed(contractRef(pointer)),
      ]),
    ),
  });

  return (operation, req, pathParams) => {
    const plan = plans.get(operation.operationId);
    if (!plan) return undefined;
    plan.compiled ??= compileFor(plan);
    const check = plan.compiled;
    const issues: ValidatorIssue[] = [];

    // Copies: the validators write the typed values into what they check.
    if (check.path && !check.path({ ...pathParams })) issues.push(...issuesOf(check.path.errors, 'path'));
    const query = readQuery(req, plan, issues);
    if (check.query && !check.query(query)) issues.push(...issuesOf(check.query.errors, 'query'));
    if (check.header && !check.header(readHeaders(req, plan))) issues.push(...issuesOf(check.header.errors, 'headers'));
    if (plan.body) {
      const bodyError = checkBody(req, plan.body, check.bodies, issues);
      if (bodyError) return bodyError;
    }
    if (issues.length > 0) return invalidRequest(issues);
    // The handlers read the query as the contract types it (limit=5 is the number 5).
    Object.defineProperty(req, 'query', { value: query, writable: true, configurable: true, enumerable: true });
    return undefined;
  };
}

/** The validator of one location's values, or undefined when the operation declares none there. */
function compileLocation(
  compile: CompileSchema,
  parameters: DeclaredParameter[],
  location: Location,
): ValidateFunction | undefined {
  const declared = parameters.filter((parameter) => parameter.in === location);
  if (declared.length === 0) return undefined;
  return compile({
    type: 'object',
    properties: Object.fromEntries(declared.map((parameter) => [parameter.name, contractRef(parameter.pointer)])),
    required: declared.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  });
}

/** A copy of the query, with every name it should not have, or empty value, reported. */
function readQuery(req: Request, plan: RequestPlan, issues: ValidatorIssue[]): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  const sent = req.query as Record<string, unknown>;
  for (const name of Object.keys(sent)) {
    const value = sent[name];
    if (!plan.queryNames.has(name)) {
      const known = [...plan.queryNames].join(', ');
      issues.push({
        path: `/query/${name}`,
        message: `Unknown query parameter '${name}' (${known ? `this operation takes ${known}` : 'this operation takes none'})`,
      });
    } else if (value === '' && !plan.emptyAllowed.has(name)) {
      issues.push({ path: `/query/${name}`, message: `Empty value found for query parameter '${name}'` });
    } else {
      query[name] = value;
    }
  }
  return query;
}

/** The header parameters the request sends. */
function readHeaders(req: Request, plan: RequestPlan): Record<string, unknown> {
  const headers: Record<string, unknown> = {};
  for (const parameter of plan.parameters) {
    if (parameter.in === 'header' && req.headers[parameter.name] !== undefined) {
      headers[parameter.name] = req.headers[parameter.name];
    }
  }
  return headers;
}

/** The body's media type, then the body itself; a 415 is returned, body findings are added to `issues`. */
function checkBody(
  req: Request,
  body: DeclaredBody,
  validators: Map<string, ValidateFunction>,
  issues: ValidatorIssue[],
): HttpError | undefined {
  const header = req.headers['content-type'];
  const contentType = header?.split(';', 1)[0]?.trim().toLowerCase();
  const declared = [...body.mediaTypes.keys()].join(' or ');
  if (contentType === undefined || contentType === '') {
    if (!body.required && req.body === undefined) return undefined;
    return new HttpError(
      'UNSUPPORTED_MEDIA_TYPE',
      `The body must be ${declared}, and no Content-Type was sent. Set Content-Type: ${declared}.`,
    );
  }
  const mediaType = declaredMediaType(body, contentType);
  const validate = mediaType === undefined ? undefined : validators.get(mediaType);
  if (!validate) {
    return new HttpError(
      'UNSUPPORTED_MEDIA_TYPE',
      `The body must be ${declared}, not ${contentType}. Set Content-Type: ${declared}.`,
    );
  }
  if (req.body === undefined) {
    if (body.required) issues.push({ path: '/body', message: `is required: send one as ${declared}` });
    return undefined;
  }
  if (!validate(req.body)) issues.push(...issuesOf(validate.errors, 'body'));
  return undefined;
}

/** The request check as a step of the API: after the operation match, before dispatch. */
export function createRequestValidation(check: RequestChecker): RequestHandler {
  return (req, res, next) => {
    const match = operationMatch(res);
    next(match ? check(match.operation, req, match.params) : undefined);
  };
}

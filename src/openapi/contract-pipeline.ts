// express-openapi-validator, set up one way for both contracts (the Pet Store API and the control
// API): it finds the operation of each request (req.openapi), checks the request, and checks every
// JSON answer's status and body. Its steps are taken apart so that the app can run its own
// between them: the limits come after the match (storms target operations) but before the body
// is read, so that a 404, a 413 or a malformed body carries the X-RateLimit-* headers too.
import { createRequire } from 'node:module';
import type { Request, RequestHandler, Response } from 'express';
import type { OpenAPIV3, OpenApiValidatorOpts } from 'express-openapi-validator/dist/framework/types.js';
import { runHeadAsGet, undoHeadAsGet } from '../http/head-as-get.js';
import { requestCookies } from '../http/request-cookies.js';
import { ContractRefusal } from './contract-source/contract-refusal.js';
import { typeFormFields } from './form-fields.js';
import { usesInheritedNames, withoutPrototypes } from './inherited-names.js';
import type { JsonObject } from './json-pointer.js';
import { type Contract, ContractError, isBuiltInContract, type OperationInfo } from './load-contract.js';
import { describePatternFormat, withPatternsAsFormats } from './patterns/validator-patterns.js';
import { checkPlainIntegers } from './plain-integers.js';
import {
  aliased,
  aliasHeader,
  aliasPathParameter,
  aliasQuery,
  namesProtoParameter,
  namesProtoProperty,
  unaliased,
  unaliasedError,
  unaliasedText,
  unaliasHeader,
  unaliasPathParameter,
  unaliasQuery,
  withProtoAliased,
  withProtoParametersAliased,
} from './proto-alias.js';
import { dereferencedSize, hasRefCycle } from './ref-cycles.js';
import { createResponseHeaderChecker, type ResponseHeaderChecker } from './response-contract.js';
import { unknownFormatsIgnored } from './unknown-formats.js';
import { validatorDocument } from './validator-document.js';
import { describeValidatorError } from './validator-errors.js';
import { applyValidatorFixes } from './validator-fixes.js';
import { AJV_FORMATS_MODE, MOCK_FORMATS } from './validator-formats.js';

/** The part of the validator's request metadata the mock reads. */
type OpenApiMetadata = { schema: { operationId?: string }; pathParams: Record<string, string> };
type ValidatorStep = RequestHandler & { name: string };

export type ContractPipeline = {
  /** The validator's match; a path or method the contract lacks is kept for `refuseUnmatched`. */
  match: RequestHandler;
  /** Installs the validator's check of the JSON answer (status, body) for a matched request. */
  checkResponseBody: RequestHandler;
  /** Answers a request that named no operation: 404, 405 with Allow, or 400 for bad percent-encoding. */
  refuseUnmatched: RequestHandler;
  /** The validator's check of parameters, content type and body, its findings as the Error object. */
  checkRequest: RequestHandler;
  /** Resolves once the validator has loaded the contract; rejects with its message if it cannot. */
  ready: Promise<void>;
};

export type PipelineOptions = {
  validateResponses: boolean;
  /** Told of an answer whose body or status breaks the contract; the answer is then replaced. */
  onResponseViolation: (res: Response, message: string) => void;
};

const load = createRequire(import.meta.url);

/** The operation the validator matched a request to, and the check of its answers' headers (when on). */
export type OperationMatch = { operation: OperationInfo; checkHeaders?: ResponseHeaderChecker };
type MatchedRequest = Request & { operationMatch?: OperationMatch };

export function operationMatch(req: Request): OperationMatch | undefined {
  return (req as MatchedRequest).operationMatch;
}

/** The operation the validator matched a request to, as the contract describes it. */
export function requestOperation(req: Request): OperationInfo | undefined {
  return operationMatch(req)?.operation;
}

function openApiMetadata(req: Request): OpenApiMetadata | undefined {
  return (req as Request & { openapi?: OpenApiMetadata }).openapi;
}

function stepNamed(steps: readonly ValidatorStep[], name: string): ValidatorStep {
  const step = steps.find((candidate) => candidate.name === name);
  if (!step) {
    throw new Error(
      `express-openapi-validator has no step named ${name}: this version is not one petstore-mock was built with. ` +
        'Reinstall petstore-mock so that its own version of the validator is used.',
    );
  }
  return step;
}

/**
 * The validator loads the contract on its own, without telling anyone; a request to its first
 * step waits for that load and hands its error on. Asked once at start, so that a contract it
 * cannot load stops the start with its message. The step would add path-parameter hooks to
 * req.app: this request's app takes none (the mock dispatches by operationId, not by route).
 */
function whenLoaded(firstStep: ValidatorStep): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = { app: { param: () => undefined }, path: '/', baseUrl: '', originalUrl: '/', method: 'GET' };
    firstStep(probe as unknown as Request, {} as Response, (error?: unknown) =>
      error === undefined ? resolve() : reject(error instanceof Error ? error : new Error(String(error))),
    );
  });
}

/** How the contract's names that JavaScript's objects have of their own reach the validator (proto-alias.ts). */
type InheritedNames = {
  /** A property named constructor or __proto__: the validator sees values without a prototype. */
  inherited: boolean;
  /** A property named __proto__, under an alias the validator does check. */
  protoProperty: boolean;
  /** A parameter named __proto__, aliased in the query or headers it is sent in. */
  protoParameter: boolean;
};

function inheritedNamesOf(document: Contract['document']): InheritedNames {
  const inherited = usesInheritedNames(document);
  return {
    inherited,
    protoProperty: inherited && namesProtoProperty(document),
    protoParameter: inherited && namesProtoParameter(document),
  };
}

/** The validator's options: the contract as it needs it (validator-document.ts), its patterns as formats matched in linear time. */
function validatorOptionsFor(
  contract: Contract,
  options: PipelineOptions,
  names: InheritedNames,
): OpenApiValidatorOpts {
  const aliasedDocument = names.protoProperty ? withProtoAliased(contract.document) : contract.document;
  const patterns = withPatternsAsFormats(
    validatorDocument(names.protoParameter ? withProtoParametersAliased(aliasedDocument) : aliasedDocument),
  );
  return {
    apiSpec: patterns.document as unknown as OpenAPIV3.DocumentV3_1,
    // Linted by Spectral in npm test; validating it again at every start is wasted work.
    validateApiSpec: false,
    // Every finding at once, so that the message names every field at fault; bodies are typed.
    validateRequests: { allowUnknownQueryParameters: false, coerceTypes: false, allErrors: true },
    // Formats checked in full (validator-formats.ts): the validator's default ('fast') takes month
    // 13 or hour 25 for a date-time (RFC 3339 section 5.6), which the mock then stored and answered.
    ajvFormats: { ...AJV_FORMATS_MODE },
    // A format the contract names that Ajv does not know holds any text, as Ajv takes it, said once.
    formats: { ...unknownFormatsIgnored(contract.document), ...patterns.formats, ...MOCK_FORMATS },
    validateResponses: options.validateResponses
      ? {
          allErrors: true,
          onError: (error: Error, _body: unknown, req: Request) => {
            if (req.res) options.onResponseViolation(req.res, unaliasedText(describeResponseViolation(error)));
          },
        }
      : false,
    // The API key is checked by the limits, which answer 401 with the X-RateLimit-* headers.
    validateSecurity: false,
    fileUploader: false,
    // The path below the base path is matched (see matchStep): the validator is given no servers.
    useRequestUrl: true,
    // Local references resolved once at load: bundling kept them, and the preprocessor then
    // compiled each one with Ajv just to read it (~150 ms of CPU of a start). A contract given at
    // run time whose schemas refer to themselves cannot be dereferenced, nor one whose targets,
    // shared, the validator's load would walk once per path to them: either is read bundled.
    $refParser: {
      mode: isBuiltInContract(contract.file) || dereferences(contract.document) ? 'dereference' : 'bundle',
    },
  };
}

/**
 * The most objects a dereferenced contract may show a walk, each shared target counted on every
 * path to it. Real documents show at most ~20,000 (Harbor's); a draft of a `oneOf` of four
 * branches at each of twelve levels shows 602 million, which took the validator's load hours.
 */
const DEREFERENCED_OBJECTS_MOST = 1_000_000;

const dereferences = (document: JsonObject): boolean =>
  !hasRefCycle(document) && dereferencedSize(document) <= DEREFERENCED_OBJECTS_MOST;

export function createContractPipeline(contract: Contract, options: PipelineOptions): ContractPipeline {
  const names = inheritedNamesOf(contract.document);
  const OpenApiValidator = load('express-openapi-validator') as typeof import('express-openapi-validator');
  applyValidatorFixes(load);
  const steps = OpenApiValidator.middleware(
    validatorOptionsFor(contract, options, names),
  ) as unknown as ValidatorStep[];
  const responseCheck = options.validateResponses ? stepNamed(steps, 'responseMiddleware') : undefined;
  const unmatched = new WeakMap<Request, unknown>();
  return {
    match: matchStep(contract, stepNamed(steps, 'metadataMiddleware'), options, unmatched),
    checkResponseBody: responseCheck ? responseBodyStep(responseCheck, names) : (_req, _res, next) => next(),
    refuseUnmatched: (req, _res, next) => {
      const operation = requestOperation(req);
      if (operation) next();
      else next(describeValidatorError(unmatched.get(req) ?? notFound(), req, operation));
    },
    checkRequest: requestStep(contract, stepNamed(steps, 'requestMiddleware'), names),
    ready: loadedOrRefused(contract, stepNamed(steps, 'pathParamsMiddleware')),
  };
}

/** The validator's match of a request to its operation; a path or method the contract lacks is kept in `unmatched`. */
function matchStep(
  contract: Contract,
  metadata: ValidatorStep,
  options: PipelineOptions,
  unmatched: WeakMap<Request, unknown>,
): RequestHandler {
  const checkHeaders = options.validateResponses ? createResponseHeaderChecker(contract) : undefined;
  // One match per operation, made once: a request only points at its operation's.
  const matches = new Map(
    contract.operations.map((operation): [string, OperationMatch] => [
      operation.operationId,
      { operation, checkHeaders },
    ]),
  );
  const below = pathBelowBase(contract.basePath);
  return (req, res, next) => {
    runHeadAsGet(req);
    // Matched below the base path, then given back its own URL: every later step reads the whole one.
    const url = req.url;
    req.url = below(url);
    metadata(req, res, (error?: unknown) => {
      req.url = url;
      if (error !== undefined) {
        unmatched.set(req, error);
        undoHeadAsGet(req);
      }
      const operationId = openApiMetadata(req)?.schema.operationId;
      const found = operationId === undefined ? undefined : matches.get(operationId);
      if (found) (req as MatchedRequest).operationMatch = found;
      next();
    });
  };
}

/** Resolves once the validator has loaded the contract; its failure is the contract's refusal (or the package's fault). */
function loadedOrRefused(contract: Contract, pathParams: ValidatorStep): Promise<void> {
  const ready = whenLoaded(pathParams).catch((error: Error) => {
    const problem = `express-openapi-validator cannot load it (${error.message})`;
    // A contract given at run time is the user's to fix; the built-in one is the package's.
    if (!isBuiltInContract(contract.file)) {
      throw new ContractRefusal(contract.file, [{ kind: 'openapi', file: contract.file, message: `${problem}.` }]);
    }
    throw new ContractError(contract.file, problem);
  });
  // Awaited by the start; if the start fails before it gets there, its failure must not crash the process.
  ready.catch(() => undefined);
  return ready;
}

/** The validator's check of a matched request's JSON answer, around its own hook on res.json. */
function responseBodyStep(responseCheck: ValidatorStep, names: InheritedNames): RequestHandler {
  const toValidator = names.protoProperty ? aliased : withoutPrototypes;
  return (req, res, next) => {
    if (!requestOperation(req)) return next();
    // The validator is handed the copy, the client the original names.
    if (names.protoProperty) {
      const send = res.json.bind(res);
      res.json = (body: unknown) => send(unaliased(body));
    }
    responseCheck(req, res, (error?: unknown) => {
      if (names.inherited) {
        const check = res.json.bind(res);
        res.json = (body: unknown) => check(toValidator(body));
      }
      next(error);
    });
  };
}

/** The validator's check of parameters, content type and body, its findings as the Error object. */
function requestStep(contract: Contract, requestCheck: ValidatorStep, names: InheritedNames): RequestHandler {
  const toValidator = names.protoProperty ? aliased : withoutPrototypes;
  return (req, res, next) => {
    const operation = requestOperation(req);
    try {
      checkPlainIntegers(req, operation?.integerParameters ?? []);
      if (operation?.request) typeFormFields(req, operation, contract.document);
    } catch (error) {
      next(error);
      return;
    }
    // The validator checks cookie parameters in `req.cookies`, which Express leaves unset.
    req.cookies = requestCookies(req);
    const copied = names.inherited && typeof req.body === 'object' && req.body !== null;
    if (copied) req.body = toValidator(req.body);
    const queryAliased = names.protoParameter && aliasQuery(req);
    const headerAliased = names.protoParameter && aliasHeader(req);
    const pathAliased = names.protoParameter && aliasPathParameter(req);
    requestCheck(req, res, (error?: unknown) => {
      if (copied && names.protoProperty) req.body = unaliased(req.body);
      if (queryAliased) unaliasQuery(req);
      if (headerAliased) unaliasHeader(req);
      if (pathAliased) unaliasPathParameter(req);
      const aliasedNames = names.protoProperty || names.protoParameter;
      next(
        error === undefined
          ? undefined
          : describeValidatorError(aliasedNames ? unaliasedError(error) : error, req, requestOperation(req)),
      );
    });
  };
}

/** A request's URL below `basePath` ("/v1/pets?limit=2" below "/v1" is "/pets?limit=2"), as the validator matches it. */
function pathBelowBase(basePath: string): (url: string) => string {
  if (basePath === '') return (url) => url;
  return (url) => {
    if (!url.startsWith(basePath)) return url;
    const rest = url.slice(basePath.length);
    return rest === '' || rest.startsWith('?') ? `/${rest}` : rest.startsWith('/') ? rest : url;
  };
}

/** What the validator says of a request under the contract's base path that it matched to nothing. */
const notFound = () => ({ status: 404, message: 'not found' });

/** The validator's finding on an answer, as one sentence: which field, which rule. */
function describeResponseViolation(error: Error): string {
  const issues = (error as Error & { errors?: Array<{ path?: string; message?: string }> }).errors ?? [];
  if (issues.length === 0) return error.message;
  return issues
    .map(
      (issue) =>
        `${(issue.path ?? '').replace(/^\/response\/?/, 'body ').trim() || 'body'} ${describePatternFormat(issue.message ?? '')}`,
    )
    .join('; ');
}

// The Express app: middleware in a fixed, readable order, and no I/O of its own.
//   CORS -> request log -> docs and contract -> control API (/__mock) -> API: which operation
//   -> latency -> limits and key -> body -> request validation -> the operation's handler
//   -> 404 -> Error object; every JSON answer of an operation is checked on its way out
import cors from 'cors';
import express, { type Express, json, type RequestHandler } from 'express';
import type { Clock } from './clock.js';
import type { ControlAccess } from './control/control-access.js';
import { CONTROL_BASE_PATH, createControlRoutes } from './control/control-routes.js';
import type { Simulation } from './control/simulation.js';
import { createDocsRoutes } from './docs/docs-routes.js';
import { createErrorMiddleware, HttpError, logMockFault } from './errors.js';
import { createHandlers } from './handlers/index.js';
import { createLatencyMiddleware } from './http/latency.js';
import { composeMiddleware, onlyUnder } from './http/middleware-chain.js';
import { createRequestLog, type LogLine } from './http/request-log.js';
import type { KeyDirectory } from './limits/key-directory.js';
import type { LimitState } from './limits/limit-state.js';
import { createRateLimitMiddleware } from './limits/rate-limit-middleware.js';
import { createContractCompilers } from './openapi/contract-ajv.js';
import { dispatchOperations } from './openapi/dispatch-operations.js';
import type { Contract } from './openapi/load-contract.js';
import {
  createOperationMatcher,
  refuseUnmatched,
  rememberOperationMatch,
  requestOperation,
} from './openapi/match-operation.js';
import { createRequestChecker, createRequestValidation } from './openapi/request-validation.js';
import { createResponseChecker, validateResponsesOf } from './openapi/response-validation.js';
import { PRECOMPILED_VALIDATOR_FILES } from './package-root.js';
import type { Store } from './store/create-store.js';

export const MAX_BODY_BYTES = 32 * 1024;

/** Headers a browser app may read from a cross-origin answer. */
const EXPOSED_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  'X-Total-Count',
  'Link',
  'Location',
  'Deprecation',
  'Sunset',
  'X-API-Stability',
  'Preference-Applied',
];

export type AppDependencies = {
  contract: Contract;
  /** The control API's contract, loaded when the control API is first used. */
  loadControlContract: () => Contract;
  store: Store;
  clock: Clock;
  limitState: LimitState;
  simulation: Simulation;
  controlAccess: ControlAccess;
  controlToken: string | undefined;
  keys: KeyDirectory;
  validateResponses: boolean;
  /** Write a line per request (the errors of the mock's own are logged either way). */
  logRequests: boolean;
  /** Seeds the random latency, so that delays repeat from run to run. */
  seed: number;
  log: LogLine;
};

/**
 * CORS for the requests that can use it: a browser sends Origin with every cross-origin request
 * (preflights included); SDKs, curl and load tests do not, and are spared the work (~5% of a
 * read). Vary: Origin tells caches that the answer depends on it.
 */
function onlyCrossOrigin(corsHandler: RequestHandler): RequestHandler {
  return (req, res, next) => {
    res.setHeader('Vary', 'Origin');
    if (req.headers.origin === undefined) next();
    else corsHandler(req, res, next);
  };
}

export function createApp(deps: AppDependencies): Express {
  const { contract, store, clock, simulation } = deps;
  const settings = () => simulation.settings();
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  // Built on its first request: its contract and validator are not worth a slower start.
  let controlRoutes: RequestHandler | undefined;
  const control: RequestHandler = (req, res, next) => {
    controlRoutes ??= createControlRoutes({
      contract: deps.loadControlContract(),
      simulation,
      access: deps.controlAccess,
      token: deps.controlToken,
    });
    controlRoutes(req, res, next);
  };

  const api = contract.basePath || '/';
  const compilers = createContractCompilers(contract, PRECOMPILED_VALIDATOR_FILES);
  const matchOperation = createOperationMatcher(contract.basePath, contract.operations);
  const parseJson = json({ limit: MAX_BODY_BYTES });
  const apiSteps: RequestHandler[] = [
    (req, res, next) => {
      rememberOperationMatch(res, matchOperation(req.method, req.originalUrl.split('?')[0] ?? ''));
      next();
    },
    createLatencyMiddleware(() => simulation.latency(), deps.seed),
    // Limits before the body, so that a 413 or a malformed body carries the X-RateLimit-* headers too.
    createRateLimitMiddleware({ keys: deps.keys, state: deps.limitState, clock, settings }),
    // Only operations that take a body read one: a body sent to a GET is ignored, not judged.
    (req, res, next) => (requestOperation(res)?.hasRequestBody ? parseJson(req, res, next) : next()),
    refuseUnmatched(matchOperation),
    createRequestValidation(createRequestChecker(contract, compilers)),
    dispatchOperations({
      contract,
      handlers: createHandlers({ store, clock, basePath: contract.basePath }),
      clock,
      retryAfterFormat: () => settings().retryAfterFormat,
    }),
  ];

  // Everything but the 404 and the Error object runs as one Express layer (see middleware-chain.ts).
  app.use(
    composeMiddleware([
      onlyCrossOrigin(cors({ exposedHeaders: EXPOSED_HEADERS, maxAge: 600 })),
      ...(deps.logRequests ? [createRequestLog(deps.log)] : []),
      onlyUnder(['/docs', '/openapi.'], createDocsRoutes(contract)),
      // Before the API's limits: control requests never count against any key.
      onlyUnder([CONTROL_BASE_PATH], control),
      onlyUnder([api], composeMiddleware(apiSteps)),
    ]),
  );
  if (deps.validateResponses) {
    validateResponsesOf(app, createResponseChecker(contract, compilers), (res, error) => {
      res.locals.errorCode = error.code;
      logMockFault(deps.log, res.req, error);
    });
  }
  app.use((req) => {
    throw new HttpError('ROUTE_NOT_FOUND', `No operation at ${req.path}. The API is under ${api}; see /docs.`);
  });
  app.use(createErrorMiddleware(deps.log));
  return app;
}

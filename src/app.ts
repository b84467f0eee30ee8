// The Express app: middleware in a fixed, readable order, and no I/O of its own.
//   Date (the mock's clock) -> CORS -> request log -> docs and contract -> control API (/__mock) -> API. Both APIs run the
//   same steps of their contract's pipeline (express-openapi-validator): the operation's match ->
//   the check of its answers -> (API: latency, key and limits) -> body -> the request's check ->
//   the operation's handler; then the 404 and the Error object. Every answer of a matched
//   operation is checked on its way out (status, body, headers).
import cors from 'cors';
import express, { type Express, json, type Request, type RequestHandler } from 'express';
import { createKeyAuthentication } from './auth/authenticate-key.js';
import type { KeyDirectory } from './auth/key-directory.js';
import type { Clock } from './clock.js';
import type { ControlAccess } from './control/control-access.js';
import { createControlOperations } from './control/control-operations.js';
import { CONTROL_BASE_PATH, createControlApi } from './control/control-routes.js';
import type { Simulation } from './control/simulation.js';
import { createDocsRoutes } from './docs/docs-routes.js';
import { createErrorMiddleware, HttpError, logMockFault } from './errors.js';
import { createHandlers } from './handlers/index.js';
import { createDateHeader } from './http/date-header.js';
import { createLatencyMiddleware } from './http/latency.js';
import { composeMiddleware, onlyUnder } from './http/middleware-chain.js';
import { createRequestLog, type LogLine } from './http/request-log.js';
import type { LimitState } from './limits/limit-state.js';
import { createRateLimitMiddleware } from './limits/rate-limit-middleware.js';
import {
  type ContractPipeline,
  createContractPipeline,
  operationMatch,
  requestOperation,
} from './openapi/contract-pipeline.js';
import { dispatchByOperationId, dispatchOperations, requireHandlers } from './openapi/dispatch-operations.js';
import type { Contract } from './openapi/load-contract.js';
import { guardResponses } from './openapi/response-contract.js';
import type { DataStore } from './store/data-store.js';

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
  controlContract: Contract;
  data: DataStore;
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

/** The app, and the validator's load of both contracts (a start waits for it). */
export type MockApp = { app: Express; ready: Promise<void> };

/** The steps every request of a contract takes, with the caller's own before the body is read. */
function operationSteps(
  pipeline: ContractPipeline,
  beforeBody: readonly RequestHandler[],
  dispatch: RequestHandler,
): RequestHandler {
  const parseJson = json({ limit: MAX_BODY_BYTES });
  return composeMiddleware([
    pipeline.match,
    pipeline.checkResponseBody,
    ...beforeBody,
    // Only operations that take a body read one: a body sent to a GET is ignored, not judged.
    (req, res, next) => (requestOperation(req)?.hasRequestBody ? parseJson(req, res, next) : next()),
    pipeline.refuseUnmatched,
    pipeline.checkRequest,
    dispatch,
  ]);
}

export function createApp(deps: AppDependencies): MockApp {
  const { contract, data, clock, simulation } = deps;
  const settings = () => simulation.settings();
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  const guard = guardResponses(app, operationMatch, (res, error) => {
    res.locals.errorCode = error.code;
    logMockFault(deps.log, res.req, error);
  });
  const pipelineOptions = {
    validateResponses: deps.validateResponses,
    onResponseViolation: guard.reportViolation,
  };
  const apiPipeline = createContractPipeline(contract, pipelineOptions);
  const controlPipeline = createContractPipeline(deps.controlContract, pipelineOptions);
  const operationIdOf = (req: Request) => requestOperation(req)?.operationId;

  const controlHandlers = createControlOperations(simulation, deps.controlAccess);
  requireHandlers(deps.controlContract, controlHandlers, 'src/control/control-operations.ts');
  const control = createControlApi({
    access: deps.controlAccess,
    token: deps.controlToken,
    operations: operationSteps(
      controlPipeline,
      [],
      dispatchByOperationId(new Map(Object.entries(controlHandlers).map(([id, handler]) => [id, [handler]]))),
    ),
  });

  const api = contract.basePath || '/';
  const apiSteps = operationSteps(
    apiPipeline,
    [
      createLatencyMiddleware(() => simulation.latency(), deps.seed, operationIdOf),
      // Key and limits before the body, so that a 413 or a malformed body carries the X-RateLimit-* headers too.
      createKeyAuthentication({ keys: deps.keys, state: deps.limitState, clock }),
      createRateLimitMiddleware({ state: deps.limitState, clock, settings, operationIdOf }),
    ],
    dispatchOperations({
      contract,
      handlers: createHandlers({ data, clock, basePath: contract.basePath }),
      clock,
      retryAfterFormat: () => settings().retryAfterFormat,
    }),
  );

  // Everything but the 404 and the Error object runs as one Express layer (see middleware-chain.ts).
  app.use(
    composeMiddleware([
      createDateHeader(clock),
      onlyCrossOrigin(cors({ exposedHeaders: EXPOSED_HEADERS, maxAge: 600 })),
      ...(deps.logRequests ? [createRequestLog(deps.log)] : []),
      onlyUnder(['/docs', '/openapi.'], createDocsRoutes(contract)),
      // Before the API's limits: control requests never count against any key.
      onlyUnder([CONTROL_BASE_PATH], control),
      onlyUnder([api], apiSteps),
    ]),
  );
  app.use((req) => {
    throw new HttpError('ROUTE_NOT_FOUND', `No operation at ${req.path}. The API is under ${api}; see /docs.`);
  });
  app.use(createErrorMiddleware(deps.log));
  return { app, ready: Promise.all([apiPipeline.ready, controlPipeline.ready]).then(() => undefined) };
}

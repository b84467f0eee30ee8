// The Express app: middleware in a fixed, readable order, and no I/O of its own.
//   Date (the mock's clock) -> CORS -> request log -> docs and contract -> control API (/__mock) -> API. Both APIs run the
//   same steps of their contract's pipeline (express-openapi-validator): the operation's match ->
//   the check of its answers -> (API: latency, then its mode's key and limits) -> body -> the
//   request's check -> the answer (API: its mode's, api-mode.ts: the mock's handler or the
//   proxy's forward); then the 404 and the Error object. Every answer of a matched
//   operation is checked on its way out (status, body, headers). Each request runs in a world
//   (world.ts): its X-Mock-Scope's, or the default one; the API's steps are built per world.
import cors from 'cors';
import express, { type ErrorRequestHandler, type Express, json, type Request, type RequestHandler } from 'express';
import type { AnswerDescription, ApiModeFactory } from './api-mode.js';
import { credentialsIn } from './auth/read-credentials.js';
import type { Clock } from './clock.js';
import type { ControlAccess } from './control/control-access.js';
import { createControlOperations } from './control/control-operations.js';
import { CONTROL_BASE_PATH, createControlApi } from './control/control-routes.js';
import { createDocsRoutes } from './docs/docs-routes.js';
import { type ContractErrorWriter, createErrorMiddleware, createLastWordHandler, HttpError } from './errors.js';
import { createHostCheck } from './http/allowed-hosts.js';
import { bornWithPrototypes, type ServerClasses } from './http/app-prototypes.js';
import { MAX_BODY_BYTES } from './http/body-limit.js';
import { contractGapRecord } from './http/curl-line.js';
import { createDateHeader, createHttpDateFormatter } from './http/date-header.js';
import { createLatencyMiddleware } from './http/latency.js';
import { composeMiddleware, onlyUnder } from './http/middleware-chain.js';
import { noteSecrets } from './http/redact-secrets.js';
import { createRequestLog, type LogLine } from './http/request-log.js';
import { createLimitHeaderWriter, type LimitHeaderWriter } from './limits/limit-header-dialect.js';
import { PLAN_LIMITS } from './limits/plans.js';
import { countAnonymousRequest } from './limits/rate-limit-policy.js';
import { type ContractPipeline, createContractPipeline, requestOperation } from './openapi/contract-pipeline.js';
import { dispatchByOperationId, requireHandlers } from './openapi/dispatch-operations.js';
import { createErrorAnswers } from './openapi/error-answers/error-answers.js';
import { limitHeaderDialectOf } from './openapi/limit-headers-of-contract.js';
import { type Contract, describeContractSource } from './openapi/load-contract.js';
import { requestedScope } from './scopes/scope-name.js';
import type { ScopeRegistry } from './scopes/scope-registry.js';
import { createWorldChooser, perWorld, type WorldChooser } from './scopes/world-of-request.js';
import { StateOutOfReachError, StateUnavailableError } from './store/state-unavailable.js';
import type { World } from './world.js';

/** Headers a browser app may read from a cross-origin answer, besides the contract's limit headers. */
const EXPOSED_HEADERS = [
  'Retry-After',
  'X-Total-Count',
  'Link',
  'Location',
  'Deprecation',
  'Sunset',
  'X-API-Stability',
  'Preference-Applied',
  'X-Mock-Contract-Gap',
];

/** The Pet Store's X-RateLimit-* first, as before, then the rest. */
const exposedHeaders = (limitHeaders: LimitHeaderWriter) => [...new Set([...limitHeaders.names, ...EXPOSED_HEADERS])];

export type AppDependencies = {
  contract: Contract;
  controlContract: Contract;
  /** The world of requests without X-Mock-Scope: the data file's. */
  defaultWorld: World;
  /** The worlds of the scopes, each made by its first request. */
  scopes: ScopeRegistry<World>;
  controlAccess: ControlAccess;
  /** Whether a Host header's name is one of the mock's (src/http/allowed-hosts.ts). */
  isAllowedHost: (hostName: string) => boolean;
  /** Whether a host name was given to --allowed-hosts: a page of it may use the control API. */
  isGivenHostName?: (hostName: string) => boolean;
  controlToken: string | undefined;
  validateResponses: boolean;
  /** Whether clients' API keys are secrets (a proxy's): log lines show a fingerprint instead. */
  secretKeys?: boolean;
  /** Write a line per request (the errors of the mock's own are logged either way). */
  logRequests: boolean;
  /** Seeds the random latency, so that delays repeat from run to run. */
  seed: number;
  log: LogLine;
  /** What answers the API: the mock (src/mock/) or the validation proxy (src/proxy/). */
  mode: ApiModeFactory;
};

/**
 * CORS for the requests that can use it: a browser sends Origin with every cross-origin request
 * (preflights included); SDKs, curl and load tests do not, and are spared the work (~5% of a
 * read). Vary: Origin tells caches that the answer depends on it.
 */
function onlyCrossOrigin(corsHandler: RequestHandler): RequestHandler {
  return (req, res, next) => {
    res.setHeader('Vary', 'Origin');
    // The control API and dashboard are the user's, never shared with other pages.
    if (req.headers.origin === undefined || req.path.startsWith(CONTROL_BASE_PATH)) next();
    else corsHandler(req, res, next);
  };
}

/** The app, the validator's load of both contracts (a start waits for it), and how each operation is answered. */
export type MockApp = {
  app: Express;
  /** The classes a server makes the app's requests and answers with (http/app-prototypes.ts). */
  classes: ServerClasses;
  ready: Promise<void>;
  operations: readonly AnswerDescription[];
};

/** The control API's bodies (the API's are read by its mode). */
const parseControlJson = json({ limit: MAX_BODY_BYTES });

/** The steps every request of a contract takes, with the caller's own before the body is read. */
function operationSteps(
  pipeline: ContractPipeline,
  beforeBody: readonly RequestHandler[],
  dispatch: RequestHandler,
  readBody: RequestHandler,
): RequestHandler {
  return composeMiddleware([
    pipeline.match,
    pipeline.checkResponseBody,
    ...beforeBody,
    // Only operations that take a body read one: a body sent to a GET is ignored, not judged.
    (req, res, next) => (requestOperation(req)?.hasRequestBody ? readBody(req, res, next) : next()),
    pipeline.refuseUnmatched,
    pipeline.checkRequest,
    dispatch,
  ]);
}

/**
 * Runs `refresh` before the request's next step; its failure (Redis out of reach) is the request's,
 * unless the mode goes on without the shared state.
 */
function refreshFirst(refresh: () => Promise<void>, goesOnWithoutState: boolean): RequestHandler {
  return (_req, _res, next) => {
    refresh().then(
      () => next(),
      (error: unknown) => (goesOnWithoutState && error instanceof StateOutOfReachError ? next() : next(error)),
    );
  };
}

/** Refusals made before any world counted the request. */
const UNCOUNTED_CODES: ReadonlySet<string> = new Set(['TOO_MANY_SCOPES', 'HOST_NOT_ALLOWED', 'MALFORMED_HTTP']);

/**
 * A request refused before its world counted it (shared state out of reach, or a scope Redis
 * refused): every answer of the API carries X-RateLimit-* all the same. They show a Free
 * window of its own, counted nowhere, as for a request refused for its scope.
 */
function withLimitHeadersWhenUncounted(clock: Clock, limitHeaders: LimitHeaderWriter): ErrorRequestHandler {
  return (error, _req, res, next) => {
    const uncounted =
      error instanceof StateUnavailableError || (error instanceof HttpError && UNCOUNTED_CODES.has(error.code));
    if (uncounted && !res.headersSent && !limitHeaders.has(res)) {
      const nowMs = clock.nowMs();
      limitHeaders.set(res, countAnonymousRequest(undefined, PLAN_LIMITS.free, nowMs).headers, nowMs);
    }
    next(error);
  };
}

/**
 * The API's errors in the contract's own words (src/openapi/error-answers/); an answer the
 * contract does not declare is kept in the world's violation log (`location: contract`), where
 * the mode keeps such records (the proxy's log holds the upstream's violations only). The
 * control API and the mock's own routes keep the mock's Error object.
 */
function contractErrorWriter(
  deps: AppDependencies,
  worlds: WorldChooser<World>,
  recordGaps: boolean,
): ContractErrorWriter {
  const worldOf = (req: Request) => {
    try {
      return worlds.worldOf(req);
    } catch {
      // Refused for its scope: the default world tells the time and keeps the record.
      return worlds.defaultWorld;
    }
  };
  const write = createErrorAnswers(deps.contract, {
    seed: deps.seed,
    nowOf: (req) => worldOf(req).clock.nowMs(),
    onGap: (req, gap) => {
      if (!recordGaps) return;
      const violation = contractGapRecord(
        req,
        gap.operationId,
        `${gap.what}: answered ${gap.status} all the same, in the shape of its nearest declared error. Declare it in the contract.`,
      );
      Promise.resolve()
        .then(() => worldOf(req).violations.record(violation))
        .catch((error: unknown) => deps.log(`The contract gap could not be recorded: ${String(error)}`));
    },
  });
  const api = deps.contract.basePath || '/';
  return (req, res, error) =>
    req.path.startsWith(CONTROL_BASE_PATH) || !req.path.startsWith(api)
      ? Promise.resolve(false)
      : write(req, res, error);
}

/**
 * Notes the credentials a request carries in the contract's own places (an API key in the query,
 * a cookie, a header of another name) so that no log line or report shows them; X-API-Key and
 * Authorization are hidden already. None to note for the built-in contract.
 */
function createCredentialNote(contract: Contract): RequestHandler | undefined {
  const schemes = [
    ...new Map(
      contract.operations.flatMap((operation) => operation.security.schemes).map((scheme) => [scheme.scheme, scheme]),
    ).values(),
  ].filter(
    (scheme) =>
      scheme.kind === 'apiKey' && !(scheme.in === 'header' && /^(x-api-key|authorization)$/i.test(scheme.name)),
  );
  if (schemes.length === 0) return undefined;
  return (req, _res, next) => {
    noteSecrets(
      req,
      credentialsIn(req, schemes).map((credential) => credential.key),
    );
    next();
  };
}

export function createApp(deps: AppDependencies): MockApp {
  const { contract, defaultWorld } = deps;
  const worlds = createWorldChooser(defaultWorld, deps.scopes);
  const app = express();
  const classes = bornWithPrototypes(app);
  app.disable('x-powered-by');
  app.set('etag', false);

  const operationIdOf = (req: Request) => requestOperation(req)?.operationId;
  const limitHeaders = createLimitHeaderWriter(limitHeaderDialectOf(contract), createHttpDateFormatter());
  const mode = deps.mode({
    limitHeaders,
    securityOf: (req) => requestOperation(req)?.security ?? contract.security,
    app,
    contract,
    violationsOf: (req) => worlds.worldOf(req).violations,
    log: deps.log,
    validateResponses: deps.validateResponses,
    operationIdOf,
    seed: deps.seed,
  });
  const pipelineOptions = { validateResponses: mode.validateResponses, onResponseViolation: mode.onResponseViolation };
  const checkedPipeline = createContractPipeline(contract, pipelineOptions);
  const apiPipeline: ContractPipeline = {
    ...checkedPipeline,
    checkRequest: mode.checkRequest(checkedPipeline.checkRequest),
  };
  const controlPipeline = createContractPipeline(deps.controlContract, pipelineOptions);

  const controlHandlers = createControlOperations({
    simulationOf: (req) => worlds.worldOf(req).simulation,
    violationsOf: (req) => worlds.worldOf(req).violations,
    scopes: deps.scopes,
    access: deps.controlAccess,
    operations: () => ({ contract: describeContractSource(contract), operations: [...mode.operations] }),
  });
  requireHandlers(deps.controlContract, controlHandlers, 'src/control/control-operations.ts');
  const control = createControlApi({
    ...(deps.isGivenHostName ? { isGivenHostName: deps.isGivenHostName } : {}),
    access: deps.controlAccess,
    token: deps.controlToken,
    operations: composeMiddleware([
      // A name that is not one is refused for every operation; the scope itself is entered
      // (made, if new) only by the operations that act in it.
      (req, _res, next) => {
        requestedScope(req);
        next();
      },
      operationSteps(
        controlPipeline,
        [],
        dispatchByOperationId(new Map(Object.entries(controlHandlers).map(([id, handler]) => [id, [handler]]))),
        parseControlJson,
      ),
    ]),
  });

  const api = contract.basePath || '/';
  const noteCredentials = createCredentialNote(contract);
  const apiStepsOf = (world: World) => {
    const { clock, simulation, refresh } = world;
    const steps = mode.stepsOf(world);
    return operationSteps(
      apiPipeline,
      [
        ...(noteCredentials ? [noteCredentials] : []),
        // Shared state (Redis): the clock, latency and settings as every process last stored them.
        ...(refresh ? [refreshFirst(refresh, mode.goesOnWithoutState === true)] : []),
        // The scope's own clock, or the one just brought up to date, over the default one's set for every answer.
        ...(clock === defaultWorld.clock && !refresh ? [] : [createDateHeader(clock)]),
        createLatencyMiddleware(() => simulation.latency(), deps.seed, operationIdOf),
        // Key and limits before the body, so that a 413 or a malformed body carries the X-RateLimit-* headers too.
        ...steps.beforeBody,
      ],
      steps.answer,
      mode.readBody,
    );
  };
  // A request refused for its scope has no world to count it in: its headers show a Free window
  // of its own, counted nowhere (every answer of the API carries them).
  const apiSteps = perWorld(worlds, apiStepsOf, (res) => {
    const nowMs = defaultWorld.clock.nowMs();
    limitHeaders.set(res, countAnonymousRequest(undefined, PLAN_LIMITS.free, nowMs).headers, nowMs);
  });

  // Everything but the 404 and the Error object runs as one Express layer (see middleware-chain.ts).
  app.use(
    composeMiddleware([
      createDateHeader(defaultWorld.clock),
      onlyCrossOrigin(cors({ exposedHeaders: exposedHeaders(limitHeaders), maxAge: 600 })),
      ...(deps.logRequests ? [createRequestLog(deps.log, deps.secretKeys === true)] : []),
      createHostCheck(deps.isAllowedHost),
      onlyUnder(['/docs', '/openapi.'], createDocsRoutes(contract)),
      // Before the API's limits: control requests never count against any key.
      onlyUnder([CONTROL_BASE_PATH], control),
      onlyUnder([api], apiSteps),
    ]),
  );
  app.use((req) => {
    throw new HttpError('ROUTE_NOT_FOUND', `No operation at ${req.path}. The API is under ${api}; see /docs.`);
  });
  app.use(withLimitHeadersWhenUncounted(defaultWorld.clock, limitHeaders));
  for (const handler of mode.errorHandlers) app.use(handler);
  app.use(createErrorMiddleware(deps.log, contractErrorWriter(deps, worlds, mode.recordsContractGaps)));
  app.use(createLastWordHandler(deps.log));
  return {
    app,
    classes,
    ready: Promise.all([apiPipeline.ready, controlPipeline.ready, mode.ready]).then(() => undefined),
    operations: mode.operations,
  };
}

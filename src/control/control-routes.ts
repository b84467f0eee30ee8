// The control API under /__mock, validated against its own contract (spec/control.yaml). It
// is mounted before the Pet Store API's limits, so that its requests never count.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Router as createRouter, json, type Request, type Response, type Router, static as serveStatic } from 'express';
import type { OpenAPIV3 } from 'express-openapi-validator/dist/framework/types.js';
import { HttpError } from '../errors.js';
import type { components } from '../generated/control.js';
import { LatencyError } from '../http/latency.js';
import type { Contract } from '../openapi/load-contract.js';
import { applyValidatorShims } from '../openapi/validator-shims.js';
import { PACKAGE_ROOT } from '../package-root.js';
import { type ControlAccess, createControlGuard } from './control-access.js';
import { NotFoundError, type Simulation } from './simulation.js';

type Schemas = components['schemas'];
export const CONTROL_BASE_PATH = '/__mock';
const DASHBOARD_FOLDER = join(PACKAGE_ROOT, 'dashboard');

export type ControlRouteOptions = {
  contract: Contract;
  simulation: Simulation;
  access: ControlAccess;
  token: string | undefined;
};

/** Turns the simulation's own failures into the Error object of the control contract. */
function asHttpError(error: unknown): unknown {
  if (error instanceof NotFoundError) return new HttpError(error.code, error.message);
  if (error instanceof LatencyError) return new HttpError('INVALID_BODY', error.message);
  return error;
}

type Action = (req: Request, res: Response) => unknown;

function handle(action: Action): Action {
  return async (req, res) => {
    try {
      await action(req, res);
    } catch (error) {
      throw asHttpError(error);
    }
  };
}

const keyParam = (req: Request) => String(req.params.key);

export function createControlRoutes({ contract, simulation, access, token }: ControlRouteOptions): Router {
  const router = createRouter();
  // The dashboard's own files are public (the page asks for the token); what it reads is not.
  if (access !== 'closed') {
    router.get(`${CONTROL_BASE_PATH}/ui`, (_req, res) => res.sendFile(join(DASHBOARD_FOLDER, 'index.html')));
    router.use(`${CONTROL_BASE_PATH}/ui`, serveStatic(DASHBOARD_FOLDER, { index: false }));
  }
  router.use(CONTROL_BASE_PATH, createControlGuard(access, token));
  router.use(CONTROL_BASE_PATH, json({ limit: 32 * 1024 }));
  // Mounted on /__mock alone, so that the API's own requests never pass through it.
  // Loaded here, with the control API's first request: the API's requests never need it, and
  // loading it takes a fifth of a start.
  const OpenApiValidator = createRequire(import.meta.url)(
    'express-openapi-validator',
  ) as typeof import('express-openapi-validator');
  applyValidatorShims();
  const validator = createRouter();
  validator.use(
    OpenApiValidator.middleware({
      apiSpec: structuredClone(contract.document) as unknown as OpenAPIV3.DocumentV3_1,
      validateRequests: { allowUnknownQueryParameters: false, coerceTypes: false },
      validateResponses: true,
      validateSecurity: false,
      ignoreUndocumented: false,
      validateApiSpec: false, // as for the API's validator: checked in npm test, not at start
    }),
  );
  router.use(CONTROL_BASE_PATH, validator);
  const base = CONTROL_BASE_PATH;
  router.get(
    `${base}/state`,
    handle((_req, res) => res.json({ ...simulation.state(), controlApi: access === 'token' ? 'token' : 'open' })),
  );

  router.put(
    `${base}/keys/:key`,
    handle(async (req, res) => {
      const body = req.body as Schemas['KeyPlan'];
      res.json(await simulation.putKey(keyParam(req), body.plan, body.limits));
    }),
  );
  router.delete(
    `${base}/keys/:key`,
    handle(async (req, res) => {
      await simulation.deleteKey(keyParam(req));
      res.status(204).end();
    }),
  );
  router.post(
    `${base}/keys/:key/ban`,
    handle((req, res) =>
      res.json(simulation.ban(keyParam(req), (req.body as { seconds?: number } | undefined)?.seconds)),
    ),
  );
  router.delete(
    `${base}/keys/:key/ban`,
    handle((req, res) => res.json(simulation.liftBan(keyParam(req)))),
  );
  router.delete(
    `${base}/keys/:key/counters`,
    handle((req, res) => {
      simulation.resetCounters(keyParam(req));
      res.json(simulation.key(keyParam(req)));
    }),
  );
  router.get(
    `${base}/keys/:key/requests`,
    handle((req, res) => res.json(simulation.requests(keyParam(req)).map(({ atMs: _atMs, ...request }) => request))),
  );
  router.delete(
    `${base}/keys/:key/requests`,
    handle((req, res) => {
      simulation.clearRequests(keyParam(req));
      res.status(204).end();
    }),
  );
  router.get(
    `${base}/keys/:key/compliance`,
    handle((req, res) => res.json(simulation.compliance(keyParam(req)))),
  );

  router.get(
    `${base}/requests`,
    handle((req, res) => res.json(simulation.recentRequests(Number(req.query.limit ?? 50)))),
  );
  router.get(
    `${base}/storms`,
    handle((_req, res) => res.json(simulation.storms())),
  );
  router.post(
    `${base}/storms`,
    handle((req, res) => res.status(201).json(simulation.startStorm((req.body ?? {}) as Schemas['StormSpec']))),
  );
  router.delete(
    `${base}/storms`,
    handle((_req, res) => {
      simulation.stopStorms();
      res.status(204).end();
    }),
  );
  router.delete(
    `${base}/storms/:stormId`,
    handle((req, res) => {
      simulation.stopStorm(String(req.params.stormId));
      res.status(204).end();
    }),
  );

  router.put(
    `${base}/latency`,
    handle((req, res) => res.json(simulation.setLatency(req.body as Schemas['Latency']))),
  );
  router.delete(
    `${base}/latency`,
    handle((_req, res) => {
      simulation.clearLatency();
      res.status(204).end();
    }),
  );
  router.patch(
    `${base}/settings`,
    handle((req, res) => res.json(simulation.updateSettings(req.body as Schemas['SettingsUpdate']))),
  );

  const clockBody = () => {
    const { now, frozen } = simulation.clock();
    return { now: now.toISOString(), frozen };
  };
  router.get(
    `${base}/clock`,
    handle((_req, res) => res.json(clockBody())),
  );
  router.post(
    `${base}/clock`,
    handle((req, res) => {
      const change = req.body as Schemas['ClockChange'];
      simulation.moveClock({ ...change, now: change.now === undefined ? undefined : new Date(change.now) });
      res.json(clockBody());
    }),
  );
  router.post(
    `${base}/reset`,
    handle(async (_req, res) => {
      await simulation.reset();
      res.status(204).end();
    }),
  );
  return router;
}

// The control API's operations (spec/control.yaml), one handler per operationId, each a thin
// call into the simulation of the request's scope (X-Mock-Scope), or into the scopes themselves.
// Requests reach them checked by express-openapi-validator, as the Pet Store API's do; the
// simulation's own failures become the control contract's Error object.
import type { Request, Response } from 'express';
import { HttpError } from '../errors.js';
import type { components, operations } from '../generated/control.js';
import { LatencyError } from '../http/latency.js';
import { shownRequest } from '../limits/request-record.js';
import { requestedScope } from '../scopes/scope-name.js';
import type { ScopeListing } from '../scopes/scope-registry.js';
import type { ViolationLog } from '../store/violation-log.js';
import type { ControlAccess } from './control-access.js';
import { NotFoundError, type Simulation } from './simulation.js';

type Schemas = components['schemas'];
export type ControlOperationId = keyof operations;
type ControlHandler = (req: Request, res: Response) => Promise<void>;

/** Turns the simulation's own failures into the Error object of the control contract. */
function asHttpError(error: unknown): unknown {
  if (error instanceof NotFoundError) return new HttpError(error.code, error.message);
  if (error instanceof LatencyError) return new HttpError('INVALID_BODY', error.message);
  return error;
}

function handle(action: (req: Request, res: Response) => unknown): ControlHandler {
  return async (req, res) => {
    try {
      await action(req, res);
    } catch (error) {
      throw asHttpError(error);
    }
  };
}

const keyParam = (req: Request) => String(req.params.key);
const iso = (ms: number) => new Date(ms).toISOString();

export type ControlOperationDependencies = {
  /** The simulation of the request's scope: entered (made if new) by the operations that act in it. */
  simulationOf: (req: Request) => Simulation;
  /** The contract violations a proxy saw in the request's scope. */
  violationsOf: (req: Request) => ViolationLog;
  scopes: ScopeListing;
  access: ControlAccess;
  /** The contract being served and how each of its operations is answered (GET /operations). */
  operations: () => Schemas['OperationAnswers'];
};

function scopeHandlers(scopes: ScopeListing): Record<'listScopes' | 'deleteScope', ControlHandler> {
  return {
    listScopes: handle(async (_req, res) =>
      res.json({
        scopes: (await scopes.list()).map((scope) => ({
          name: scope.name,
          createdAt: iso(scope.createdAtMs),
          lastUsedAt: iso(scope.lastUsedAtMs),
          expiresAt: iso(scope.expiresAtMs),
          requests: scope.requests,
        })),
        maxScopes: scopes.maxScopes,
        idleSeconds: scopes.idleSeconds,
      }),
    ),
    deleteScope: handle(async (req, res) => {
      const name = String(req.params.name);
      if (!(await scopes.drop(name))) {
        throw new HttpError('SCOPE_NOT_FOUND', `No scope "${name}". List the scopes with GET /__mock/scopes.`);
      }
      res.status(204).end();
    }),
  };
}

export function createControlOperations({
  simulationOf,
  violationsOf,
  scopes,
  access,
  operations,
}: ControlOperationDependencies): Record<ControlOperationId, ControlHandler> {
  const clockBody = async (simulation: Simulation) => {
    const { now, frozen } = await simulation.clock();
    return { now: now.toISOString(), frozen };
  };
  const noContent = (res: Response) => res.status(204).end();
  /** A handler that acts in the request's scope. */
  const inScope = (action: (simulation: Simulation, req: Request, res: Response) => unknown) =>
    handle(async (req, res) => {
      const simulation = simulationOf(req);
      await simulation.refresh();
      return action(simulation, req, res);
    });

  return {
    ...scopeHandlers(scopes),
    listOperations: handle(async (_req, res) => res.json(operations())),
    listViolations: handle(async (req, res) => res.json({ violations: await violationsOf(req).list() })),
    clearViolations: handle(async (req, res) => {
      await violationsOf(req).clear();
      res.status(204).end();
    }),
    getState: inScope(async (simulation, req, res) => {
      const scope = requestedScope(req);
      res.json({
        ...(await simulation.state()),
        controlApi: access === 'token' ? 'token' : 'open',
        ...(scope === undefined ? {} : { scope }),
      });
    }),
    putKey: inScope(async (simulation, req, res) => {
      const body = req.body as Schemas['KeyPlan'];
      res.json(await simulation.putKey(keyParam(req), body.plan, body.limits));
    }),
    deleteKey: inScope(async (simulation, req, res) => {
      await simulation.deleteKey(keyParam(req));
      noContent(res);
    }),
    banKey: inScope(async (simulation, req, res) =>
      res.json(await simulation.ban(keyParam(req), (req.body as { seconds?: number } | undefined)?.seconds)),
    ),
    liftBan: inScope(async (simulation, req, res) => res.json(await simulation.liftBan(keyParam(req)))),
    setKeyCounters: inScope(async (simulation, req, res) =>
      res.json(await simulation.setKeyCounters(keyParam(req), req.body as Schemas['KeyCounters'])),
    ),
    resetKeyCounters: inScope(async (simulation, req, res) => {
      await simulation.resetCounters(keyParam(req));
      res.json(await simulation.key(keyParam(req)));
    }),
    listKeyRequests: inScope(async (simulation, req, res) =>
      res.json((await simulation.requests(keyParam(req))).map(shownRequest)),
    ),
    clearKeyRequests: inScope(async (simulation, req, res) => {
      await simulation.clearRequests(keyParam(req));
      noContent(res);
    }),
    getKeyCompliance: inScope(async (simulation, req, res) => res.json(await simulation.compliance(keyParam(req)))),
    getKeyTimeline: inScope(async (simulation, req, res) =>
      res.json(
        await simulation.timeline(
          keyParam(req),
          req.query.minutes === undefined ? undefined : Number(req.query.minutes),
        ),
      ),
    ),
    listRecentRequests: inScope(async (simulation, req, res) =>
      res.json(await simulation.recentRequests(Number(req.query.limit ?? 50))),
    ),
    listStorms: inScope(async (simulation, _req, res) => res.json(await simulation.storms())),
    startStorm: inScope(async (simulation, req, res) =>
      res.status(201).json(await simulation.startStorm((req.body ?? {}) as Schemas['StormSpec'])),
    ),
    stopStorms: inScope(async (simulation, _req, res) => {
      await simulation.stopStorms();
      noContent(res);
    }),
    stopStorm: inScope(async (simulation, req, res) => {
      await simulation.stopStorm(String(req.params.stormId));
      noContent(res);
    }),
    listFaults: inScope(async (simulation, _req, res) => res.json(await simulation.faults())),
    startFault: inScope(async (simulation, req, res) =>
      res.status(201).json(await simulation.startFault(req.body as Schemas['FaultSpec'])),
    ),
    stopFaults: inScope(async (simulation, _req, res) => {
      await simulation.stopFaults();
      noContent(res);
    }),
    stopFault: inScope(async (simulation, req, res) => {
      await simulation.stopFault(String(req.params.faultId));
      noContent(res);
    }),
    setLatency: inScope(async (simulation, req, res) =>
      res.json(await simulation.setLatency(req.body as Schemas['Latency'])),
    ),
    clearLatency: inScope(async (simulation, _req, res) => {
      await simulation.clearLatency();
      noContent(res);
    }),
    updateSettings: inScope(async (simulation, req, res) =>
      res.json(await simulation.updateSettings(req.body as Schemas['SettingsUpdate'])),
    ),
    getClock: inScope(async (simulation, _req, res) => res.json(await clockBody(simulation))),
    moveClock: inScope(async (simulation, req, res) => {
      const change = req.body as Schemas['ClockChange'];
      await simulation.moveClock({ ...change, now: change.now === undefined ? undefined : new Date(change.now) });
      res.json(await clockBody(simulation));
    }),
    resetMock: inScope(async (simulation, _req, res) => {
      await simulation.reset();
      noContent(res);
    }),
  };
}

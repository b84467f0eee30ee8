// The control API's operations (spec/control.yaml), one handler per operationId, each a thin
// call into the simulation. Requests reach them checked by express-openapi-validator, as the
// Pet Store API's do; the simulation's own failures become the control contract's Error object.
import type { Request, Response } from 'express';
import { HttpError } from '../errors.js';
import type { components, operations } from '../generated/control.js';
import { LatencyError } from '../http/latency.js';
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

export function createControlOperations(
  simulation: Simulation,
  access: ControlAccess,
): Record<ControlOperationId, ControlHandler> {
  const clockBody = async () => {
    const { now, frozen } = await simulation.clock();
    return { now: now.toISOString(), frozen };
  };
  const noContent = (res: Response) => res.status(204).end();

  return {
    getState: handle(async (_req, res) =>
      res.json({ ...(await simulation.state()), controlApi: access === 'token' ? 'token' : 'open' }),
    ),
    putKey: handle(async (req, res) => {
      const body = req.body as Schemas['KeyPlan'];
      res.json(await simulation.putKey(keyParam(req), body.plan, body.limits));
    }),
    deleteKey: handle(async (req, res) => {
      await simulation.deleteKey(keyParam(req));
      noContent(res);
    }),
    banKey: handle(async (req, res) =>
      res.json(await simulation.ban(keyParam(req), (req.body as { seconds?: number } | undefined)?.seconds)),
    ),
    liftBan: handle(async (req, res) => res.json(await simulation.liftBan(keyParam(req)))),
    resetKeyCounters: handle(async (req, res) => {
      await simulation.resetCounters(keyParam(req));
      res.json(await simulation.key(keyParam(req)));
    }),
    listKeyRequests: handle(async (req, res) =>
      res.json((await simulation.requests(keyParam(req))).map(({ atMs: _atMs, ...request }) => request)),
    ),
    clearKeyRequests: handle(async (req, res) => {
      await simulation.clearRequests(keyParam(req));
      noContent(res);
    }),
    getKeyCompliance: handle(async (req, res) => res.json(await simulation.compliance(keyParam(req)))),
    listRecentRequests: handle(async (req, res) =>
      res.json(await simulation.recentRequests(Number(req.query.limit ?? 50))),
    ),
    listStorms: handle(async (_req, res) => res.json(await simulation.storms())),
    startStorm: handle(async (req, res) =>
      res.status(201).json(await simulation.startStorm((req.body ?? {}) as Schemas['StormSpec'])),
    ),
    stopStorms: handle(async (_req, res) => {
      await simulation.stopStorms();
      noContent(res);
    }),
    stopStorm: handle(async (req, res) => {
      await simulation.stopStorm(String(req.params.stormId));
      noContent(res);
    }),
    setLatency: handle(async (req, res) => res.json(await simulation.setLatency(req.body as Schemas['Latency']))),
    clearLatency: handle(async (_req, res) => {
      await simulation.clearLatency();
      noContent(res);
    }),
    updateSettings: handle(async (req, res) =>
      res.json(await simulation.updateSettings(req.body as Schemas['SettingsUpdate'])),
    ),
    getClock: handle(async (_req, res) => res.json(await clockBody())),
    moveClock: handle(async (req, res) => {
      const change = req.body as Schemas['ClockChange'];
      await simulation.moveClock({ ...change, now: change.now === undefined ? undefined : new Date(change.now) });
      res.json(await clockBody());
    }),
    resetMock: handle(async (_req, res) => {
      await simulation.reset();
      noContent(res);
    }),
  };
}

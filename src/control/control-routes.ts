// The control API under /__mock, behind its guard (open on loopback, a Bearer token, or closed),
// checked against its own contract (spec/control.yaml) by the same pipeline as the Pet Store API.
// It is mounted before the Pet Store API's limits, so that its requests never count. The
// dashboard's own files are served beside it.
import { join } from 'node:path';
import { Router as createRouter, type RequestHandler, static as serveStatic } from 'express';
import { composeMiddleware } from '../http/middleware-chain.js';
import { PACKAGE_ROOT } from '../package-root.js';
import { type ControlAccess, createControlGuard } from './control-access.js';

export const CONTROL_BASE_PATH = '/__mock';
const DASHBOARD_PATH = `${CONTROL_BASE_PATH}/ui`;
const DASHBOARD_FOLDER = join(PACKAGE_ROOT, 'dashboard');

export type ControlApiOptions = {
  access: ControlAccess;
  token: string | undefined;
  /** The control contract's steps, from the match to the operation's handler (see app.ts). */
  operations: RequestHandler;
};

export function createControlApi({ access, token, operations }: ControlApiOptions): RequestHandler {
  const guarded = composeMiddleware([createControlGuard(access, token), operations]);
  if (access === 'closed') return guarded;
  // The dashboard's files are public (the page asks for the token); what it reads is not.
  const router = createRouter();
  router.get(DASHBOARD_PATH, (_req, res) => res.sendFile(join(DASHBOARD_FOLDER, 'index.html')));
  router.use(DASHBOARD_PATH, serveStatic(DASHBOARD_FOLDER, { index: false }));
  router.use(guarded);
  return router;
}

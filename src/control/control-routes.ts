// The control API under /__mock, behind its guard (open on loopback, a Bearer token, or closed),
// checked against its own contract (spec/control.yaml) by the same pipeline as the Pet Store API.
// It is mounted before the Pet Store API's limits, so that its requests never count. The
// dashboard's own files are served beside it, with the charting library it draws with.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Router as createRouter, type RequestHandler, static as serveStatic } from 'express';
import { composeMiddleware } from '../http/middleware-chain.js';
import { PACKAGE_ROOT } from '../package-root.js';
import { type ControlAccess, createControlGuard } from './control-access.js';
import { createOwnOriginCheck } from './own-origin.js';

export const CONTROL_BASE_PATH = '/__mock';
const DASHBOARD_PATH = `${CONTROL_BASE_PATH}/ui`;
const DASHBOARD_FOLDER = join(PACKAGE_ROOT, 'dashboard');
// uPlot wherever Node finds it: this package's node_modules, or the one of a project that
// installed petstore-mock (where npm may have hoisted it).
const UPLOT_FOLDER = join(dirname(createRequire(import.meta.url).resolve('uplot/package.json')), 'dist');
const VENDOR_FILES: Readonly<Record<string, string>> = {
  'uplot.js': join(UPLOT_FOLDER, 'uPlot.esm.js'),
  'uplot.css': join(UPLOT_FOLDER, 'uPlot.min.css'),
};

export type ControlApiOptions = {
  access: ControlAccess;
  token: string | undefined;
  /** The control contract's steps, from the match to the operation's handler (see app.ts). */
  operations: RequestHandler;
  /** Whether a host name was given to --allowed-hosts: its pages are the mock's own (a reverse proxy). */
  isGivenHostName?: (hostName: string) => boolean;
};

export function createControlApi({ access, token, operations, isGivenHostName }: ControlApiOptions): RequestHandler {
  const ownOrigin = createOwnOriginCheck(isGivenHostName);
  const guarded = composeMiddleware([createControlGuard(access, token), operations]);
  if (access === 'closed') return composeMiddleware([ownOrigin, guarded]);
  // The dashboard's files are public (the page asks for the token); what it reads is not.
  const router = createRouter();
  router.use(ownOrigin);
  router.get(DASHBOARD_PATH, (_req, res) => res.sendFile(join(DASHBOARD_FOLDER, 'index.html')));
  for (const [name, file] of Object.entries(VENDOR_FILES))
    router.get(`${DASHBOARD_PATH}/vendor/${name}`, (_req, res) => res.sendFile(file));
  router.use(DASHBOARD_PATH, serveStatic(DASHBOARD_FOLDER, { index: false }));
  router.use(guarded);
  return router;
}

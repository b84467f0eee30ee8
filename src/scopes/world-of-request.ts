// Which world a request runs in, and the request steps of each world. A request without
// X-Mock-Scope goes straight to the default world's steps, built at start: one header read is
// all the default scope pays. A scoped request enters its scope (made by its first request) and
// runs the steps built for that world on its first request, kept while the world lives.
import type { IncomingMessage } from 'node:http';
import type { RequestHandler, Response } from 'express';
import { HttpError } from '../errors.js';
import { requestedScope, sendsScope } from './scope-name.js';
import type { ScopeRegistry } from './scope-registry.js';

export type WorldChooser<World> = {
  readonly defaultWorld: World;
  /** The request's world: the default one, or its scope's (entered, so counted). INVALID_SCOPE or TOO_MANY_SCOPES. */
  worldOf(req: IncomingMessage): World;
};

export function tooManyScopesMessage(scopes: { maxScopes: number; idleSeconds: number }): string {
  return (
    `This mock holds ${scopes.maxScopes} scopes, its limit (--max-scopes ${scopes.maxScopes}), and a new scope would be one more. ` +
    `Drop scopes with DELETE /__mock/scopes/{name}, let unused ones expire (after --scope-idle-seconds, now ${scopes.idleSeconds}), ` +
    'or start the mock with a higher --max-scopes.'
  );
}

export function createWorldChooser<World>(defaultWorld: World, scopes: ScopeRegistry<World>): WorldChooser<World> {
  return {
    defaultWorld,
    worldOf(req) {
      const name = requestedScope(req);
      if (name === undefined) return defaultWorld;
      const world = scopes.enter(name);
      if (world === undefined) throw new HttpError('TOO_MANY_SCOPES', tooManyScopesMessage(scopes));
      return world;
    },
  };
}

/**
 * Runs each request with the handler `build` made for its world. `onRefused` is told of a request
 * refused for its scope (before any world's steps ran), e.g. to set the headers every answer carries.
 */
export function perWorld<World extends object>(
  chooser: WorldChooser<World>,
  build: (world: World) => RequestHandler,
  onRefused: (res: Response) => void = () => undefined,
): RequestHandler {
  const defaultHandler = build(chooser.defaultWorld);
  const built = new WeakMap<World, RequestHandler>();
  return (req, res, next) => {
    if (!sendsScope(req)) {
      defaultHandler(req, res, next);
      return;
    }
    let world: World;
    try {
      world = chooser.worldOf(req);
    } catch (error) {
      onRefused(res);
      throw error;
    }
    let handler = built.get(world);
    if (!handler) {
      handler = build(world);
      built.set(world, handler);
    }
    handler(req, res, next);
  };
}

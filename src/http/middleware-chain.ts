// Middleware run as one Express layer. Express walks its layer stack on every request, matching
// and trimming paths at each layer; steps that run together anyway are cheaper as one.
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Runs middleware one after another as one; an error or a throw goes to `next`. */
export function composeMiddleware(chain: readonly RequestHandler[]): RequestHandler {
  return (req, res, next) => runChain(chain, req, res, next);
}

export function runChain(chain: readonly RequestHandler[], req: Request, res: Response, next: NextFunction): void {
  let position = 0;
  const step = (error?: unknown): void => {
    if (error !== undefined) {
      next(error);
      return;
    }
    const middleware = chain[position];
    position += 1;
    if (!middleware) {
      next();
      return;
    }
    try {
      const result: unknown = middleware(req, res, step);
      if (result instanceof Promise) result.catch(next);
    } catch (thrown) {
      next(thrown);
    }
  };
  step();
}

/** Runs `handler` only for paths that start with one of `prefixes`. */
export function onlyUnder(prefixes: readonly string[], handler: RequestHandler): RequestHandler {
  return (req, res, next) =>
    prefixes.some((prefix) => req.path.startsWith(prefix)) ? handler(req, res, next) : next();
}

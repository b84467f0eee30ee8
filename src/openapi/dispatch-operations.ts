// Calls the handler of the operation a request was matched to (by operationId, from
// express-openapi-validator's match), after the middleware its spec entry asks for. Every
// operation of the API has a handler (src/handlers/index.ts plans one for each); a control
// operation without one stops the server at start. Dispatching from the match, instead of one
// Express route per operation, spares every request a second walk through all the routes.
import type { Request, RequestHandler, Response } from 'express';
import type { Clock } from '../clock.js';
import type { OperationHandler } from '../handlers/handler-types.js';
import { runChain } from '../http/middleware-chain.js';
import type { RetryAfterFormat } from '../limits/rate-limit-headers.js';
import { createAcceptCheck } from './accept-check.js';
import { requestOperation } from './contract-pipeline.js';
import type { Contract } from './load-contract.js';
import { createDeprecationHeaders, createStabilityHeader } from './operation-headers.js';
import { createPreferHandler } from './prefer.js';

export type DispatchContext = {
  contract: Contract;
  handlers: ReadonlyMap<string, OperationHandler>;
  clock: Clock;
  retryAfterFormat: () => RetryAfterFormat;
};

/** Fails the start when an operation of `contract` has no handler in `handlers`. */
export function requireHandlers(contract: Contract, handlers: Readonly<Record<string, unknown>>, folder: string): void {
  const missing = contract.operations.filter(
    (operation) => !Object.hasOwn(handlers, operation.operationId) || !handlers[operation.operationId],
  );
  if (missing.length > 0) {
    throw new Error(
      `No handler for operation(s) ${missing.map((operation) => operation.operationId).join(', ')} of the contract. ` +
        `Add one in ${folder} for each.`,
    );
  }
}

/** Runs the chain kept for the matched operation's operationId. */
export function dispatchByOperationId(chains: ReadonlyMap<string, readonly RequestHandler[]>): RequestHandler {
  return (req, res, next) => {
    const chain = chains.get(requestOperation(req)?.operationId ?? '');
    if (chain) runChain(chain, req, res, next);
    else next();
  };
}

export function dispatchOperations({ contract, handlers, clock, retryAfterFormat }: DispatchContext): RequestHandler {
  const chains = new Map<string, RequestHandler[]>();
  for (const operation of contract.operations) {
    const successor = contract.operations.find(
      (candidate) => candidate.operationId === operation.deprecation?.successor,
    );
    const handler = handlers.get(operation.operationId);
    if (!handler) throw new Error(`No handler was planned for ${operation.operationId}.`);
    const chain: RequestHandler[] = [
      createStabilityHeader(operation),
      createDeprecationHeaders(operation, {
        clock,
        basePath: contract.basePath,
        successorPath: successor?.path,
      }),
      createAcceptCheck(operation),
      createPreferHandler(operation, { nowMs: clock.nowMs, retryAfterFormat }),
      (req: Request, res: Response) => handler(req, res),
    ].filter((middleware) => middleware !== undefined);
    chains.set(operation.operationId, chain);
  }
  return dispatchByOperationId(chains);
}

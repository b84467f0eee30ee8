// Wires each operation of the contract to its handler, by operationId, with the middleware its
// spec entry asks for. A spec operation without a handler stops the server at start.
import { Router as createRouter, type Router } from 'express';
import type { Clock } from '../clock.js';
import type { OperationHandler } from '../handlers/handler-types.js';
import { createDeprecationHeaders, createStabilityHeader } from '../http/operation-headers.js';
import { createPreferHandler } from '../http/prefer.js';
import type { RetryAfterFormat } from '../limits/rate-limit-middleware.js';
import { type Contract, toExpressPath } from './load-contract.js';

export type OperationRoutingContext = {
  contract: Contract;
  handlers: Readonly<Record<string, OperationHandler>>;
  clock: Clock;
  retryAfterFormat: () => RetryAfterFormat;
};

export function routeOperations({ contract, handlers, clock, retryAfterFormat }: OperationRoutingContext): Router {
  const missing = contract.operations.filter((operation) => !handlers[operation.operationId]);
  if (missing.length > 0) {
    throw new Error(
      `No handler for operation(s) ${missing.map((operation) => operation.operationId).join(', ')} of the contract. ` +
        'Add one in src/handlers/ for each.',
    );
  }
  const router = createRouter();
  for (const operation of contract.operations) {
    const successor = contract.operations.find(
      (candidate) => candidate.operationId === operation.deprecation?.successor,
    );
    const chain = [
      createStabilityHeader(operation),
      createDeprecationHeaders(operation, {
        clock,
        basePath: contract.basePath,
        successorPath: successor?.path ?? operation.path,
      }),
      createPreferHandler(operation, { nowMs: clock.nowMs, retryAfterFormat }),
    ].filter((middleware) => middleware !== undefined);
    const handler = handlers[operation.operationId] as OperationHandler;
    router[operation.method](`${contract.basePath}${toExpressPath(operation.path)}`, ...chain, async (req, res) => {
      await handler(req, res);
    });
  }
  return router;
}

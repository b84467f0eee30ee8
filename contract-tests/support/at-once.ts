// Requests of one kind sent at once, each answer held to the contract.
import { expectConforms } from './conformance.js';
import { completedBody } from './draft-bodies.js';
import { type Exchange, send } from './exchange.js';
import { operationById } from './operations.js';

/** Sends the same kind of request `count` times at once; each answer must conform with one of `statuses`. */
export async function atOnce(
  count: number,
  operationId: string,
  path: (index: number) => string,
  json: (index: number) => unknown,
  statuses: number[],
): Promise<Exchange[]> {
  const operation = operationById(operationId);
  const exchanges = await Promise.all(
    Array.from({ length: count }, (_, index) => {
      const body = completedBody(operation, json(index));
      return send({
        operationId,
        method: operation.method,
        path: path(index),
        ...(body === undefined ? {} : { json: body }),
      });
    }),
  );
  for (const exchange of exchanges) expectConforms(operation, exchange, { statuses });
  return exchanges;
}

export const withStatus = (exchanges: Exchange[], status: number) =>
  exchanges.filter((exchange) => exchange.status === status);

// The order a list is asked in, where its query says so: a parameter named as an order (order,
// sort, direction...) whose values are ascending and descending ones (asc and desc, as OpenAI's
// lists take, newest first by default). Records are listed by their key; descending turns that
// order round, pages and cursors included.
import type { Request } from 'express';
import type { OperationInfo, ParameterInfo } from '../../openapi/load-contract.js';

export type Direction = 'asc' | 'desc';

export type ListOrder = {
  /** The query parameter that says it. */
  parameter: string;
  /** The direction a request asks for (the parameter's default where it says none). */
  read(req: Request): Direction;
  described: string;
};

const ORDER_NAME =
  /^(order|sort|sortOrder|sort_order|direction|sortDirection|sort_direction|dir|orderDirection|order_direction)$/;

const directionOf = (value: unknown): Direction | undefined =>
  typeof value !== 'string'
    ? undefined
    : /^asc(ending)?$/i.test(value)
      ? 'asc'
      : /^desc(ending)?$/i.test(value)
        ? 'desc'
        : undefined;

/** The order parameter of a list, if it has one whose values are ascending and descending. */
export function listOrder(operation: OperationInfo): ListOrder | undefined {
  const parameter = operation.parameters.find(
    (candidate: ParameterInfo) =>
      candidate.in === 'query' &&
      ORDER_NAME.test(candidate.name) &&
      Array.isArray(candidate.schema.enum) &&
      candidate.schema.enum.some((value) => directionOf(value) === 'asc') &&
      candidate.schema.enum.some((value) => directionOf(value) === 'desc'),
  );
  if (!parameter) return undefined;
  const fallback = directionOf(parameter.schema.default) ?? 'asc';
  return {
    parameter: parameter.name,
    read: (req) => directionOf(req.query[parameter.name]) ?? fallback,
    described: `, in the order ${parameter.name} asks (${fallback === 'asc' ? 'ascending' : 'descending'} keys unless it says otherwise)`,
  };
}

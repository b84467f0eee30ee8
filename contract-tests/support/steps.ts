// Steps of a stateful check: a call to an operation that must get one of the given statuses
// (and Error code), and comparisons that fail with the exchange that showed the difference.
import { expectConforms } from './conformance.js';
import { type Exchange, send } from './exchange.js';
import { operationById } from './operations.js';
import { ContractViolation } from './violation.js';

export async function call(operationId: string, path: string, json?: unknown, statuses?: number[]): Promise<Exchange> {
  const operation = operationById(operationId);
  const exchange = await send({ operationId, method: operation.method, path, ...(json === undefined ? {} : { json }) });
  expectConforms(operation, exchange, statuses ? { statuses } : {});
  return exchange;
}

/** A call that the contract refuses with this status and Error code (the business rule's own). */
export async function refused(
  operationId: string,
  path: string,
  json: unknown,
  status: number,
  code: string,
  rule: string,
): Promise<Exchange> {
  const operation = operationById(operationId);
  const exchange = await send({ operationId, method: operation.method, path, ...(json === undefined ? {} : { json }) });
  expectConforms(operation, exchange, { statuses: [status], description: `${status} ${code}: ${rule}` });
  const got = (exchange.body as { code?: unknown } | undefined)?.code;
  if (got !== code)
    throw new ContractViolation(exchange, `${status} ${code}: ${rule}`, [`Error.code is ${String(got)}`]);
  return exchange;
}

/** Fails with the exchange that showed the problem, when `actual` differs from `expected`. */
export function requireEqual(exchange: Exchange, what: string, actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new ContractViolation(exchange, `${what}: ${JSON.stringify(expected)}`, [
      `${what} is ${JSON.stringify(actual)}`,
    ]);
  }
}

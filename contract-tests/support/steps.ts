// Steps of a stateful check: a call to an operation that must get one of the given statuses
// (and Error code), and comparisons that fail with the exchange that showed the difference.
import { answerKindChanged } from './answer-kinds.js';
import { expectConforms } from './conformance.js';
import { BUILT_IN_OPERATION_IDS, CHECKING_A_DRAFT, checkRequestBody, type SpecOperation } from './contract-spec.js';
import { completedBody, pathMatches, refusedText } from './draft-bodies.js';
import { sendDrawingAgain, tooFewTexts } from './drawn-again.js';
import { errorCodeOf } from './error-shapes.js';
import { type Exchange, send } from './exchange.js';
import { operationById } from './operations.js';
import { holds, ownField } from './own-fields.js';
import { CheckSkipped } from './scheduler.js';
import { ContractViolation } from './violation.js';

/**
 * A step written for an operation as the built-in contract has it, in a draft that reshapes it
 * (its path moved, its body required otherwise, its success answered as another kind of JSON):
 * the check is skipped with why, not failed.
 */
function requireShapeKept(operation: SpecOperation, path: string, json: unknown, statuses?: number[]): void {
  if (!CHECKING_A_DRAFT || !BUILT_IN_OPERATION_IDS.has(operation.operationId) || statuses?.includes(400)) return;
  const answerChange = statuses === undefined ? undefined : answerKindChanged(operation, statuses);
  const problems = !pathMatches(operation, path)
    ? [`its path is ${operation.path}`]
    : answerChange !== undefined
      ? [answerChange]
      : json === undefined
        ? []
        : checkRequestBody(operation, json);
  if (problems.length > 0)
    throw new CheckSkipped(
      `it was written for ${operation.operationId} as the built-in contract has it, which the contract checked reshapes: ${problems.slice(0, 2).join('; ')}`,
    );
}

/** Whether the suite drew a text of `written` afresh, the contract refusing the one written (draft-bodies.ts). */
const textsWereDrawn = (operationId: string, written: unknown) =>
  typeof written === 'object' &&
  written !== null &&
  refusedText(operationId, written as Record<string, unknown>) !== undefined;

export async function call(
  operationId: string,
  path: string,
  written?: unknown,
  statuses?: number[],
): Promise<Exchange> {
  const operation = operationById(operationId);
  const json = statuses?.includes(400) ? written : completedBody(operation, written);
  requireShapeKept(operation, path, json, statuses);
  // A 409 the step does not expect, for texts the suite drew, is a draw that met a taken text.
  const { exchange } = statuses?.includes(409)
    ? { exchange: await send({ operationId, method: operation.method, path, ...(json === undefined ? {} : { json }) }) }
    : await sendDrawingAgain(operation, path, written, json);
  if (exchange.status === 409 && !statuses?.includes(409) && textsWereDrawn(operationId, written))
    throw tooFewTexts(`${operationId}'s body`);
  expectConforms(operation, exchange, statuses ? { statuses } : {});
  return exchange;
}

/** A call that the contract refuses with this status and Error code (the business rule's own). */
export async function refused(
  operationId: string,
  path: string,
  written: unknown,
  status: number,
  code: string,
  rule: string,
): Promise<Exchange> {
  const operation = operationById(operationId);
  const json = status === 400 ? written : completedBody(operation, written);
  requireShapeKept(operation, path, json, [status]);
  const exchange = await send({ operationId, method: operation.method, path, ...(json === undefined ? {} : { json }) });
  expectConforms(operation, exchange, { statuses: [status], description: `${status} ${code}: ${rule}` });
  // The code, where the contract's error has a place for it (problem details have none: the status tells).
  const said = errorCodeOf(operation, exchange, code);
  if (said.judged && said.code !== code)
    throw new ContractViolation(exchange, `${status} ${code}: ${rule}`, [`Error.code is ${String(said.code)}`]);
  return exchange;
}

/** `actual` with only the fields `expected` has, at every depth: what a hand-written expectation speaks of. */
function fieldsOf(actual: unknown, expected: unknown): unknown {
  if (Array.isArray(actual) && Array.isArray(expected))
    return actual.map((item, index) => fieldsOf(item, expected[index]));
  if (!actual || !expected || typeof actual !== 'object' || typeof expected !== 'object' || Array.isArray(actual))
    return actual;
  const record = actual as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(expected)
      .map(([name, value]) => [name, fieldsOf(ownField(record, name), value)] as const)
      .filter(([name]) => holds(record, name)),
  );
}

/**
 * Fails with the exchange that showed the problem, when `actual` differs from `expected`. Against
 * a draft, fields the expectation does not name are not judged: the draft may add fields (with
 * their defaults, or filled for what it requires) that a check written before it cannot know.
 */
export function requireEqual(exchange: Exchange, what: string, written: unknown, expected: unknown): void {
  const actual = CHECKING_A_DRAFT ? fieldsOf(written, expected) : written;
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new ContractViolation(exchange, `${what}: ${JSON.stringify(expected)}`, [
      `${what} is ${JSON.stringify(written)}`,
    ]);
  }
}

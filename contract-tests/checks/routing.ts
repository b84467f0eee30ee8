// What answers outside the operations: a method a path does not take is 405 with an Allow that
// names the methods it does take (RFC 9110 section 15.5.6); a path with no operation, under the
// base path or outside it, is 404; both with the Error object and a code of x-error-codes.
import { alikePathKey } from '../../src/openapi/resource-paths.js';
import { beforeChecks, check, eachCheck, kindOfChecks } from '../support/checks.js';
import { listOperations, SPEC, type SpecOperation } from '../support/contract-spec.js';
import { errorIsErrorObject, errorShapeProblems } from '../support/error-shapes.js';
import { type Exchange, send } from '../support/exchange.js';
import { isSelected, selectedOperations } from '../support/operations.js';
import { templateValues } from '../support/read-back.js';
import { pathOf } from '../support/requests.js';
import { CheckSkipped } from '../support/scheduler.js';
import { contractTarget } from '../support/target.js';
import { createTestData, type TestData } from '../support/test-data.js';
import { requireNoProblems } from '../support/violation.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const NO_OPERATION = '/contract-no-such-operation';

/**
 * A path no operation of the contract names: the suite's own, or deeper than any path where a
 * template takes it (Frigate's `GET /{camera_name}`).
 */
function unroutedPath(): string {
  const operations = listOperations();
  const deepest = operations.reduce((most, operation) => Math.max(most, operation.path.split('/').length), 0);
  const candidates = [NO_OPERATION, `${NO_OPERATION}${'/contract'.repeat(deepest)}`];
  const path = candidates.find(
    (candidate) => !operations.some((operation) => templateValues(operation.path, candidate) !== undefined),
  );
  if (path === undefined)
    throw new CheckSkipped('every path the suite could ask is one an operation of the contract names');
  return path;
}

/** The contract's error for the status (its Error object, with a code x-error-codes gives the status). */
function errorProblems(exchange: Exchange, status: number): string[] {
  const problems = [
    ...(exchange.status === status ? [] : [`status ${exchange.status}, expected ${status}`]),
    ...errorShapeProblems(undefined, { ...exchange, status }),
  ];
  const codes = Object.entries((SPEC['x-error-codes'] ?? {}) as Record<string, { status: number }>)
    .filter(([, entry]) => entry.status === status)
    .map(([code]) => code);
  const code = (exchange.body as { code?: unknown } | undefined)?.code;
  if (codes.length > 0 && typeof code === 'string' && !codes.includes(code))
    problems.push(`Error.code is ${code}, not one of x-error-codes for ${status} (${codes.join(', ')})`);
  return problems;
}

/** Allow names the path's methods; HEAD beside GET and OPTIONS are what HTTP adds on its own. */
function allowProblems(exchange: Exchange, methods: readonly string[]): string[] {
  const allow = exchange.headers.allow;
  if (allow === undefined) return [`Allow is missing; expected ${methods.join(', ')}`];
  const named = allow.split(',').map((method) => method.trim().toUpperCase());
  const missing = methods.filter((method) => !named.includes(method));
  const extra = named.filter(
    (method) => !methods.includes(method) && method !== 'OPTIONS' && !(method === 'HEAD' && methods.includes('GET')),
  );
  return [
    ...(missing.length ? [`Allow "${allow}" leaves out ${missing.join(', ')}`] : []),
    ...(extra.length ? [`Allow "${allow}" names ${extra.join(', ')}, which the path does not take`] : []),
  ];
}

kindOfChecks('negative', 'what answers outside the operations: wrong methods, paths with no operation', () => {
  const operations = selectedOperations();
  // The paths of the selected operations, each with every method the contract gives it (selected
  // or not), and those of paths alike but for their parameters' names (Xero's /Files/{FileId} and
  // /Files/{FolderId}): one request reaches them all.
  const shapes = new Set(operations.map((operation) => alikePathKey(operation.path)));
  const byPath = new Map<string, SpecOperation[]>();
  for (const operation of listOperations().filter((candidate) => shapes.has(alikePathKey(candidate.path)))) {
    const path =
      operations.find((selected) => alikePathKey(selected.path) === alikePathKey(operation.path))?.path ??
      operation.path;
    byPath.set(path, [...(byPath.get(path) ?? []), operation]);
  }

  let data: TestData;
  beforeChecks(async () => {
    data = await createTestData();
  }, 7);

  eachCheck(
    [...byPath.entries()].map(
      ([path, ofPath]) =>
        [
          `${ofPath.find((operation) => isSelected(operation.operationId))?.operationId}: a method ${path} does not take gets 405 with Allow naming those it does`,
          ofPath,
        ] as const,
    ),
    '%s',
    async (_name, ofPath) => {
      const first = ofPath.find((operation) => isSelected(operation.operationId)) ?? (ofPath[0] as SpecOperation);
      const taken = ofPath.map((operation) => operation.method.toUpperCase());
      for (const method of METHODS.filter((candidate) => !taken.includes(candidate))) {
        const exchange = await send({
          method,
          path: pathOf(first, data.paths),
          ...(method === 'GET' || method === 'DELETE' ? {} : { json: {} }),
        });
        requireNoProblems(exchange, `405 with Allow: ${taken.join(', ')} and the Error object`, [
          ...errorProblems(exchange, 405),
          ...allowProblems(exchange, taken),
        ]);
      }
    },
  );

  const subjects = operations.map((operation) => operation.operationId);
  const { baseUrl } = contractTarget();
  check(subjects, 'a path with no operation under the base path gets 404 with the Error object', async () => {
    const exchange = await send({ method: 'GET', path: unroutedPath() });
    requireNoProblems(exchange, '404 with the Error object', errorProblems(exchange, 404));
  });
  check(subjects, 'a path with no operation outside the base path gets 404 with the Error object', async () => {
    const path = unroutedPath();
    const exchange = await send({ method: 'GET', path, url: `${new URL(baseUrl).origin}${path}` });
    // Outside its base path a contract of errors of its own governs nothing but the 404 itself.
    const problems = errorIsErrorObject(404)
      ? errorProblems(exchange, 404)
      : exchange.status === 404
        ? []
        : [`status ${exchange.status}, expected 404`];
    requireNoProblems(exchange, '404 with the Error object', problems);
  });
});

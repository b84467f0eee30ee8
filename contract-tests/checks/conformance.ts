// For every operation of the contract: a valid request gets an answer the contract declares,
// with the declared content type, body schema, headers and X-RateLimit-* headers. A new
// operation in the spec is checked here without new test code.

import { routeOfPath } from '../../src/openapi/path-route.js';
import { beforeChecks, eachCheck, kindOfChecks, skippedCheck } from '../support/checks.js';
import { expectConforms } from '../support/conformance.js';
import type { SpecOperation } from '../support/contract-spec.js';
import { sendAnswerFitted } from '../support/drawn-again.js';
import type { Exchange } from '../support/exchange.js';
import { answeredByAnother, selectedOperations } from '../support/operations.js';
import { pathOf, requireRecordsToRead, validValue, withPathKey } from '../support/requests.js';
import { createTestData, rememberAnswered, type TestData } from '../support/test-data.js';
import { successStatuses } from '../support/valid-answer.js';

async function sendValid(operation: SpecOperation, data: TestData): Promise<Exchange> {
  const written = operation.requestSchema ? validValue(operation.requestSchema, 'body', data.bodies) : undefined;
  // A change keyed by its body names the suite's own record there.
  const { exchange } = await sendAnswerFitted(operation, pathOf(operation, data.paths), written, (body) =>
    body === undefined ? body : withPathKey(operation, body, data.paths),
  );
  rememberAnswered(operation, exchange, data.paths);
  return exchange;
}

kindOfChecks(
  'conformance',
  'every operation answers a valid request as the contract declares',
  () => {
    let shared: TestData;
    beforeChecks(async () => {
      shared = await createTestData();
    });

    for (const [alias, owner] of answeredByAnother()) {
      const route = routeOfPath(alias.path);
      skippedCheck(
        `${alias.operationId}: a valid request (${alias.method.toUpperCase()} ${alias.path})`,
        `no request can tell it from ${owner.operationId}: the "${alias.path.slice(route.length)}" of its path key is no part of a request's path, so ${owner.operationId} answers ${alias.method.toUpperCase()} ${route}, and is checked`,
      );
    }
    eachCheck(
      selectedOperations().map(
        (operation) =>
          [
            `${operation.operationId}: a valid request (${operation.method.toUpperCase()} ${operation.path})`,
            operation,
          ] as const,
      ),
      '%s',
      async (_name, operation) => {
        // A delete works on data of its own, so that the other checks keep theirs.
        const data = operation.method === 'delete' ? await createTestData() : shared;
        requireRecordsToRead(operation, data.paths);
        const exchange = await sendValid(operation, data);
        expectConforms(operation, exchange, {
          statuses: successStatuses(operation, exchange),
          description: 'a successful answer',
        });
      },
    );
  },
  // Shared data that some operations change (a stock set, an order completed): one at a time, in order.
  { inSequence: true },
);

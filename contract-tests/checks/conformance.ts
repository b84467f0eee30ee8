// For every operation of the contract: a valid request gets an answer the contract declares,
// with the declared content type, body schema, headers and X-RateLimit-* headers. A new
// operation in the spec is checked here without new test code.
import { beforeChecks, eachCheck, kindOfChecks } from '../support/checks.js';
import { expectConforms } from '../support/conformance.js';
import type { SpecOperation } from '../support/contract-spec.js';
import { sendAnswerFitted } from '../support/drawn-again.js';
import type { Exchange } from '../support/exchange.js';
import { selectedOperations } from '../support/operations.js';
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

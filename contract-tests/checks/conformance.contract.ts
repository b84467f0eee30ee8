// For every operation of the contract: a valid request gets an answer the contract declares,
// with the declared content type, body schema, headers and X-RateLimit-* headers. A new
// operation in the spec is checked here without new test code.
import { afterAll, beforeAll, describe } from '@jest/globals';
import { expectConforms } from '../support/conformance.js';
import type { SpecOperation } from '../support/contract-spec.js';
import { eachCheck } from '../support/each-check.js';
import { type Exchange, send } from '../support/exchange.js';
import { selectedOperations } from '../support/operations.js';
import { pathOf, validValue } from '../support/requests.js';
import { cleanUp, createTestData, remember, type TestData } from '../support/test-data.js';

const operations = selectedOperations();

/** The statuses a valid request may get: the declared 2xx, or 410 once a deprecated operation is past its sunset. */
function successStatuses(operation: SpecOperation): number[] {
  const sunset = operation.raw['x-deprecation']?.sunset;
  if (operation.deprecated && sunset && Date.now() >= Date.parse(sunset)) return [410];
  return operation.declaredStatuses.filter((status) => status.startsWith('2')).map(Number);
}

async function sendValid(operation: SpecOperation, data: TestData): Promise<Exchange> {
  const exchange = await send({
    operationId: operation.operationId,
    method: operation.method,
    path: pathOf(operation, data.paths),
    ...(operation.requestSchema ? { json: validValue(operation.requestSchema, 'body', data.bodies) } : {}),
  });
  const id = (exchange.body as { id?: unknown } | undefined)?.id;
  if (exchange.status === 201 && typeof id === 'number') {
    remember(
      operation.path.includes('orders') ? 'order' : operation.path.includes('categories') ? 'category' : 'pet',
      id,
    );
  }
  return exchange;
}

describe('every operation answers a valid request as the contract declares', () => {
  let shared: TestData;
  beforeAll(async () => {
    shared = await createTestData();
  });
  afterAll(cleanUp);

  eachCheck(
    operations.map(
      (operation) =>
        [`${operation.operationId} (${operation.method.toUpperCase()} ${operation.path})`, operation] as const,
    ),
    '%s',
    async (_name, operation) => {
      // A delete works on data of its own, so that the other checks keep theirs.
      const data = operation.method === 'delete' ? await createTestData() : shared;
      const exchange = await sendValid(operation, data);
      expectConforms(operation, exchange, { statuses: successStatuses(operation), description: 'a successful answer' });
    },
  );
});

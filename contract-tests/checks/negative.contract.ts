// For every operation: requests that break the contract get a declared 4xx with the Error
// object, never a 2xx and never a 5xx; missing and unknown keys get 401; unknown ids get 404.
import { afterAll, beforeAll, describe } from '@jest/globals';
import { type Expectation, expectConforms } from '../support/conformance.js';
import type { SpecOperation } from '../support/contract-spec.js';
import { eachCheck } from '../support/each-check.js';
import { send } from '../support/exchange.js';
import { selectedOperations } from '../support/operations.js';
import { invalidBodies, invalidQueries, pathOf, pathParameters, validValue } from '../support/requests.js';
import { cleanUp, createTestData, remember, type TestData } from '../support/test-data.js';

const operations = selectedOperations();
const named = (list: SpecOperation[]) => list.map((operation) => [operation.operationId, operation] as const);
const CLIENT_ERROR: Expectation = { statuses: [400, 422], description: 'a 400 or 422 with the Error object' };
// An id no implementation has handed out: the largest the contract allows.
const UNKNOWN_ID = '9007199254740991';

let data: TestData;
beforeAll(async () => {
  data = await createTestData();
});
afterAll(cleanUp);

function validRequest(operation: SpecOperation) {
  return {
    operationId: operation.operationId,
    method: operation.method,
    path: pathOf(operation, data.paths),
    ...(operation.requestSchema ? { json: validValue(operation.requestSchema, 'body', data.bodies) } : {}),
  };
}

describe('a request without an API key gets 401', () => {
  eachCheck(named(operations), '%s', async (_name, operation) => {
    const exchange = await send({ ...validRequest(operation), apiKey: null });
    expectConforms(operation, exchange, { statuses: [401] });
  });
});

describe('a request with an unknown API key gets 401', () => {
  eachCheck(named(operations), '%s', async (_name, operation) => {
    const exchange = await send({ ...validRequest(operation), apiKey: `unknown-${Date.now()}` });
    expectConforms(operation, exchange, { statuses: [401] });
  });
});

const withBody = operations.filter((operation) => operation.requestSchema);
describe('a body that breaks the schema gets a 4xx with the Error object', () => {
  const cases = withBody.flatMap((operation) =>
    invalidBodies(operation.requestSchema, {}).map(
      (invalid) => [`${operation.operationId}: ${invalid.description}`, operation, invalid.description] as const,
    ),
  );
  eachCheck(cases, '%s', async (_name, operation, description) => {
    // Rebuilt here, with the real ids, so that only the broken field is wrong.
    const invalid = invalidBodies(operation.requestSchema, data.bodies).find(
      (candidate) => candidate.description === description,
    );
    const exchange = await send({ ...validRequest(operation), json: invalid?.value });
    const id = (exchange.body as { id?: unknown } | undefined)?.id;
    if (exchange.status === 201 && typeof id === 'number')
      remember(operation.path.includes('orders') ? 'order' : 'pet', id);
    expectConforms(operation, exchange, CLIENT_ERROR);
  });

  eachCheck(named(withBody), '%s: a body that is not JSON gets 400', async (_name, operation) => {
    const exchange = await send({
      ...validRequest(operation),
      json: undefined,
      raw: { contentType: 'application/json', text: '{"name": ' },
    });
    expectConforms(operation, exchange, { statuses: [400] });
  });

  eachCheck(
    named(withBody.filter((operation) => operation.declaredStatuses.includes('415'))),
    '%s: a body that is not application/json gets 415',
    async (_name, operation) => {
      const exchange = await send({
        ...validRequest(operation),
        json: undefined,
        raw: { contentType: 'text/plain', text: 'name=Rex' },
      });
      expectConforms(operation, exchange, { statuses: [415] });
    },
  );
});

describe('a query parameter that breaks the schema gets 400', () => {
  const cases = operations.flatMap((operation) =>
    invalidQueries(operation).map(
      (invalid) => [`${operation.operationId}: ${invalid.description}`, operation, invalid.value as string] as const,
    ),
  );
  eachCheck(cases, '%s', async (_name, operation, query) => {
    const request = validRequest(operation);
    const exchange = await send({ ...request, path: `${request.path}?${query}` });
    expectConforms(operation, exchange, { statuses: [400] });
  });
});

const withIds = operations.filter((operation) => pathParameters(operation).length > 0);
describe('a path parameter of the wrong type gets 400', () => {
  eachCheck(named(withIds), '%s', async (_name, operation) => {
    const override = Object.fromEntries(pathParameters(operation).map((parameter) => [parameter.name, 'not-an-id']));
    const exchange = await send({ ...validRequest(operation), path: pathOf(operation, data.paths, override) });
    expectConforms(operation, exchange, { statuses: [400] });
  });
});

describe('an unknown id gets 404', () => {
  eachCheck(
    named(withIds.filter((operation) => operation.declaredStatuses.includes('404'))),
    '%s',
    async (_name, operation) => {
      const override = Object.fromEntries(pathParameters(operation).map((parameter) => [parameter.name, UNKNOWN_ID]));
      const exchange = await send({ ...validRequest(operation), path: pathOf(operation, data.paths, override) });
      const sunset = operation.raw['x-deprecation']?.sunset;
      const expected = operation.deprecated && sunset && Date.now() >= Date.parse(sunset) ? [404, 410] : [404];
      expectConforms(operation, exchange, { statuses: expected });
    },
  );
});

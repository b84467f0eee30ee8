// For every operation: requests that break the contract get a declared 4xx with the Error
// object, never a 2xx and never a 5xx; missing and unknown keys get 401; unknown ids get 404.
import { afterChecks, beforeChecks, eachCheck, kindOfChecks } from '../support/checks.js';
import { type Expectation, expectConforms } from '../support/conformance.js';
import type { SpecOperation } from '../support/contract-spec.js';
import { send } from '../support/exchange.js';
import { madeUpKey } from '../support/keys.js';
import { selectedOperations } from '../support/operations.js';
import { invalidBodies, invalidQueries, pathOf, pathParameters, validValue } from '../support/requests.js';
import { pastSunset } from '../support/sunset.js';
import { cleanUp, createTestData, remember, resourceKindOf, type TestData } from '../support/test-data.js';

const CLIENT_ERROR: Expectation = { statuses: [400, 422], description: 'a 400 or 422 with the Error object' };
// An id no implementation has handed out: the largest the contract allows.
const UNKNOWN_ID = '9007199254740991';

kindOfChecks('negative', 'requests that break the contract are refused', () => {
  const operations = selectedOperations();
  const named = (list: SpecOperation[], rule: string) =>
    list.map((operation) => [`${operation.operationId}: ${rule}`, operation] as const);

  let data: TestData;
  beforeChecks(async () => {
    data = await createTestData();
  });
  afterChecks(cleanUp);

  function validRequest(operation: SpecOperation) {
    return {
      operationId: operation.operationId,
      method: operation.method,
      path: pathOf(operation, data.paths),
      ...(operation.requestSchema ? { json: validValue(operation.requestSchema, 'body', data.bodies) } : {}),
    };
  }

  eachCheck(named(operations, 'a request without an API key gets 401'), '%s', async (_name, operation) => {
    const exchange = await send({ ...validRequest(operation), key: null });
    expectConforms(operation, exchange, { statuses: [401] });
  });

  eachCheck(named(operations, 'a request with an unknown API key gets 401'), '%s', async (_name, operation) => {
    const exchange = await send({ ...validRequest(operation), key: madeUpKey(`unknown-${Date.now()}`) });
    expectConforms(operation, exchange, { statuses: [401] });
  });

  const withBody = operations.filter((operation) => operation.requestSchema);
  eachCheck(
    withBody.flatMap((operation) =>
      invalidBodies(operation.requestSchema, {}).map(
        (invalid) =>
          [
            `${operation.operationId}: a body with ${invalid.description} gets 400`,
            operation,
            invalid.description,
          ] as const,
      ),
    ),
    '%s',
    async (_name, operation, description) => {
      // Rebuilt here, with the real ids, so that only the broken field is wrong.
      const invalid = invalidBodies(operation.requestSchema, data.bodies).find(
        (candidate) => candidate.description === description,
      );
      const exchange = await send({ ...validRequest(operation), json: invalid?.value });
      const id = (exchange.body as { id?: unknown } | undefined)?.id;
      if (exchange.status === 201 && typeof id === 'number') remember(resourceKindOf(operation.path), id);
      expectConforms(operation, exchange, CLIENT_ERROR);
    },
  );

  eachCheck(named(withBody, 'a body that is not JSON gets 400'), '%s', async (_name, operation) => {
    const exchange = await send({
      ...validRequest(operation),
      json: undefined,
      raw: { contentType: 'application/json', text: '{"name": ' },
    });
    expectConforms(operation, exchange, { statuses: [400] });
  });

  eachCheck(
    named(
      withBody.filter((operation) => operation.declaredStatuses.includes('415')),
      'a body that is not application/json gets 415',
    ),
    '%s',
    async (_name, operation) => {
      const exchange = await send({
        ...validRequest(operation),
        json: undefined,
        raw: { contentType: 'text/plain', text: 'name=Rex' },
      });
      expectConforms(operation, exchange, { statuses: [415] });
    },
  );

  eachCheck(
    operations.flatMap((operation) =>
      invalidQueries(operation).map(
        (invalid) =>
          [
            `${operation.operationId}: a query with ${invalid.description} gets 400`,
            operation,
            invalid.value as string,
          ] as const,
      ),
    ),
    '%s',
    async (_name, operation, query) => {
      const request = validRequest(operation);
      const exchange = await send({ ...request, path: `${request.path}?${query}` });
      expectConforms(operation, exchange, { statuses: [400] });
    },
  );

  const withIds = operations.filter((operation) => pathParameters(operation).length > 0);
  eachCheck(named(withIds, 'a path id of the wrong type gets 400'), '%s', async (_name, operation) => {
    const override = Object.fromEntries(pathParameters(operation).map((parameter) => [parameter.name, 'not-an-id']));
    const exchange = await send({ ...validRequest(operation), path: pathOf(operation, data.paths, override) });
    expectConforms(operation, exchange, { statuses: [400] });
  });

  eachCheck(
    named(
      withIds.filter((operation) => operation.declaredStatuses.includes('404')),
      'an unknown id gets 404',
    ),
    '%s',
    async (_name, operation) => {
      const override = Object.fromEntries(pathParameters(operation).map((parameter) => [parameter.name, UNKNOWN_ID]));
      const exchange = await send({ ...validRequest(operation), path: pathOf(operation, data.paths, override) });
      expectConforms(operation, exchange, { statuses: pastSunset(operation, exchange) ? [404, 410] : [404] });
    },
  );
});

// For every operation: requests that break the contract get a declared 4xx with the contract's
// error, never a 2xx and never a 5xx: a body that is not JSON 400, one that is not
// application/json 415, unknown ids 404. (Credentials: checks/credentials.ts; values past the
// schemas' bounds are generated: checks/generated.ts.)
import { beforeChecks, eachCheck, kindOfChecks } from '../support/checks.js';
import { expectConforms } from '../support/conformance.js';
import { listOperations, type SpecOperation } from '../support/contract-spec.js';
import { send } from '../support/exchange.js';
import { takesFormOnly } from '../support/form-types.js';
import { selectedOperations } from '../support/operations.js';
import { flatten, pathOf, pathParameters, validValue } from '../support/requests.js';
import { CheckSkipped } from '../support/scheduler.js';
import { pastSunset } from '../support/sunset.js';
import { createTestData, type TestData } from '../support/test-data.js';
import { unknownIdOf } from '../support/unknown-id.js';

/**
 * Ids no record has for each of the operation's path parameters. A text drawn from a narrow
 * pattern (three capitals) may be a key a record has: it is looked up first where the path has a
 * GET, so that a delete never removes a record the suite did not make.
 */
async function unknownIds(operation: SpecOperation): Promise<Record<string, string>> {
  const draw = () =>
    Object.fromEntries(pathParameters(operation).map((parameter) => [parameter.name, unknownIdOf(parameter)]));
  const texts = pathParameters(operation).some((parameter) => flatten(parameter.schema ?? {}).type === 'string');
  const reader = listOperations().find((other) => other.method === 'get' && other.path === operation.path);
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const ids = draw();
    if (!texts || !reader) return ids;
    const found = await send({ operationId: reader.operationId, method: 'GET', path: pathOf(reader, {}, ids) });
    if (found.status !== 200) return ids;
  }
  throw new CheckSkipped(
    `every id drawn for ${operation.path}, five times, named a record: its pattern leaves little room`,
  );
}

kindOfChecks('negative', 'requests that break the contract are refused', () => {
  const operations = selectedOperations();
  const named = (list: SpecOperation[], rule: string) =>
    list.map((operation) => [`${operation.operationId}: ${rule}`, operation] as const);

  let data: TestData;
  beforeChecks(async () => {
    data = await createTestData();
  }, 7);

  function validRequest(operation: SpecOperation) {
    return {
      operationId: operation.operationId,
      method: operation.method,
      path: pathOf(operation, data.paths),
      ...(operation.requestSchema ? { json: validValue(operation.requestSchema, 'body', data.bodies) } : {}),
    };
  }

  // A form's body is no JSON to break (form-bodies.ts writes it).
  const withBody = operations.filter(
    (operation) => operation.requestSchema && !takesFormOnly(operation.requestMediaTypes),
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

  const withIds = operations.filter((operation) => pathParameters(operation).length > 0);
  eachCheck(
    named(
      withIds.filter((operation) => operation.declaredStatuses.includes('404')),
      'an unknown id gets 404',
    ),
    '%s',
    async (_name, operation) => {
      const override = await unknownIds(operation);
      const exchange = await send({ ...validRequest(operation), path: pathOf(operation, data.paths, override) });
      expectConforms(operation, exchange, { statuses: pastSunset(operation, exchange) ? [404, 410] : [404] });
    },
  );
});

// For every operation: requests that break the contract get a declared 4xx with the contract's
// error, never a 2xx and never a 5xx: a body that is not JSON 400, one of a media type the
// operation does not take 415, unknown ids 404. (Credentials: checks/credentials.ts; values past the
// schemas' bounds are generated: checks/generated.ts.)
import { beforeChecks, eachCheck, kindOfChecks } from '../support/checks.js';
import { expectConforms } from '../support/conformance.js';
import { invalidRequestStatus } from '../support/contract-model.js';
import { listOperations, type SpecOperation } from '../support/contract-spec.js';
import { answerFitted } from '../support/draft-bodies.js';
import { send } from '../support/exchange.js';
import { takesFormOnly } from '../support/form-types.js';
import { takesMediaType } from '../support/json-types.js';
import { selectedOperations } from '../support/operations.js';
import { pathOf, pathParameters, validValue } from '../support/requests.js';
import { createsByPut, resourcesNamedIn } from '../support/resources.js';
import { CheckSkipped } from '../support/scheduler.js';
import { pastSunset } from '../support/sunset.js';
import { createTestData, type TestData } from '../support/test-data.js';
import { unknownIdMayBeTaken, unknownIdOf } from '../support/unknown-id.js';

/**
 * Ids no record has for each of the operation's path parameters. A text drawn from a narrow
 * pattern (three capitals) may be a key a record has: it is looked up first where the path has a
 * GET, so that a delete never removes a record the suite did not make.
 */
async function unknownIds(operation: SpecOperation): Promise<Record<string, string>> {
  const draw = (attempt: number) =>
    Object.fromEntries(pathParameters(operation).map((parameter) => [parameter.name, unknownIdOf(parameter, attempt)]));
  const mayBeTaken = pathParameters(operation).some(unknownIdMayBeTaken);
  const reader = listOperations().find((other) => other.method === 'get' && other.path === operation.path);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const ids = draw(attempt);
    if (!mayBeTaken || !reader) return ids;
    const found = await send({ operationId: reader.operationId, method: 'GET', path: pathOf(reader, {}, ids) });
    if (found.status !== 200) return ids;
  }
  throw new CheckSkipped(
    `every id drawn for ${operation.path}, five times, named a record: its schema leaves little room`,
  );
}

/** The type an operation's body is sent as, named without its parameters: application/json for the Pet Store's. */
const bodyTypeOf = (operation: SpecOperation) =>
  (operation.requestJsonType ?? operation.requestMediaTypes[0] ?? 'application/json').split(';', 1)[0]?.trim();

/** Types a 415 is asked with: plain text first, as the Pet Store's check always sent. */
const UNTAKEN_CANDIDATES = ['text/plain', 'application/octet-stream', 'image/gif'];

/**
 * A media type the operation takes no body of (none of its declared types or ranges names it);
 * where it takes every one (the any type), there is no 415 to ask for: the check is skipped.
 */
function untakenMediaType(operation: SpecOperation): string {
  const untaken = UNTAKEN_CANDIDATES.find(
    (candidate) => !operation.requestMediaTypes.some((declared) => takesMediaType(declared, candidate)),
  );
  if (untaken === undefined)
    throw new CheckSkipped(
      `${operation.operationId} takes a body of every media type it could be sent (it declares ${operation.requestMediaTypes.join(', ')}): none earns a 415`,
    );
  return untaken;
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
      // Of texts the answers take too: a body a server must refuse would not reach what is checked.
      ...(operation.requestSchema
        ? { json: answerFitted(operation, validValue(operation.requestSchema, 'body', data.bodies)) }
        : {}),
    };
  }

  // A form's body is no JSON to break (form-bodies.ts writes it).
  const withBody = operations.filter(
    (operation) => operation.requestSchema && !takesFormOnly(operation.requestMediaTypes),
  );
  const notJson = withBody.map(
    (operation) =>
      [`${operation.operationId}: a body that is not JSON gets ${invalidRequestStatus(operation)}`, operation] as const,
  );
  eachCheck(notJson, '%s', async (_name, operation) => {
    const exchange = await send({
      ...validRequest(operation),
      json: undefined,
      raw: { contentType: operation.requestJsonType ?? 'application/json', text: '{"name": ' },
    });
    expectConforms(operation, exchange, { statuses: [invalidRequestStatus(operation)] });
  });

  eachCheck(
    withBody
      .filter((operation) => operation.declaredStatuses.includes('415'))
      .map(
        (operation) =>
          [`${operation.operationId}: a body that is not ${bodyTypeOf(operation)} gets 415`, operation] as const,
      ),
    '%s',
    async (_name, operation) => {
      const exchange = await send({
        ...validRequest(operation),
        json: undefined,
        raw: { contentType: untakenMediaType(operation), text: 'name=Rex' },
      });
      expectConforms(operation, exchange, { statuses: [415] });
    },
  );

  const withIds = operations.filter((operation) => pathParameters(operation).length > 0);
  eachCheck(
    named(
      // A PUT that makes the record its path names answers no 404 for one not there (put-creates.ts).
      withIds.filter((operation) => operation.declaredStatuses.includes('404') && !createsByPut(operation)),
      'an unknown id gets 404',
    ),
    '%s',
    async (_name, operation) => {
      // An action at a path of ids the contract describes no record of (Harbor's export download
      // by {execution_id}): nothing in the contract tells an id the server has from one it lacks.
      if (resourcesNamedIn(operation.path).size === 0)
        throw new CheckSkipped(
          `no parameter of ${operation.path} names a record the contract describes (one it lists, makes or reads as a record): an unknown one cannot be told from one the server has`,
        );
      const override = await unknownIds(operation);
      const exchange = await send({ ...validRequest(operation), path: pathOf(operation, data.paths, override) });
      expectConforms(operation, exchange, { statuses: pastSunset(operation, exchange) ? [404, 410] : [404] });
    },
  );
});

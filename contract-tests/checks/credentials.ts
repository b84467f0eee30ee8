// For every operation, its credentials in the schemes it declares (support/credential-cases.ts):
// without any, with an unknown one in each scheme, with a look-alike of the one given, each gets
// 401; an operation open to all (`security: []`) answers without one. A 401 comes before any
// record is looked up, so these run on a contract whose records the suite cannot make too: an id
// no record has stands in for the suite's own.
import { beforeChecks, eachCheck, kindOfChecks } from '../support/checks.js';
import { expectConforms } from '../support/conformance.js';
import type { SpecOperation } from '../support/contract-spec.js';
import { type CredentialCase, credentialCases } from '../support/credential-cases.js';
import { answerFitted } from '../support/draft-bodies.js';
import { send } from '../support/exchange.js';
import { selectedOperations } from '../support/operations.js';
import { pathOf, pathParameters, validValue } from '../support/requests.js';
import { pathIdsOf } from '../support/resources.js';
import { CheckSkipped } from '../support/scheduler.js';
import { createTestData, type TestData } from '../support/test-data.js';
import { unknownIdOf } from '../support/unknown-id.js';
import { successStatuses } from '../support/valid-answer.js';

kindOfChecks('negative', 'credentials in the schemes each operation declares', () => {
  const cases = selectedOperations().flatMap((operation) =>
    credentialCases(operation).map((tried) => [`${operation.operationId}: ${tried.rule}`, operation, tried] as const),
  );

  let data: TestData = { paths: {}, bodies: {} };
  /** Why the suite has no records of its own here, where it could make none. */
  let noData: string | undefined;
  beforeChecks(async () => {
    try {
      data = await createTestData();
    } catch (error) {
      if (!(error instanceof CheckSkipped)) throw error;
      noData = error.message;
    }
  }, 7);

  /** A request the operation would answer but for its credentials: ids of the suite's records, else unknown ones. */
  function requestOf(operation: SpecOperation, tried: CredentialCase) {
    const filled = pathIdsOf(operation.path, data.paths);
    const missing = pathParameters(operation).filter((parameter) => filled[parameter.name] === undefined);
    // An open operation's answer is judged a success: it needs a record that is there, of its own
    // resource (the suite's record of another resource named by one {id} names none of this one's).
    if (tried.expect === 'answered' && missing.length > 0)
      throw new CheckSkipped(noData ?? `the suite has no record for {${missing[0]?.name}} of ${operation.path}`);
    const unknown = Object.fromEntries(missing.map((parameter) => [parameter.name, unknownIdOf(parameter)]));
    return {
      operationId: operation.operationId,
      method: operation.method,
      path: pathOf(operation, data.paths, unknown),
      // Of texts the answers take too: a body a server must refuse would not reach what is checked.
      ...(operation.requestSchema
        ? { json: answerFitted(operation, validValue(operation.requestSchema, 'body', data.bodies)) }
        : {}),
    };
  }

  eachCheck(cases, '%s', async (_name, operation, tried) => {
    const exchange = await send({
      ...requestOf(operation, tried),
      key: tried.key,
      ...(tried.schemes ? { schemes: tried.schemes } : {}),
    });
    if (tried.expect === 'answered') {
      expectConforms(operation, exchange, {
        statuses: successStatuses(operation, exchange),
        description: 'a successful answer without any credential',
      });
      return;
    }
    expectConforms(operation, exchange, {
      statuses: [401],
      ...(tried.description ? { description: tried.description } : {}),
    });
  });
});

// The mock's mode: the key and its plan's limits, then the operation's handler over the world's
// data. Its own answers are checked on their way out; a breach is a bug of the mock, logged, and
// answered as a 500 (load tests may turn the check off).
import type { Request } from 'express';
import type { ApiModeFactory } from '../api-mode.js';
import { logMockFault } from '../errors.js';
import { planAnswers } from '../handlers/index.js';
import { bodyLimitOf } from '../http/body-limit.js';
import { contractGapRecord } from '../http/curl-line.js';
import { createBodyReader } from '../http/form-bodies.js';
import { keepSentFields } from '../http/sent-fields.js';
import { createKeyAndLimitSteps } from '../limits/key-and-limit-steps.js';
import { operationMatch } from '../openapi/contract-pipeline.js';
import { dispatchOperations } from '../openapi/dispatch-operations.js';
import { isBuiltInContract } from '../openapi/load-contract.js';
import { createOverlapCheck } from '../openapi/overlapping-branches.js';
import { createRequiredHeaders } from '../openapi/required-headers.js';
import { describeResources } from '../openapi/resource-model.js';
import { guardResponses } from '../openapi/response-contract.js';

export function createMockMode(): ApiModeFactory {
  return ({ app, contract, log, validateResponses, operationIdOf, seed, limitHeaders, securityOf, violationsOf }) => {
    // Planned once for the contract: each world (the default one, each scope) makes its handlers from it.
    const resources = describeResources(contract);
    const plan = planAnswers({ contract, resources });
    for (const warning of plan.warnings) log(`The contract contradicts itself: ${warning}`);
    const guard = validateResponses
      ? guardResponses(
          app,
          operationMatch,
          (res, error) => {
            res.locals.errorCode = error.code;
            logMockFault(log, res.req, error);
          },
          (res, operationId, what, advice) => {
            Promise.resolve()
              .then(() => violationsOf(res.req).record(contractGapRecord(res.req, operationId, `${what}. ${advice}`)))
              .catch((error: unknown) => log(`The contract gap could not be recorded: ${String(error)}`));
          },
          createOverlapCheck(contract),
        )
      : undefined;
    // Installed after the guard, so that it runs first: the guard checks the answer as it is sent.
    const requiredHeaders = createRequiredHeaders(contract, seed, log);
    requiredHeaders.install(app, (req) => operationMatch(req as Request));
    return {
      ready: requiredHeaders.ready,
      validateResponses,
      onResponseViolation: guard?.reportViolation ?? (() => undefined),
      checkRequest: (check) => check,
      readBody: keepSentFields(
        createBodyReader(
          bodyLimitOf(isBuiltInContract(contract.file), contract.document),
          (req) => operationMatch(req as Request)?.operation.requestMediaTypes ?? [],
          { anyJsonValue: !isBuiltInContract(contract.file) },
        ),
      ),
      stepsOf: (world) => ({
        beforeBody: createKeyAndLimitSteps(world, {
          operationIdOf,
          limitHeaders,
          securityOf,
          onRecordFailure: (error) => log(`The request record could not be written: ${String(error)}`),
        }),
        answer: dispatchOperations({
          contract,
          handlers: plan.handlersOf({ contract, resources, data: world.data, clock: world.clock, seed }),
          clock: world.clock,
          retryAfterFormat: () => world.simulation.settings().retryAfterFormat,
        }),
      }),
      recordsContractGaps: true,
      errorHandlers: [],
      operations: plan.descriptions,
    };
  };
}

// For every operation, requests generated from its schemas: the valid ones (every optional
// parameter and field present and absent, every enum value, values at their bounds, random
// ones across the whole range) get a declared success that keeps what was sent; those just past
// each bound get 400 with the Error object. Never a 5xx. Failures shrink to the smallest input.

import { schemaFactsOf } from '../../src/openapi/schema-analysis/schema-facts.js';
import {
  type GeneratedRequest,
  invalidRequests,
  queryString,
  validRequests,
} from '../generation/operation-requests.js';
import { type Generated, UngeneratedValue } from '../generation/valid-values.js';
import { beforeChecks, check, kindOfChecks } from '../support/checks.js';
import { expectConforms } from '../support/conformance.js';
import { invalidRequestStatus } from '../support/contract-model.js';
import { SPEC, type SpecOperation } from '../support/contract-spec.js';
import { type Exchange, send } from '../support/exchange.js';
import { createGenerationData, freshPathIds, type GenerationData } from '../support/generation-data.js';
import { isNameConflict, nameTakenIsReal } from '../support/name-conflict.js';
import { selectedOperations } from '../support/operations.js';
import { checkProperty } from '../support/property.js';
import { pathOf, pathParameters, requireRecordsToRead, withOwnClientKey, withPathKey } from '../support/requests.js';
import { changesSingleton, clientKeyOf, leftOutKeyOf } from '../support/resources.js';
import { alone, WRITES } from '../support/run-locks.js';
import { CheckSkipped } from '../support/scheduler.js';
import { examplesPerProperty } from '../support/target.js';
import { rememberAnswered, removeMadeNow } from '../support/test-data.js';
import { judgeValidAnswer } from '../support/valid-answer.js';

/** The rules are known when checks are registered; the ids only once the data is made. */
const NO_REFERENCES = { query: {}, body: {} };

/**
 * Why no request of the operation can be generated: a schema of its body or query no finite
 * value fits (named by the contract's reading, but a contract may come without it), or one whose
 * values nest deeper than any the suite makes; undefined when requests can be.
 */
function ungenerated(operation: SpecOperation): string | undefined {
  const facts = schemaFactsOf(SPEC);
  if (operation.requestSchema !== undefined && !facts.fits(operation.requestSchema))
    return 'no value fits the schema of its request body';
  const query = operation.parameters.find((parameter) => parameter.in === 'query' && !facts.fits(parameter.schema));
  if (query) return `no value fits the schema of its query parameter ${query.name}`;
  try {
    invalidRequests(operation, NO_REFERENCES);
  } catch (error) {
    if (error instanceof UngeneratedValue) return `a value of its request ${error.message}`;
    throw error;
  }
  return undefined;
}

function sendGenerated(
  operation: SpecOperation,
  request: GeneratedRequest,
  pathIds: Record<string, string>,
): Promise<Exchange> {
  return send({
    operationId: operation.operationId,
    method: operation.method,
    path: `${pathOf(operation, pathIds, request.path)}${queryString(request.query, operation.parameters)}`,
    ...(request.body === undefined ? {} : { json: request.body }),
  });
}

/** A create that a case made is removed at once, so that the next case does not meet it. */
async function removeCreated(
  operation: SpecOperation,
  exchange: Exchange,
  pathIds: Readonly<Record<string, string>>,
): Promise<void> {
  const id = rememberAnswered(operation, exchange, pathIds);
  if (id !== undefined) await removeMadeNow(operation, id, pathIds);
}

/** Sends of a valid case that 409 CATEGORY_NAME_TAKEN met for a name gone by the list's read. */
const NAME_CONFLICT_TRIES = 5;

/**
 * A valid case that a 409 CATEGORY_NAME_TAKEN met for a name no longer taken (another check's
 * category, made and removed meanwhile: short names such as "a" are drawn by many) is sent again,
 * a few times: what it then gets is judged.
 */
async function sendKeepingNames(
  operation: SpecOperation,
  request: GeneratedRequest,
  pathIds: Record<string, string>,
): Promise<{ answer: Exchange; nameTaken: boolean }> {
  let answer = await sendGenerated(operation, request, pathIds);
  for (let tries = 1; isNameConflict(answer); tries += 1) {
    if (await nameTakenIsReal(answer, request.body)) return { answer, nameTaken: true };
    if (tries === NAME_CONFLICT_TRIES) break;
    answer = await sendGenerated(operation, request, pathIds);
  }
  return { answer, nameTaken: false };
}

/** About how many requests one valid case sends: the request, its read-backs, the resources it needs and their removal. */
function requestsPerValidCase(operation: SpecOperation): number {
  const fresh = operation.method === 'get' ? 0 : 2 * pathParameters(operation).length;
  const reads = { get: 0, delete: 1, post: 3, put: 1, patch: 1 }[operation.method] ?? 1;
  return 1 + reads + fresh;
}

const hasInputs = (operation: SpecOperation) =>
  operation.requestSchema !== undefined || operation.parameters.some((parameter) => parameter.in === 'query');

/**
 * The requests with the keys the suite can send: none where the server decides it and the body
 * may leave it out (a numbered record's on a create, the path's on a change), and one no record
 * has where a create's client chooses it. A drawn id would name a record already there.
 */
function withKeysOfTheirOwn(
  operation: SpecOperation,
  requests: Generated<GeneratedRequest>,
): Generated<GeneratedRequest> {
  const leftOut = leftOutKeyOf(operation);
  const chosen = clientKeyOf(operation);
  if (leftOut === undefined && chosen === undefined) return requests;
  const adjust = (request: GeneratedRequest): GeneratedRequest => {
    if (typeof request.body !== 'object' || request.body === null) return request;
    if (chosen !== undefined)
      return Object.hasOwn(request.body, chosen)
        ? { ...request, body: withOwnClientKey(operation, request.body) }
        : request;
    if (leftOut === undefined || !Object.hasOwn(request.body, leftOut)) return request;
    const { [leftOut]: _dropped, ...body } = request.body as Record<string, unknown>;
    return { ...request, body };
  };
  return { arbitrary: requests.arbitrary.map(adjust), edges: requests.edges.map(adjust) };
}

kindOfChecks('generated', 'requests generated from the schemas', () => {
  let data: GenerationData;
  beforeChecks(async () => {
    data = await createGenerationData();
  }, 4);

  for (const operation of selectedOperations()) {
    const valid = `${operation.operationId}: requests generated valid from its schemas get a declared success that keeps what was sent`;
    const cannot = ungenerated(operation);
    if (cannot !== undefined) {
      // Named and skipped: the part of the contract no request can be made for, not the whole run.
      check(operation.operationId, valid, async () => {
        throw new CheckSkipped(`no request of it can be generated: ${cannot}`);
      });
      continue;
    }
    // fast-check counts the edges it tries first within the cases it runs.
    const cases = (examples: number) => (hasInputs(operation) ? examples : 1);
    check(
      operation.operationId,
      valid,
      async () => {
        requireRecordsToRead(operation, data.paths);
        await checkProperty(
          withKeysOfTheirOwn(operation, validRequests(operation, data.references)),
          // An operation with nothing to generate (only an id) is sent once.
          { name: valid, ...(hasInputs(operation) ? {} : { examples: 1 }) },
          async (drawn) => {
            const fresh = await freshPathIds(operation, data);
            // The record's key, where a change's body must send it, is its path's.
            const request = { ...drawn, body: withPathKey(operation, drawn.body, fresh.pathIds) };
            const sendAndJudge = async () => {
              const { answer, nameTaken } = await sendKeepingNames(operation, request, fresh.pathIds);
              try {
                // Category names are unique without case: a 409 for a name really taken is the contract's answer.
                if (!nameTaken) await judgeValidAnswer(operation, { ...request, pathIds: fresh.pathIds }, answer);
              } finally {
                await removeCreated(operation, answer, fresh.pathIds);
              }
            };
            try {
              // A singleton's one record is every check's: no other write lands between this one and its read-back.
              await (changesSingleton(operation.operationId) ? alone(WRITES, sendAndJudge) : sendAndJudge());
            } finally {
              await fresh.remove();
            }
          },
        );
      },
      { estimate: (examples) => cases(examples) * requestsPerValidCase(operation) },
    );

    for (const { rule } of invalidRequests(operation, NO_REFERENCES)) {
      const refused = invalidRequestStatus(operation);
      const name = `${operation.operationId}: a request with ${rule} gets ${refused} with the Error object`;
      check(
        operation.operationId,
        name,
        async () => {
          const invalid = invalidRequests(operation, data.references).find((candidate) => candidate.rule === rule);
          if (!invalid) throw new Error(`No generator for "${rule}".`);
          await checkProperty(
            { arbitrary: invalid.arbitrary, edges: [] },
            { name, examples: Math.max(2, Math.ceil(examplesPerProperty() / 4)) },
            async (request) => {
              const answer = await sendGenerated(operation, request, data.paths);
              await removeCreated(operation, answer, data.paths);
              expectConforms(operation, answer, {
                statuses: [refused],
                description: `a ${refused} with the Error object: the ${rule.split(' ')[0]} breaks the schema (${rule})`,
              });
            },
          );
        },
        { estimate: (examples) => Math.max(2, Math.ceil(examples / 4)) },
      );
    }
  }
});

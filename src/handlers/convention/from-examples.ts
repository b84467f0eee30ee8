// An operation that is neither a collection's nor an item's (an action, a report, a resource the
// contract only sketches) is answered from its contract: its success answer's first named
// example, else its example, else a value generated from its schema, drawn with the data set's
// seed and the request's path and query, so that the same request always gets the same answer.

import { loadSchemaFaker } from '../../fixtures/load-schema-faker.js';
import { resolveLocalRef } from '../../openapi/json-pointer.js';
import type { OperationInfo } from '../../openapi/load-contract.js';
import { mediaFamily } from '../../openapi/media-types.js';
import type { MediaInfo } from '../../openapi/operation-answers.js';
import { itemContinuedBy, type Resource } from '../../openapi/resource-model.js';
import type { ContractContext, PlannedAnswer } from '../handler-types.js';
import { sendAnswer } from './answer-media.js';
import { type ParentLevel, parentLevels, requireLevels } from './parent-scope.js';
import { notFoundOf } from './record-answers.js';
import { jsonMedia, type SuccessAnswer, successAnswer } from './success-answer.js';

/** `planned`, after a 404 when the record the path names is not there. */
function requiringRecord(
  deps: ContractContext,
  operation: OperationInfo,
  named: { resource: Resource; param: string },
  planned: PlannedAnswer,
): PlannedAnswer {
  // The record, and each parent its path names above it (a visit's cancel: the visit, of its owner).
  const levels: ParentLevel[] = [
    {
      resource: named.resource,
      param: named.param,
      missing: notFoundOf(deps.contract, operation, named.resource),
      // Only an operation that declares a 404 comes here: it never reads a record as drawn.
      drawn: false,
    },
    ...parentLevels(deps, operation, named.resource, [named.param]),
  ];
  return {
    mayAnswer: [404],
    how: `${planned.how}; 404 when no ${named.resource.noun} has the ${named.param} its path names`,
    make: (world) => {
      const handler = planned.make(world);
      return async (req, res) => {
        await world.data.read((view) => requireLevels(levels, view, req));
        await handler(req, res);
      };
    },
  };
}

/** The example the contract gives for an operation's success answer (its JSON body's), if any. */
function declaredExample(
  deps: ContractContext,
  answer: SuccessAnswer,
  media: MediaInfo | undefined,
): [string, unknown] | undefined {
  // An example that breaks its own schema (the start warns of it) is passed over: answered, it
  // would break the contract.
  const fits = (value: unknown) =>
    value !== undefined && deps.contract.brokenExamples?.has(JSON.stringify(value)) !== true;
  const named = Object.entries(media?.examples ?? {}).find(([, value]) => fits(value));
  if (named) return [`its example "${named[0]}"`, named[1]];
  if (fits(media?.example)) return ['its example', media?.example];
  const schema = resolveLocalRef(deps.contract.document, answer.schema);
  if (fits(schema.example)) return ["its schema's example", schema.example];
  const listed = Array.isArray(schema.examples) ? schema.examples.find(fits) : undefined;
  if (listed !== undefined) return ["its schema's example", listed];
  return undefined;
}

/** The schema of an answer's first text media type that has one, where it has no JSON body. */
const textSchema = (answer: SuccessAnswer): unknown =>
  answer.media.find((entry) => entry.schema !== undefined && mediaFamily(entry.type) === 'text')?.schema;

export function answerFromExamples(deps: ContractContext, operation: OperationInfo): PlannedAnswer {
  const planned = plannedFromExamples(deps, operation);
  // The record an action's path names (POST /pets/by-id/{petId}/vaccinate: a pet), where the operation answers 404.
  const named = operation.responses.has('404') ? itemContinuedBy(deps.resources, operation.path) : undefined;
  return named ? requiringRecord(deps, operation, named, planned) : planned;
}

function plannedFromExamples(deps: ContractContext, operation: OperationInfo): PlannedAnswer {
  const answer = successAnswer(operation);
  const response = operation.responses.get(String(answer.status));
  const example = declaredExample(deps, answer, jsonMedia(response));
  const contextAt = (nowMs: number) => ({ document: deps.contract.document, nowMs });
  // Without a JSON body, a text one (text/plain) is drawn from its own schema, not sent empty.
  const schema = answer.schema ?? textSchema(answer);
  if (example || schema === undefined) {
    const [source, value] = example ?? [answer.media.length > 0 ? 'a body of its media type' : 'no body', undefined];
    return {
      how: `answers ${answer.status} with ${source}`,
      make: (world) => (req, res) => sendAnswer(req, res, answer, value, contextAt(world.clock.nowMs())),
    };
  }
  return {
    how: `answers ${answer.status} with a value generated from its schema (the same for the same request)`,
    make: (world) => async (req, res) => {
      const salt = `${operation.operationId} ${JSON.stringify(req.params)} ${JSON.stringify(req.query)}`;
      const fake = await loadSchemaFaker(deps.contract.document, world.seed, salt);
      sendAnswer(req, res, answer, fake(schema), contextAt(world.clock.nowMs()));
    },
  };
}

// What GET /__mock/operations, the banner and the dashboard tell of an operation beside how it is
// answered: the credentials it takes, the error answers it declares (in whose shape the mock
// writes its errors), and the answers the mock may give truthfully that it does not declare.

import { declaredSameMeaning } from './error-answers/agreed-status.js';
import type { JsonObject } from './json-pointer.js';
import type { HttpMethod, OperationInfo } from './load-contract.js';
import { answerCovering } from './operation-answers.js';
import { describeScheme } from './operation-security.js';
import { describeObjectSchema } from './schema-shape.js';

export type ErrorShape = { status: string; mediaTypes: string[]; fields: string[] };

/** The credentials an operation takes, in words; empty when it is open to all. */
export function credentialsOf(operation: OperationInfo): string[] {
  const schemes = operation.security.schemes.map(describeScheme);
  return operation.security.open && schemes.length > 0 ? [...schemes, 'or none'] : schemes;
}

const isErrorStatus = (status: string) => status === 'default' || /^[45]/.test(status);

export function errorShapesOf(operation: OperationInfo, document: JsonObject): ErrorShape[] {
  return [...operation.responses.values()]
    .filter((response) => isErrorStatus(response.status))
    .map((response) => ({
      status: response.status,
      mediaTypes: response.media.map((media) => media.type),
      fields: [...describeObjectSchema(document, response.media[0]?.schema).properties.keys()],
    }));
}

/** Why the mock may answer a status, in words. */
const WHY: Readonly<Record<number, string>> = {
  400: 'a request the contract refuses',
  401: 'no known credential',
  403: 'a banned key',
  404: 'a record that is not there',
  409: 'a key another record has',
  413: 'a body over the limit',
  415: 'a body of a type it does not take',
  429: 'a key past its rate limit',
};

/** The statuses any request of an operation may get from the mock, besides what its answer itself gives. */
function statusesOf(operation: OperationInfo): number[] {
  const secured = !operation.security.open;
  return [400, ...(secured ? [401, 403, 429] : []), ...(operation.request ? [413, 415] : [])];
}

/**
 * The answers the mock may give truthfully that the operation does not declare, as
 * "404: a record that is not there"; `own` are those its answer may give (a 404, a 409).
 */
export function gapsOf(operation: OperationInfo, own: readonly number[]): string[] {
  const statuses = [...new Set([...statusesOf(operation), ...own])].sort((a, b) => a - b);
  return statuses
    .filter((status) => declaredSameMeaning(operation.responses, status) === status)
    .filter((status) => !answerCovering(operation.responses, status))
    .map((status) => `${status}: ${WHY[status] ?? 'an error'}`);
}

/** What every description of an operation says, whatever answers it (the mock or the proxy's upstream). */
export function describeOperation(operation: OperationInfo, document: JsonObject) {
  return {
    operationId: operation.operationId,
    method: operation.method.toUpperCase() as Uppercase<HttpMethod>,
    path: operation.path,
    credentials: credentialsOf(operation),
    errors: errorShapesOf(operation, document),
  };
}

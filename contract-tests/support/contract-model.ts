// The contract checked as the mock reads it (src/openapi/load-contract.ts): each operation's
// credentials, answers by status with their media types and headers, read once. The suite judges
// what an implementation answers against this model, never against what the mock does.
import { answeredErrorStatus } from '../../src/openapi/error-answers/agreed-status.js';
import { type Contract, describeContract, type OperationInfo } from '../../src/openapi/load-contract.js';
import { SPEC, type SpecOperation } from './contract-spec.js';

export const CONTRACT: Contract = describeContract(SPEC, '', 'the contract checked');

const byPlace = new Map(CONTRACT.operations.map((operation) => [`${operation.method} ${operation.path}`, operation]));

/** The model of one of the contract's operations (found by its method and path: an operationId may be missing). */
export function modelOf(operation: Pick<SpecOperation, 'method' | 'path'>): OperationInfo | undefined {
  return byPlace.get(`${operation.method} ${operation.path}`);
}

/**
 * The status the contract refuses an invalid request to `operation` with: 400, or the one its
 * error object lists in its place (Lob's `status_code` lists 422 and no 400), as the mock answers.
 */
export function invalidRequestStatus(operation: Pick<SpecOperation, 'method' | 'path'>): number {
  const model = modelOf(operation);
  return model ? answeredErrorStatus(CONTRACT, model, 400) : 400;
}

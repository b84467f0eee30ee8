// The contract checked as the mock reads it (src/openapi/load-contract.ts): each operation's
// credentials, answers by status with their media types and headers, read once. The suite judges
// what an implementation answers against this model, never against what the mock does.
import { type Contract, describeContract, type OperationInfo } from '../../src/openapi/load-contract.js';
import { SPEC, type SpecOperation } from './contract-spec.js';

export const CONTRACT: Contract = describeContract(SPEC, '', 'the contract checked');

const byPlace = new Map(CONTRACT.operations.map((operation) => [`${operation.method} ${operation.path}`, operation]));

/** The model of one of the contract's operations (found by its method and path: an operationId may be missing). */
export function modelOf(operation: Pick<SpecOperation, 'method' | 'path'>): OperationInfo | undefined {
  return byPlace.get(`${operation.method} ${operation.path}`);
}

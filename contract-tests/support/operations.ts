// The operations this run checks: the contract's, narrowed by the run's filters.
import { listOperations, type SpecOperation } from './contract-spec.js';
import { CheckSkipped } from './scheduler.js';
import { contractTarget } from './target.js';

export function selectedOperations(): SpecOperation[] {
  const target = contractTarget();
  return listOperations().filter(
    (operation) =>
      (!target.operations?.length || target.operations.includes(operation.operationId)) &&
      (!target.tags?.length || operation.tags.some((tag) => target.tags?.includes(tag))) &&
      (!target.stableOnly || operation.stability === 'stable'),
  );
}

export function isSelected(operationId: string): boolean {
  return selectedOperations().some((operation) => operation.operationId === operationId);
}

/** An operation the check needs; a check written for one the contract checked lacks ends as skipped, with why. */
export function operationById(operationId: string): SpecOperation {
  const operation = listOperations().find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new CheckSkipped(`it needs ${operationId}, which the contract checked does not have`);
  return operation;
}

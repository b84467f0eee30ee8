// Why the run checked an operation of the contract not at all: the run's selection left it out,
// or no check of the kinds selected applies to it. Worded to read for one operation or many.
import type { SpecOperation } from '../support/contract-spec.js';
import type { ContractOperation } from './operation-coverage.js';

export type RunSelection = {
  operations?: readonly string[];
  tags?: readonly string[];
  stableOnly?: boolean;
  checks?: readonly string[];
};

type Described = Pick<SpecOperation, 'operationId' | 'tags' | 'stability'>;

/** How the run's selection left the operation out, if it did. */
export function leftOutBy(operation: Described, selection: RunSelection): string | undefined {
  if (selection.operations?.length && !selection.operations.includes(operation.operationId))
    return 'left out by --operations';
  if (selection.tags?.length && !operation.tags.some((tag) => selection.tags?.includes(tag)))
    return 'left out by --tags';
  if (selection.stableOnly && operation.stability !== 'stable') return 'left out by --stable-only (not stable)';
  return undefined;
}

export function whyUnchecked(operation: Described, selection: RunSelection, ranAnyCheck: boolean): string {
  const leftOut = leftOutBy(operation, selection);
  if (leftOut !== undefined) return leftOut;
  if (!ranAnyCheck) return 'the run ran no check: its failure says why';
  if (selection.checks?.length) return `no check of --checks ${selection.checks.join(',')} applies`;
  return 'no check of the suite applies';
}

/** The contract's operations, each with why no check of it would have run. */
export function contractOperations(
  operations: readonly Described[],
  selection: RunSelection,
  ranAnyCheck: boolean,
): ContractOperation[] {
  return operations.map((operation) => ({
    name: operation.operationId,
    whyUnchecked: whyUnchecked(operation, selection, ranAnyCheck),
    ...(leftOutBy(operation, selection) !== undefined ? { leftOut: true } : {}),
  }));
}

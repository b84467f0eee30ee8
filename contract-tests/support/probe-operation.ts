// The rate-limit checks' cheap, harmless request: a selected list of one item, or listCategories
// when none is selected.
import { PAGE_SIZE } from '../../src/openapi/page-parameters.js';
import type { SpecOperation } from './contract-spec.js';
import { pageParameter } from './list-semantics.js';
import { operationById, selectedOperations } from './operations.js';

export function probeOperation() {
  return (
    selectedOperations().find(
      (operation) =>
        operation.method === 'get' &&
        !operation.deprecated &&
        !operation.path.includes('{') &&
        operation.tags.length > 0,
    ) ?? operationById('listCategories')
  );
}

/**
 * `operation`'s path, asking for the smallest page it allows where it takes a page size (`limit`,
 * `size`, `per_page`...): never a parameter it does not declare, which it would refuse.
 */
export function pathOfSmallestPage(operation: SpecOperation): string {
  const size = pageParameter(operation, PAGE_SIZE);
  if (!size) return operation.path;
  return `${operation.path}?${size.name}=${Math.max(1, Number(size.schema.minimum ?? 1))}`;
}

// The rate-limit checks' cheap, harmless request: a selected list of one item, or listCategories
// when none is selected.
import { schemaOf } from '../generation/json-schema.js';
import type { SpecOperation } from './contract-spec.js';
import { operationById, selectedOperations } from './operations.js';

/** The names a list's page size goes by (limit and offset, or a page number and size). */
const PAGE_SIZE = /^(limit|size|pageSize|page_size|perPage|per_page|pageLimit|page_limit)$/;

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
  const parameters = operation.parameters as Array<{ name: string; in: string; schema?: unknown }>;
  // An integer: a `size` of small, medium and large is a filter.
  const size = parameters.find(
    (parameter) =>
      parameter.in === 'query' && PAGE_SIZE.test(parameter.name) && schemaOf(parameter.schema ?? {}).type === 'integer',
  );
  if (!size) return operation.path;
  const minimum = Number(schemaOf(size.schema ?? {}).minimum ?? 1);
  return `${operation.path}?${size.name}=${Math.max(1, minimum)}`;
}

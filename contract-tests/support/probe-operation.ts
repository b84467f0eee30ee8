// The rate-limit checks' cheap, harmless request: a selected list of one item (one that declares
// the contract's limit headers, where one does), or listCategories when none is selected.
import { PAGE_SIZE } from '../../src/openapi/page-parameters.js';
import { listOperations, type SpecOperation } from './contract-spec.js';
import { declaresLimitHeaders } from './limit-window.js';
import { pageParameter } from './list-semantics.js';
import { operationById, selectedOperations } from './operations.js';
import { pathOf } from './requests.js';

export function probeOperation(): SpecOperation {
  const reads = selectedOperations().filter(
    (operation) => operation.method === 'get' && !operation.deprecated && !operation.path.includes('{'),
  );
  // One whose success declares the contract's limit headers, where one does: the checks hold it to them.
  const declaring = reads.filter((operation) =>
    operation.declaredStatuses.some(
      (status) => status.startsWith('2') && declaresLimitHeaders(operation, Number(status)),
    ),
  );
  const tagged = (list: SpecOperation[]) => list.find((operation) => operation.tags.length > 0) ?? list[0];
  return (
    tagged(declaring) ??
    tagged(reads) ??
    listOperations().find((operation) => operation.operationId === 'listCategories') ??
    // Another API's reads may all name a record (Twilio's /Accounts/{AccountSid}/...): any of them.
    tagged(listOperations().filter((operation) => operation.method === 'get' && !operation.deprecated)) ??
    operationById('listCategories')
  );
}

/**
 * `operation`'s path, asking for the smallest page it allows where it takes a page size (`limit`,
 * `size`, `per_page`...): never a parameter it does not declare, which it would refuse.
 */
export function pathOfSmallestPage(operation: SpecOperation): string {
  const path = operation.path.includes('{') ? pathOf(operation, {}) : operation.path;
  const size = pageParameter(operation, PAGE_SIZE);
  if (!size) return path;
  return `${path}?${size.name}=${Math.max(1, Number(size.schema.minimum ?? 1))}`;
}

// The rate-limit checks' cheap, harmless request: a selected list of one item, or listCategories
// when none is selected.
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

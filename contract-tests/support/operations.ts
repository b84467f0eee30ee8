// The operations this run checks: the contract's, narrowed by the run's filters. One whose path
// and method are another's but for its path key's fragment or query (Box's
// `/shared_items#folders`) is answered by that other (path-route.ts): it is named, not checked.
import { routeAliases } from '../../src/openapi/path-route.js';
import { listOperations, type SpecOperation } from './contract-spec.js';
import { CheckSkipped } from './scheduler.js';
import { contractTarget } from './target.js';

let selection:
  | {
      operations: readonly SpecOperation[];
      ids: ReadonlySet<string>;
      aliases: ReadonlyMap<SpecOperation, SpecOperation>;
    }
  | undefined;
let byId: ReadonlyMap<string, SpecOperation> | undefined;

/** The run's operations, chosen once: every check asks (a list of them, or one by its operationId). */
function selected() {
  if (!selection) {
    const target = contractTarget();
    const aliases = routeAliases(listOperations());
    const chosen = listOperations().filter(
      (operation) =>
        (!target.operations?.length || target.operations.includes(operation.operationId)) &&
        (!target.tags?.length || operation.tags.some((tag) => target.tags?.includes(tag))) &&
        (!target.stableOnly || operation.stability === 'stable'),
    );
    const operations = chosen.filter((operation) => !aliases.has(operation));
    selection = {
      operations,
      ids: new Set(operations.map((operation) => operation.operationId)),
      aliases: new Map([...aliases].filter(([alias]) => chosen.includes(alias))),
    };
  }
  return selection;
}

export function selectedOperations(): SpecOperation[] {
  return [...selected().operations];
}

/** The selected operations another answers for, each with that other: named as skipped, with why. */
export function answeredByAnother(): Array<[SpecOperation, SpecOperation]> {
  return [...selected().aliases];
}

export function isSelected(operationId: string): boolean {
  return selected().ids.has(operationId);
}

/** An operation the check needs; a check written for one the contract checked lacks ends as skipped, with why. */
export function operationById(operationId: string): SpecOperation {
  if (!byId) {
    const found = new Map<string, SpecOperation>();
    for (const operation of listOperations())
      if (!found.has(operation.operationId)) found.set(operation.operationId, operation);
    byId = found;
  }
  const operation = byId.get(operationId);
  if (!operation) throw new CheckSkipped(`it needs ${operationId}, which the contract checked does not have`);
  return operation;
}

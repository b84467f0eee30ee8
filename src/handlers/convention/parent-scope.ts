// The parents a sub-collection's path names (/owners/{ownerId}/pets/{petId}/visits): each level's
// resource and 404, whether each is there and under the one above it, and the scope a request's
// parent key sets for the records it reads, lists and makes.
import type { Request } from 'express';
import type { OperationInfo } from '../../openapi/load-contract.js';
import { pathParams, type Resource } from '../../openapi/resource-model.js';
import { parentPath } from '../../openapi/resource-paths.js';
import type { RecordKey } from '../../store/data-set.js';
import type { DataReader } from '../../store/data-store.js';
import { ownValue } from '../../store/own-keys.js';
import type { ContractContext } from '../handler-types.js';
import { keyFromPath, notFoundOf } from './record-answers.js';
import { drawsUnheld, keyFits } from './unheld-records.js';

/** One parent up a sub-collection's path: its resource, the path parameter naming it, and its 404. */
export type ParentLevel = {
  resource: Resource;
  param: string;
  missing: ReturnType<typeof notFoundOf>;
  /** A parent no operation makes or lists, read as drawn where none is stored (unheld-records.ts). */
  drawn: boolean;
};

/**
 * The parameters a path names parents by: all but a last segment's, which names the record
 * itself. Asana's tasks are listed under a task (/tasks/{task_gid}/subtasks), and
 * /tasks/{task_gid} reads any task, not one of a parent's.
 */
const parentParams = (path: string) => pathParams(parentPath(path));

/** The parents up a sub-collection's path, nearest first (a note's visit, then the visit's owner). */
export function parentLevels(
  deps: ContractContext,
  operation: OperationInfo,
  resource: Resource,
  namedAlready: readonly string[] = [],
): ParentLevel[] {
  const levels: ParentLevel[] = [];
  // Each parameter names one level: Adyen's /accountHolders/{id}/balanceAccounts names the account
  // holder by {id}, and the account holder's own parent (a balance platform, by {id} in its path) is
  // not named here at all.
  const params = new Set(parentParams(operation.path).filter((param) => !namedAlready.includes(param)));
  for (let link = resource.parent; link?.resource !== undefined && params.has(link.param); ) {
    const parent = deps.resources.resources.get(link.resource);
    if (!parent || levels.some((level) => level.resource === parent)) break;
    levels.push({
      resource: parent,
      param: link.param,
      missing: notFoundOf(deps.contract, operation, parent),
      drawn: drawsUnheld(deps, operation, parent),
    });
    params.delete(link.param);
    link = parent.parent;
  }
  return levels;
}

/** Throws the 404 of the first record of `levels` the request names that is not there, or not under the one above it. */
export async function requireLevels(levels: readonly ParentLevel[], view: DataReader, req: Request): Promise<void> {
  for (const [index, level] of levels.entries()) {
    const key = keyFromPath(level.resource, req.params[level.param]);
    const record = await view.get(level.resource.collection, key);
    if (record === undefined && level.drawn && keyFits(level.resource, key)) continue;
    const above = levels[index + 1];
    // The field this record holds the one above's key in (Ory's session: identityId, not id).
    const heldIn = level.resource.parent?.field ?? above?.param ?? '';
    const underAbove =
      above === undefined ||
      (record !== undefined && ownValue(record, heldIn) === keyFromPath(above.resource, req.params[above.param]));
    if (!record || !underAbove) throw level.missing(key);
  }
}

/** Whether `operation`'s path names the record's parent: Lago's /customers/{id}/wallets does, /wallets does not. */
export function namesParent(operation: OperationInfo, resource: Resource): boolean {
  return resource.parent !== undefined && parentParams(operation.path).includes(resource.parent.param);
}

/**
 * The parent record's key a request names, checked to exist: the sub-collection's scope. None
 * where the path does not name the parent (PetClinic's /pets/{petId} beside /owners/{ownerId}/pets).
 */
export function parentScope(deps: ContractContext, operation: OperationInfo, resource: Resource) {
  const link = resource.parent;
  if (!link || !namesParent(operation, resource)) return undefined;
  const parent = link.resource === undefined ? undefined : deps.resources.resources.get(link.resource);
  const levels = parentLevels(deps, operation, resource);
  return {
    field: link.field,
    keyOf: (req: Request): RecordKey =>
      parent ? keyFromPath(parent, req.params[link.param]) : String(req.params[link.param] ?? ''),
    /** Each parent the path names is there, and under the one above it: /owners/3/visits/1/notes needs visit 1 of owner 3. */
    require: (view: DataReader, req: Request) => requireLevels(levels, view, req),
  };
}

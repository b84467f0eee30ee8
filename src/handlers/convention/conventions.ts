// The operations a contract describes without rules of their own, answered from their path and
// schemas (resource-model.ts): a collection lists its records (the contract's filters and
// paging) and creates one (a new id, 201 and Location); an item is read, replaced (PUT), merged
// (PATCH, RFC 7396) and deleted, each with the Error object and 404 when the record is not there;
// a sub-collection (/pets/by-id/{petId}/photos) belongs to its parent's record: 404 when the
// parent is not there, and one parent's records are never listed under another. How a record is
// taken and answered (an envelope, the key in the body, query fields) is record-io.ts's; each
// kind is planned by a module of its own (list-answer.ts, create-answer.ts, change-answers.ts)
// from what the operation's conventions share (convention-plan.ts).
import type { OperationInfo } from '../../openapi/load-contract.js';
import type { ConventionShape } from '../../openapi/resource-model.js';
import type { ContractContext, PlannedAnswer } from '../handler-types.js';
import { planChange, planDelete, planRead } from './change-answers.js';
import { conventionPlan } from './convention-plan.js';
import { planCreate } from './create-answer.js';
import { planList } from './list-answer.js';

export function answerByConvention(
  deps: ContractContext,
  operation: OperationInfo,
  shape: ConventionShape,
): PlannedAnswer {
  const plan = conventionPlan(deps, operation, shape);
  switch (shape.kind) {
    case 'list':
      return planList(plan);
    case 'create':
      return planCreate(plan);
    case 'read':
      return planRead(plan);
    case 'replace':
    case 'merge':
      return planChange(plan);
    case 'delete':
      return planDelete(plan);
  }
}

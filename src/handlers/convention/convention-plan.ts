// What every convention of one operation shares, read once when the contract is: its success
// answer, how a record is taken and answered (record-io.ts, fitted to the answer's schema), its
// parent's scope, and how the record a request names is found (or drawn, unheld-records.ts).
// list-answer.ts, create-answer.ts and change-answers.ts plan each kind from it.
import type { Request, Response } from 'express';
import type { OperationInfo } from '../../openapi/load-contract.js';
import type { ConventionShape, Resource } from '../../openapi/resource-model.js';
import type { StoredRecord } from '../../store/data-set.js';
import type { DataReader } from '../../store/data-store.js';
import { ownValue } from '../../store/own-keys.js';
import type { ContractContext, HandlerDependencies } from '../handler-types.js';
import { sendAnswer } from './answer-media.js';
import { answerOwnFieldsOf } from './answer-own-fields.js';
import { type AnsweredApart, answeredApartOf } from './answered-apart.js';
import { parentScope } from './parent-scope.js';
import { notFoundOf, projectAnswered, projectRecord } from './record-answers.js';
import { createRecordIo, type RecordIo } from './record-io.js';
import { createRecordLinks } from './record-links.js';
import { type SuccessAnswer, successAnswer } from './success-answer.js';
import { type UnheldDraw, unheldDrawOf } from './unheld-records.js';

export type ConventionPlan = {
  deps: ContractContext;
  operation: OperationInfo;
  shape: ConventionShape;
  resource: Resource;
  answer: SuccessAnswer;
  /** A record as the resource's own schema holds it. */
  project: (record: StoredRecord) => StoredRecord;
  /** What each answer's fields declared otherwise hold (a list's records too). */
  apart: AnsweredApart | undefined;
  scope: ReturnType<typeof parentScope>;
  /** " of the owner its ownerId names", for the start's listing. */
  under: string;
  /** "a pet", "a record of aliases", for the start's listing. */
  one: string;
  io: RecordIo;
  links: ReturnType<typeof createRecordLinks>;
  unheld: UnheldDraw | undefined;
  /** Sends a record as the operation's success answer (none: its status alone). */
  send(req: Request, res: Response, record: StoredRecord | undefined, world: HandlerDependencies): Promise<void>;
  /** The record a request names: there (or drawn), and (in a sub-collection) its parent's; else the 404. */
  findNamed(view: DataReader, req: Request, seed: number): Promise<StoredRecord>;
};

export function conventionPlan(
  deps: ContractContext,
  operation: OperationInfo,
  shape: ConventionShape,
): ConventionPlan {
  const { resource } = shape;
  const { collection } = resource;
  const { document } = deps.contract;
  const answer = successAnswer(operation);
  const project = projectRecord(resource.shape);
  const projectAnswer = shape.kind === 'list' ? project : projectAnswered(document, answer.schema, resource);
  const notFound = notFoundOf(deps.contract, operation, resource);
  const scope = parentScope(deps, operation, resource);
  const io = createRecordIo(deps.contract, operation, shape);
  const apart = answeredApartOf(deps, operation, resource);
  const completed = shape.kind === 'list' ? undefined : answerOwnFieldsOf(document, answer.schema, resource);
  const unheld = unheldDrawOf(deps, operation, resource);
  const fitted = async (projected: StoredRecord, seed: number) => {
    const own = apart ? await apart(projected, seed) : projected;
    return completed ? completed(own, seed) : own;
  };
  return {
    deps,
    operation,
    shape,
    resource,
    answer,
    project,
    apart,
    scope,
    under: scope ? ` of the ${resource.parent?.resource ?? 'parent'} its ${scope.field} names` : '',
    one:
      collection.keyField === 'id'
        ? `${/^[aeiou]/i.test(resource.noun) && !/^(us[aeu]|uni(?![nmd])|uti|eu|one)/i.test(resource.noun) ? 'an' : 'a'} ${resource.noun}`
        : `a record of ${resource.name}`,
    io,
    links: createRecordLinks(document, deps.resources, resource),
    unheld,
    async send(req, res, record, world) {
      const body =
        record === undefined ? undefined : await io.answer(await fitted(projectAnswer(record), world.seed), world.seed);
      sendAnswer(req, res, answer, body, { document, nowMs: world.clock.nowMs() });
    },
    async findNamed(view, req, seed) {
      if (scope) await scope.require(view, req);
      const { lookupField } = shape;
      if (lookupField !== undefined) {
        const sent = String(req.params[shape.keyParam ?? ''] ?? '');
        const found = await view.find(collection, (record) => String(ownValue(record, lookupField)) === sent);
        if (!found || (scope && ownValue(found, scope.field) !== scope.keyOf(req))) throw notFound(sent, lookupField);
        return found;
      }
      const key = io.keyOf(req);
      const record =
        (await view.get(collection, key)) ??
        (await unheld?.(key, seed, scope ? { field: scope.field, key: scope.keyOf(req) } : undefined));
      if (!record || (scope && ownValue(record, scope.field) !== scope.keyOf(req))) throw notFound(key);
      return record;
    },
  };
}

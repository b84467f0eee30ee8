// The operations a contract describes without rules of their own, answered from their path and
// schemas (resource-model.ts): a collection lists its records (the contract's filters and
// paging) and creates one (a new id, 201 and Location); an item is read, replaced (PUT), merged
// (PATCH, RFC 7396) and deleted, each with the Error object and 404 when the record is not there;
// a sub-collection (/pets/by-id/{petId}/photos) belongs to its parent's record: 404 when the
// parent is not there, and one parent's records are never listed under another. How a record is
// taken and answered (an envelope, the key in the body, query fields) is record-io.ts's.
import type { Request, Response } from 'express';
import type { OperationInfo } from '../../openapi/load-contract.js';
import { jsonStreamOf } from '../../openapi/media-types.js';
import { putCreates } from '../../openapi/put-creates.js';
import { type ConventionShape, pathParams, type Resource } from '../../openapi/resource-model.js';
import { parentPath } from '../../openapi/resource-paths.js';
import type { RecordKey, StoredRecord } from '../../store/data-set.js';
import type { DataReader } from '../../store/data-store.js';
import { ownValue, setOwn } from '../../store/own-keys.js';
import type { ContractContext, HandlerDependencies, PlannedAnswer } from '../handler-types.js';
import { sendAnswer } from './answer-media.js';
import { answeredApartOf } from './answered-apart.js';
import { closedAnswerFieldsOf } from './closed-answer-fields.js';
import { createDeletionAnswer } from './deletion-answer.js';
import { describeEnvelope, listEnvelope, mostRecordsOf } from './list-envelope.js';
import { describeFilters, requestFilter } from './list-filter.js';
import { listPageView } from './list-page-view.js';
import { listPaging } from './list-paging.js';
import { keyFromPath, locationOf, notFoundOf, projectAnswered, projectRecord } from './record-answers.js';
import { conflict, mergePatch } from './record-changes.js';
import { createRecordIo, describeIo } from './record-io.js';
import { createRecordLinks } from './record-links.js';
import { createServerFields, describeMadeFields, newKeyKind } from './server-fields.js';
import { successAnswer } from './success-answer.js';
import { drawsUnheld, isDrawnUnheld, keyFits, unheldDrawOf } from './unheld-records.js';

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

/**
 * The parent record's key a request names, checked to exist: the sub-collection's scope. None
 * where the path does not name the parent (PetClinic's /pets/{petId} beside /owners/{ownerId}/pets).
 */
function parentScope(deps: ContractContext, operation: OperationInfo, resource: Resource) {
  const link = resource.parent;
  if (!link || !parentParams(operation.path).includes(link.param)) return undefined;
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

export function answerByConvention(
  deps: ContractContext,
  operation: OperationInfo,
  shape: ConventionShape,
): PlannedAnswer {
  const { resource } = shape;
  const { collection } = resource;
  const basePath = deps.contract.basePath;
  const answer = successAnswer(operation);
  const project = projectRecord(resource.shape);
  const projectAnswer =
    shape.kind === 'list' ? project : projectAnswered(deps.contract.document, answer.schema, resource);
  const notFound = notFoundOf(deps.contract, operation, resource);
  const scope = parentScope(deps, operation, resource);
  const under = scope ? ` of the ${resource.parent?.resource ?? 'parent'} its ${scope.field} names` : '';
  const one =
    resource.collection.keyField === 'id'
      ? `${/^[aeiou]/i.test(resource.noun) ? 'an' : 'a'} ${resource.noun}`
      : `a record of ${resource.name}`;
  const io = createRecordIo(deps.contract, operation, shape);
  const apart = answeredApartOf(deps, operation, resource);
  const completed =
    shape.kind === 'list' ? undefined : closedAnswerFieldsOf(deps.contract.document, answer.schema, resource);
  const links = createRecordLinks(deps.contract.document, deps.resources, resource);
  const fitted = async (projected: StoredRecord, seed: number) => {
    const own = apart ? await apart(projected, seed) : projected;
    return completed ? completed(own, seed) : own;
  };
  const send = async (req: Request, res: Response, record: StoredRecord | undefined, world: HandlerDependencies) =>
    sendAnswer(
      req,
      res,
      answer,
      record === undefined ? undefined : await io.answer(await fitted(projectAnswer(record), world.seed), world.seed),
      {
        document: deps.contract.document,
        nowMs: world.clock.nowMs(),
      },
    );
  const unheld = unheldDrawOf(deps, operation, resource);
  /** The record a request names: there (or drawn, unheld-records.ts), and (in a sub-collection) its parent's. */
  const findNamed = async (view: DataReader, req: Request, seed: number): Promise<StoredRecord> => {
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
  };

  switch (shape.kind) {
    case 'list': {
      // A stream's schema is one record's (Lichess's team members, one a line): no envelope.
      const streamed = answer.media.some((media) => media.schema === answer.schema && jsonStreamOf(media.type));
      const envelope = streamed
        ? undefined
        : listEnvelope(deps.contract.document, answer.schema, resource.recordSchema);
      const mostRecords = mostRecordsOf(deps.contract.document, answer.schema, envelope);
      const paging = listPaging(deps.contract, operation, resource, mostRecords);
      const { rules, ignored } = describeFilters(deps.contract, operation, resource.shape, paging.parameters);
      // The page's headers as the answer declares them: a draft's list may declare neither.
      const totalCountHeader = answer.declares('X-Total-Count');
      const linkHeader = answer.declares('Link');
      const filters = rules.map((rule) =>
        rule.match === 'equals' && rule.field === rule.parameter
          ? rule.parameter
          : `${rule.parameter} (${rule.match}${rule.field === rule.parameter ? '' : ` ${rule.field}`})`,
      );
      return {
        ...(scope ? { mayAnswer: [404] } : {}),
        how:
          `lists ${resource.name}${under}` +
          (filters.length > 0 ? `, filtered by ${filters.join(', ')}` : '') +
          paging.described +
          (envelope ? `; answers in ${describeEnvelope(envelope)}` : '') +
          (ignored.length > 0 ? `; ignores ${ignored.join(', ')} (no field of that name)` : ''),
        make: (world) => async (req, res) => {
          const parentKey = scope?.keyOf(req);
          const inScope =
            scope && parentKey !== undefined
              ? (record: StoredRecord) => ownValue(record, scope.field) === parentKey
              : undefined;
          const matches = requestFilter(rules, req, inScope);
          const page = await world.data.read(async (view) => {
            if (scope && parentKey !== undefined) await scope.require(view, req);
            return paging.read(view, collection, req, matches);
          });
          const projected = page.items.map(project);
          const items = apart ? await Promise.all(projected.map((item) => apart(item, world.seed))) : projected;
          if (totalCountHeader) res.setHeader('X-Total-Count', String(page.total));
          const link = linkHeader ? paging.link(req, page) : undefined;
          if (link) res.setHeader('Link', link);
          const context = { document: deps.contract.document, nowMs: world.clock.nowMs() };
          if (!envelope) {
            sendAnswer(req, res, answer, items, context);
            return;
          }
          const view = listPageView(req, paging, page, collection);
          sendAnswer(req, res, answer, envelope.body(items, view, await envelope.drawnValues(world.seed)), context);
        },
      };
    }
    case 'create': {
      const { keyField } = collection;
      const makesKeys = resource.keyType === 'string' && collection.counter === undefined;
      // A create that declares no 409 adds or updates (the Swagger Petstore's POST /pet).
      const upserts = !operation.responses.has('409');
      return {
        mayAnswer: [...(scope ? [404] : []), ...(!upserts && io.sends(keyField) ? [409] : [])],
        how:
          `creates ${one}${under}${collection.counter ? `, numbered by nextId.${collection.counter}` : ''}` +
          (shape.keySentAs ? `, keyed by the body's ${shape.keySentAs}` : '') +
          (makesKeys ? `, keyed by a new ${newKeyKind(resource)} where the body sends no ${keyField}` : '') +
          describeMadeFields(deps, resource, operation) +
          describeIo(shape),
        make: (world) => {
          const serverFields = createServerFields(world, resource, operation);
          return async (req, res) => {
            const fields = await serverFields.created(req, io.input(req));
            const parentKey = scope?.keyOf(req);
            if (scope && parentKey !== undefined) setOwn(fields, scope.field, parentKey);
            // A key the body sent (a draft may let clients choose it) is kept, if no record has it.
            // ...or sent by the item path's parameter's name (a vector store file's file_id).
            if (shape.keySentAs !== undefined && ownValue(fields, keyField) === undefined) {
              const named = ownValue(fields, shape.keySentAs);
              // An empty text names no path: that record is keyed as if it were not sent.
              const fits =
                resource.keyType === 'string' ? typeof named === 'string' && named !== '' : typeof named === 'number';
              if (fits) setOwn(fields, keyField, named);
            }
            const sentKey = ownValue(fields, keyField) as RecordKey | undefined;
            const created = await world.data.transaction(async (tx) => {
              if (scope && parentKey !== undefined) await scope.require(tx, req);
              await links?.(tx, fields);
              if (sentKey === undefined && makesKeys) {
                const key = await serverFields.newKey(
                  fields,
                  async (taken) => (await tx.get(collection, taken)) !== undefined,
                );
                return tx.insert(collection, { [keyField]: key, ...fields });
              }
              if (sentKey !== undefined && (await tx.get(collection, sentKey))) {
                if (!upserts) throw conflict(deps, operation, resource, sentKey);
                await tx.replace(collection, fields);
                return fields;
              }
              return tx.insert(collection, fields);
            });
            // Where the answer declares it: a draft's create may answer 200 with no Location.
            const location = answer.declares('Location')
              ? locationOf(basePath, resource, req, created, operation.path)
              : undefined;
            if (location) res.location(location);
            await send(req, res, created, world);
          };
        },
      };
    }
    case 'read':
      return {
        mayAnswer: unheld && !scope ? [] : [404],
        how:
          `reads ${one}${under} by ${shape.keyParam}${describeIo(shape)}` +
          (unheld ? `; one not stored reads as drawn for its ${shape.keyParam} (nothing makes or lists them)` : ''),
        make: (world) => async (req, res) => {
          await send(req, res, await world.data.read((view) => findNamed(view, req, world.seed)), world);
        },
      };
    case 'replace':
    case 'merge': {
      const merging = shape.kind === 'merge';
      const creates = putCreates(deps.resources, operation, shape);
      const by = shape.keyInBody ? ` named by the body's ${collection.keyField}` : '';
      return {
        // A body that names no record (PUT /pet without the pet's id): 400.
        mayAnswer: [...(shape.keyInBody ? [400] : []), ...(unheld && !scope ? [] : [404])],
        how:
          (merging
            ? `merges the ${shape.queryFields && !operation.request ? 'query' : 'body'} into ${one}${by}${under} (RFC 7396)`
            : `replaces ${one}${by}${under} with the body`) +
          (creates ? `, or makes it where none has that ${shape.keyParam}` : '') +
          (unheld ? `; one not stored is changed as drawn for its ${shape.keyParam}, then stored` : '') +
          describeIo(shape),
        make: (world) => {
          const serverFields = createServerFields(world, resource, operation);
          return async (req, res) => {
            const sent = io.input(req);
            const stamps = serverFields.onUpdate();
            const updated = await world.data.transaction(async (tx) => {
              if (creates) {
                if (scope) await scope.require(tx, req);
                if ((await tx.get(collection, io.keyOf(req))) === undefined) {
                  const fields = await serverFields.created(req, sent);
                  setOwn(fields, collection.keyField, io.keyOf(req));
                  if (scope) setOwn(fields, scope.field, scope.keyOf(req));
                  await links?.(tx, fields);
                  return tx.insert(collection, fields);
                }
              }
              const existing = await findNamed(tx, req, world.seed);
              const record = merging
                ? mergePatch(existing, sent, io.body(req))
                : { ...io.unnamed(existing), ...serverFields.kept(existing), ...sent };
              const replaced = {
                ...serverFields.ownedOnChange(existing, sent, record),
                ...stamps,
                [collection.keyField]: ownValue(existing, collection.keyField),
              };
              if (scope) setOwn(replaced, scope.field, ownValue(existing, scope.field));
              await links?.(tx, replaced);
              if (isDrawnUnheld(existing)) return tx.insert(collection, replaced);
              await tx.replace(collection, replaced);
              return replaced;
            });
            await send(req, res, updated, world);
          };
        },
      };
    }
    case 'delete': {
      // An answer of its own (a deletion object) where the delete declares one unlike the record.
      const deletion =
        answer.status === 204
          ? undefined
          : createDeletionAnswer(deps.contract.document, answer.schema, resource.recordSchema);
      return {
        mayAnswer: [404],
        how: `deletes ${one}${under} by ${shape.keyParam}${describeIo(shape)}`,
        make: (world) => async (req, res) => {
          const removed = await world.data.transaction(async (tx) => {
            const existing = await findNamed(tx, req, world.seed);
            await tx.remove(collection, ownValue(existing, collection.keyField) as RecordKey);
            return existing;
          });
          if (!deletion) return await send(req, res, answer.status === 204 ? undefined : removed, world);
          const context = { document: deps.contract.document, nowMs: world.clock.nowMs() };
          sendAnswer(req, res, answer, await deletion(project(removed), world.seed), context);
        },
      };
    }
  }
}

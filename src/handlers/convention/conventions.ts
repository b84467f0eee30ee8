// The operations a contract describes without rules of their own, answered from their path and
// schemas (resource-model.ts): a collection lists its records (the contract's filters and
// paging) and creates one (a new id, 201 and Location); an item is read, replaced (PUT), merged
// (PATCH, RFC 7396) and deleted, each with the Error object and 404 when the record is not there;
// a sub-collection (/pets/by-id/{petId}/photos) belongs to its parent's record: 404 when the
// parent is not there, and one parent's records are never listed under another.
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Clock } from '../../clock.js';
import { HttpError } from '../../errors.js';
import type { OperationInfo } from '../../openapi/load-contract.js';
import { type ConventionShape, pathParams, type Resource, requestSchema } from '../../openapi/resource-model.js';
import { describeObjectSchema } from '../../openapi/schema-shape.js';
import type { RecordKey, StoredRecord } from '../../store/data-set.js';
import type { DataReader, Page } from '../../store/data-store.js';
import { ownValue, setOwn } from '../../store/own-keys.js';
import type { ContractContext, PlannedAnswer } from '../handler-types.js';
import { adjacentOffset, createPageLinks, type PageQuery, pageUrls } from '../pagination.js';
import { sendAnswer } from './answer-media.js';
import { type ListEnvelope, listEnvelope } from './list-envelope.js';
import { describeFilters, requestFilter } from './list-filter.js';
import { listPaging } from './list-paging.js';
import { keyFromPath, locationOf, notFoundOf, projectRecord } from './record-answers.js';
import { createInputFields } from './record-fields.js';
import { createServerFields } from './server-fields.js';
import { successAnswer } from './success-answer.js';

/** One parent up a sub-collection's path: its resource, the path parameter naming it, and its 404. */
export type ParentLevel = { resource: Resource; param: string; missing: ReturnType<typeof notFoundOf> };

/** The parents up a sub-collection's path, nearest first (a note's visit, then the visit's owner). */
export function parentLevels(deps: ContractContext, operation: OperationInfo, resource: Resource): ParentLevel[] {
  const levels: ParentLevel[] = [];
  const params = new Set(pathParams(operation.path));
  for (let link = resource.parent; link?.resource !== undefined && params.has(link.param); ) {
    const parent = deps.resources.resources.get(link.resource);
    if (!parent || levels.some((level) => level.resource === parent)) break;
    levels.push({ resource: parent, param: link.param, missing: notFoundOf(deps.contract, operation, parent) });
    link = parent.parent;
  }
  return levels;
}

/** Throws the 404 of the first record of `levels` the request names that is not there, or not under the one above it. */
export async function requireLevels(levels: readonly ParentLevel[], view: DataReader, req: Request): Promise<void> {
  for (const [index, level] of levels.entries()) {
    const key = keyFromPath(level.resource, req.params[level.param]);
    const record = await view.get(level.resource.collection, key);
    const above = levels[index + 1];
    const underAbove =
      above === undefined || record?.[above.param] === keyFromPath(above.resource, req.params[above.param]);
    if (!record || !underAbove) throw level.missing(key);
  }
}

/** The parent record's key a request names, checked to exist: the sub-collection's scope. */
function parentScope(deps: ContractContext, operation: OperationInfo, resource: Resource) {
  const link = resource.parent;
  if (!link) return undefined;
  const parent = link.resource === undefined ? undefined : deps.resources.resources.get(link.resource);
  const levels = parentLevels(deps, operation, resource);
  return {
    field: link.param,
    keyOf: (req: Request): RecordKey =>
      parent ? keyFromPath(parent, req.params[link.param]) : String(req.params[link.param] ?? ''),
    /** Each parent the path names is there, and under the one above it: /owners/3/visits/1/notes needs visit 1 of owner 3. */
    require: (view: DataReader, req: Request) => requireLevels(levels, view, req),
  };
}

function describeEnvelope(envelope: ListEnvelope): string {
  const filled = envelope.filled.length > 0 ? ` with ${envelope.filled.join(', ')}` : '';
  const missing =
    envelope.unknownRequired.length > 0
      ? ` (cannot fill ${envelope.unknownRequired.join(', ')}, which it requires: give it a name the mock fills, such as total, page, size or next, or make it optional)`
      : '';
  return `an object: the records in ${envelope.items}${filled}${missing}`;
}

/** The URL of the next or the previous page of a request's list, if there is one (none where the list names no pages). */
function anotherPageUrl(
  req: Request,
  paging: PageQuery | undefined,
  asked: Page,
  total: number,
  absolute: boolean,
): (page: 'next' | 'previous') => string | undefined {
  return (page) => {
    const offset = paging && adjacentOffset(asked, total, page);
    if (!paging || offset === undefined) return undefined;
    const url = pageUrls(req, paging)(offset, asked.limit);
    return absolute ? `${req.protocol}://${req.get('host') ?? 'localhost'}${url}` : url;
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
  const notFound = notFoundOf(deps.contract, operation, resource);
  const scope = parentScope(deps, operation, resource);
  const under = scope ? ` of the ${resource.parent?.resource ?? 'parent'} its ${scope.field} names` : '';
  const one =
    resource.collection.keyField === 'id'
      ? `${/^[aeiou]/i.test(resource.noun) ? 'an' : 'a'} ${resource.noun}`
      : `a record of ${resource.name}`;
  const send = (req: Request, res: Response, record: StoredRecord | undefined, clock: Clock) =>
    sendAnswer(req, res, answer, record === undefined ? undefined : project(record), {
      document: deps.contract.document,
      nowMs: clock.nowMs(),
    });
  /** The record a request names: there, and (in a sub-collection) its parent's. */
  const findNamed = async (view: DataReader, req: Request): Promise<StoredRecord> => {
    const key = keyFromPath(resource, req.params[shape.keyParam ?? '']);
    if (scope) await scope.require(view, req);
    const record = await view.get(collection, key);
    if (!record || (scope && ownValue(record, scope.field) !== scope.keyOf(req))) throw notFound(key);
    return record;
  };

  switch (shape.kind) {
    case 'list': {
      const paging = listPaging(deps.contract, operation);
      const { rules, ignored } = describeFilters(deps.contract, operation, resource.shape, paging.parameters);
      const envelope = listEnvelope(deps.contract.document, answer.schema);
      // The page's headers as the answer declares them: a draft's list may declare neither.
      const totalCountHeader = answer.declares('X-Total-Count');
      const pageQuery = paging.query && { parameters: paging.parameters, query: paging.query };
      const pageLinks = pageQuery && answer.declares('Link') ? createPageLinks(pageQuery) : undefined;
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
          const asked = paging.page(req);
          const { items: records, total } = await world.data.read(async (view) => {
            if (scope && parentKey !== undefined) await scope.require(view, req);
            return view.list(collection, asked, matches);
          });
          const items = records.map(project);
          if (totalCountHeader) res.setHeader('X-Total-Count', String(total));
          if (pageLinks) res.setHeader('Link', pageLinks(req, asked, total));
          const context = { document: deps.contract.document, nowMs: world.clock.nowMs() };
          if (!envelope) {
            sendAnswer(req, res, answer, items, context);
            return;
          }
          const facts = paging.facts(asked, total, items.length);
          const urlOf = anotherPageUrl(req, pageQuery, asked, total, envelope.absoluteUrls);
          sendAnswer(req, res, answer, envelope.body(items, facts, urlOf), context);
        },
      };
    }
    case 'create': {
      const inputFields = createInputFields(deps.contract, operation);
      const { keyField } = collection;
      return {
        mayAnswer: [...(scope ? [404] : []), ...(sendsKey(deps, operation, keyField) ? [409] : [])],
        how: `creates ${one}${under}${collection.counter ? `, numbered by nextId.${collection.counter}` : ''}`,
        make: (world) => {
          const serverFields = createServerFields(world, resource);
          return async (req, res) => {
            const fields: Record<string, unknown> = { ...(await serverFields.onCreate(req)), ...inputFields(req) };
            if (resource.keyType === 'string' && ownValue(fields, keyField) === undefined && !collection.counter)
              setOwn(fields, keyField, randomUUID());
            const parentKey = scope?.keyOf(req);
            if (scope && parentKey !== undefined) setOwn(fields, scope.field, parentKey);
            // A key the body sent (a draft may let clients choose it) is kept, if no record has it.
            const sentKey = ownValue(fields, keyField) as RecordKey | undefined;
            const created = await world.data.transaction(async (tx) => {
              if (scope && parentKey !== undefined) await scope.require(tx, req);
              if (sentKey !== undefined && (await tx.get(collection, sentKey))) {
                throw conflict(deps, operation, resource, sentKey);
              }
              return tx.insert(collection, fields);
            });
            // Where the answer declares it: a draft's create may answer 200 with no Location.
            const location = answer.declares('Location') ? locationOf(basePath, resource, req, created) : undefined;
            if (location) res.location(location);
            send(req, res, created, world.clock);
          };
        },
      };
    }
    case 'read':
      return {
        mayAnswer: [404],
        how: `reads ${one}${under} by ${shape.keyParam}`,
        make: (world) => async (req, res) => {
          send(req, res, await world.data.read((view) => findNamed(view, req)), world.clock);
        },
      };
    case 'replace':
    case 'merge': {
      const inputFields = createInputFields(deps.contract, operation);
      const merging = shape.kind === 'merge';
      return {
        mayAnswer: [404],
        how: merging ? `merges the body into ${one}${under} (RFC 7396)` : `replaces ${one}${under} with the body`,
        make: (world) => {
          const serverFields = createServerFields(world, resource);
          return async (req, res) => {
            const sent = inputFields(req);
            const stamps = serverFields.onUpdate();
            const updated = await world.data.transaction(async (tx) => {
              const existing = await findNamed(tx, req);
              const record = merging
                ? mergePatch(existing, sent, req.body)
                : { ...serverFields.kept(existing), ...sent };
              const replaced = { ...record, ...stamps, [collection.keyField]: ownValue(existing, collection.keyField) };
              if (scope) setOwn(replaced, scope.field, ownValue(existing, scope.field));
              await tx.replace(collection, replaced);
              return replaced;
            });
            send(req, res, updated, world.clock);
          };
        },
      };
    }
    case 'delete':
      return {
        mayAnswer: [404],
        how: `deletes ${one}${under} by ${shape.keyParam}`,
        make: (world) => async (req, res) => {
          const removed = await world.data.transaction(async (tx) => {
            const existing = await findNamed(tx, req);
            await tx.remove(collection, ownValue(existing, collection.keyField) as RecordKey);
            return existing;
          });
          send(req, res, answer.status === 204 ? undefined : removed, world.clock);
        },
      };
  }
}

/** Whether a create's body may send the record's key (a client choosing it may meet one taken: 409). */
function sendsKey(deps: ContractContext, operation: OperationInfo, keyField: string): boolean {
  const sent = describeObjectSchema(deps.contract.document, requestSchema(operation)).properties.get(keyField);
  return sent !== undefined && sent.readOnly !== true;
}

/** RFC 7396: the body's fields replace the record's, a null removes one, objects merge field by field. */
function mergePatch(existing: StoredRecord, sent: StoredRecord, body: unknown): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...existing };
  const raw = (body ?? {}) as Record<string, unknown>;
  for (const [field, value] of Object.entries(sent)) {
    if (ownValue(raw, field) === null) delete merged[field];
    else setOwn(merged, field, mergeValue(ownValue(merged, field), value));
  }
  return merged;
}

function mergeValue(target: unknown, patch: unknown): unknown {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return patch;
  const base = typeof target === 'object' && target !== null && !Array.isArray(target) ? { ...target } : {};
  for (const [field, value] of Object.entries(patch)) {
    if (value === null) delete (base as Record<string, unknown>)[field];
    else setOwn(base, field, mergeValue(ownValue(base, field), value));
  }
  return base;
}

/** A record made under a key another record has. */
function conflict(deps: ContractContext, operation: OperationInfo, resource: Resource, key: RecordKey): HttpError {
  const listed = operation.responses.get('409')?.errorCodes[0];
  const code = listed ?? 'CONFLICT';
  return new HttpError(
    code,
    `A record of ${resource.name} already has ${resource.collection.keyField} ${JSON.stringify(key)}. Choose another, or replace it with PUT.`,
    {},
    deps.contract.errorCodes.get(code)?.status ?? 409,
  );
}

// The items the list checks work on for a resource a draft adds: records made through its create
// operation (under a parent of the suite's own for a sub-collection, whose path keeps them apart),
// with each filter's field at two values in every combination, so that each filter keeps some of
// them and leaves the others. A filter is probed with each value the records have and one none has.

import { enumValuesOf } from '../../src/openapi/enum-values.js';
import type { SpecOperation } from './contract-spec.js';
import { answerFitted } from './draft-bodies.js';
import { send } from './exchange.js';
import { filterRules, type Item } from './list-semantics.js';
import { setField } from './own-fields.js';
import { flatten, type References, validValue } from './requests.js';
import {
  createdKey,
  fillPath,
  keyOf,
  newResources,
  operationOf,
  type RecordKey,
  type Resource,
  recordIn,
  recordKeyOf,
} from './resources.js';
import { CheckSkipped } from './scheduler.js';
import { makeRecordOrNote, readRecordMade, rememberMade } from './test-data.js';
import { writeSuccesses } from './valid-answer.js';
import { describeExchange } from './violation.js';

export type RecordListScope = {
  /** Why the suite has no records of this list (a parent it cannot make them under): its checks are skipped so. */
  skipped?: string;
  query: Record<string, string | number>;
  path?: string;
  items: Item[];
  probes(parameter: string): Array<{ value: string; why: string }>;
};

/** Records per list: two values of up to two filters, in every combination. */
const RECORDS = 4;

type FieldValues = { values: [unknown, unknown]; absent: unknown[] };

/** Two values of a filter's field, and values none of the suite's records will have. */
function fieldValues(schema: unknown, name: string): FieldValues {
  const field = flatten(schema);
  if (field.type === 'boolean') return { values: [true, false], absent: [] };
  if (Array.isArray(field.enum)) {
    // Two values apart, of the field's type: ReadMe's lists "" twice in an enum of numbers.
    const listed = [...new Set(enumValuesOf(field))];
    const [first, second = first] = listed;
    return { values: [first, second], absent: listed.slice(2) };
  }
  if (field.type === 'integer' || field.type === 'number') {
    const low = Number(validValue(field, name, {}));
    const high = field.maximum !== undefined && low + 1 > field.maximum ? low - 1 : low + 1;
    return { values: [low, high], absent: [] };
  }
  // Texts the suite makes are unique: a third one is on no record.
  return {
    values: [validValue(field, name, {}), validValue(field, name, {})],
    absent: [validValue(field, name, {})],
  };
}

/**
 * Where `parents` keep a record made of `resource`: as its own (recordKeyOf), and by its parameter's
 * name for the fields of bodies that refer to it, unless a resource made before has that name.
 */
const madeAs = (parents: References, resource: Resource, keyParameter: string, id: RecordKey): References => ({
  [recordKeyOf(resource)]: id,
  ...(keyParameter in parents ? {} : { [keyParameter]: id }),
});

/** The list scopes of the resources a draft adds, their parents made (or taken) from `ids`. */
export async function recordListScopes(ids: References): Promise<Record<string, RecordListScope>> {
  const scopes: Record<string, RecordListScope> = {};
  const parents = { ...ids };
  for (const { resource, keyParameter } of newResources()) {
    const list = operationOf(resource, 'list');
    const creation = operationOf(resource, 'create');
    if (!list || !creation) {
      // Still a parent for the sub-collections under it. One the suite cannot make leaves its own
      // checks to say why; the lists of the others are checked all the same.
      const id = await makeRecordOrNote(resource, parents, parents);
      if (id !== undefined) Object.assign(parents, madeAs(parents, resource, keyParameter, id));
      continue;
    }
    try {
      scopes[list.operationId] = await listScopeOf(resource, keyParameter, list, creation, parents);
    } catch (error) {
      // A list whose records cannot be made (no parent of the suite's own to make them under):
      // its checks say why, and the other lists are checked.
      if (!(error instanceof CheckSkipped)) throw error;
      scopes[list.operationId] = { query: {}, items: [], probes: () => [], skipped: error.message };
    }
  }
  return scopes;
}

/** The records the suite makes to check one list by, under `parents` (to which the first is added). */
async function listScopeOf(
  resource: Resource,
  keyParameter: string,
  list: SpecOperation,
  creation: SpecOperation,
  parents: References,
): Promise<RecordListScope> {
  // A create that declares no success (ReadMe's petstore's addPet: only 405) makes nothing to count on.
  writeSuccesses(creation);
  const properties = flatten(creation.requestSchema ?? {}).properties ?? {};
  const filters = filterRules(list)
    .map((rule) => rule.parameter)
    // A field that refers to a record (a petId) keeps the suite's own id: never someone else's.
    .filter((parameter) => parameter in properties && !(parameter in parents))
    .map((parameter) => [parameter, fieldValues(properties[parameter], parameter)] as const);
  const path = fillPath(creation.path, parents);
  const items: Item[] = [];
  const ids: RecordKey[] = [];
  for (let index = 0; index < RECORDS; index += 1) {
    const body = answerFitted(creation, validValue(creation.requestSchema ?? {}, '', parents)) as Record<
      string,
      unknown
    >;
    filters.forEach(([parameter, { values }], place) => {
      setField(body, parameter, values[(index >> place) & 1]);
    });
    const exchange = await send({ operationId: creation.operationId, method: 'POST', path, json: body });
    const id = createdKey(resource, creation.operationId, exchange);
    // The record inside the answer's envelope ({"category": {...}}), if it has one; else as read
    // back where the create answered no body (a Location alone).
    if (exchange.status < 200 || exchange.status > 299 || id === undefined)
      throw new Error(
        `Could not set up the list checks: ${creation.operationId} making a record to list failed.\n  Expected:  a success with the id of what was created\n${describeExchange(exchange)}`,
      );
    const answered = recordIn(creation.operationId, exchange.body);
    // ...where a create has no read of one record, the record as sent, with the key it was given.
    const made =
      keyOf(resource, answered) !== undefined
        ? answered
        : ((await readRecordMade(resource, parents, id)) ?? { ...body, [resource.collection.keyField]: id });
    rememberMade(creation, id, parents);
    items.push(made as Item);
    ids.push(id);
  }
  Object.assign(parents, madeAs(parents, resource, keyParameter, ids[0] as RecordKey));
  const listPath = fillPath(list.path, parents);
  const byParameter = new Map(filters);
  return {
    query: {},
    ...(listPath === list.path ? {} : { path: listPath }),
    items,
    probes: (parameter) => {
      const field = byParameter.get(parameter);
      if (!field) return [];
      return [
        ...field.values.map((value) => ({ value: String(value), why: 'a value records of the suite have' })),
        ...field.absent.map((value) => ({ value: String(value), why: 'a value no record of the suite has' })),
      ];
    },
  };
}

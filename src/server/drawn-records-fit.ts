// A draft's records as the mock draws them must hold under it: served as they are, each read of a
// record that breaks its schema is a 500. A fault every record of a collection has at one field
// is the schema's (its parts contradict each other, a pattern against a length, a not, an
// if/then/else, a oneOf of two alike branches: nothing the mock draws meets it). Where the records
// hold without that field (it is optional), they are drawn without it and the log says so (a
// published document, PagerDuty's, has such a field); else the draft is refused, naming each
// field. A record that breaks it otherwise (one draw that missed) is left out of the data.

import { describePlace } from '../openapi/contract-source/contract-refusal.js';
import type { ContractDraft } from '../openapi/contract-source/read-contract-file.js';
import type { RecordFault } from '../openapi/data-set-check.js';
import { fieldSchemaPointer } from '../openapi/field-schema-place.js';
import type { Contract } from '../openapi/load-contract.js';
import { createSchemaOverlapCheck, ONE_OF_REFUSED } from '../openapi/overlapping-branches.js';
import type { ResourceModel } from '../openapi/resource-types.js';
import { describeFaults, placesOf } from '../store/data-file-reader.js';
import { type DataSet, freezeDataSet } from '../store/data-set.js';
import { ownValue } from '../store/own-keys.js';
import { ConfigError } from './config.js';
import type { ServedContract } from './served-contract.js';

/** The faults that every record of their list has at one field. */
function systematicFaults(data: DataSet, faults: readonly RecordFault[]): RecordFault[] {
  const byPlace = new Map<string, RecordFault[]>();
  for (const fault of faults) {
    const place = JSON.stringify([fault.list, fault.field]);
    const found = byPlace.get(place);
    if (found) found.push(fault);
    else byPlace.set(place, [fault]);
  }
  const systematic: RecordFault[] = [];
  for (const found of byPlace.values()) {
    const records = ownValue(data, found[0]?.list ?? '');
    const count = Array.isArray(records) ? records.length : 0;
    if (count > 0 && new Set(found.map((fault) => fault.index)).size >= count)
      for (const fault of found) systematic.push(fault);
  }
  return systematic;
}

/**
 * Whether an answer leaves out a field a record holds beside its schema: one its schema neither
 * declares nor requires. One it requires but forbids (`required` beside `additionalProperties:
 * false`), or declares in a part another part's `additionalProperties: false` forbids, stays and
 * breaks every answer.
 */
function isProjectedAway(model: ResourceModel, fault: RecordFault): boolean {
  const shape = model.resources.get(fault.list)?.shape;
  return shape === undefined || (!shape.properties.has(fault.field) && !shape.required.has(fault.field));
}

/** Where the schema of each field at fault is written: a line each, "file:line:column  the schema of …". */
function declaredPlaces(draft: ContractDraft, model: ResourceModel, faults: readonly RecordFault[]): string {
  const lines = new Set<string>();
  for (const fault of faults) {
    const resource = model.resources.get(fault.list);
    const pointer = resource && fieldSchemaPointer(draft.document, resource.recordSchema, fault.field);
    const place = pointer === undefined ? undefined : draft.locate(pointer);
    if (place) lines.add(`  ${describePlace(place)}  the schema of the field "${fault.field}" of ${fault.list}`);
  }
  return lines.size === 0 ? '' : `Where those schemas are written:\n${[...lines].join('\n')}\n`;
}

/**
 * Whether a record's fault is only that it meets several branches of a oneOf whose branches
 * overlap (createSchemaOverlapCheck): such a record is served, its answers marked. `lists` names
 * the collections found so.
 */
function overlapOnlyFault(served: ServedContract) {
  const meets = createSchemaOverlapCheck(served.contract);
  const found = new Set<string>();
  const check = (data: DataSet, fault: RecordFault): boolean => {
    const schema = served.resources.resources.get(fault.list)?.recordSchema;
    const records = ownValue(data, fault.list);
    const record = Array.isArray(records) ? records[fault.index] : undefined;
    if (!ONE_OF_REFUSED.test(fault.text)) return false;
    if (typeof schema !== 'object' || schema === null || !meets(schema, record)) return false;
    found.add(fault.list);
    return true;
  };
  return Object.assign(check, { lists: () => [...found] });
}

/** `data` without the records at the places `faults` name. */
function withoutFaultyRecords(data: DataSet, faults: readonly RecordFault[]): DataSet {
  const faulty = new Map<string, Set<number>>();
  for (const { list, index } of faults) {
    const indexes = faulty.get(list) ?? new Set<number>();
    indexes.add(index);
    faulty.set(list, indexes);
  }
  const kept: Record<string, unknown> = { ...data };
  for (const [list, indexes] of faulty) {
    const records = ownValue(data, list);
    if (Array.isArray(records)) kept[list] = records.filter((_record, index) => !indexes.has(index));
  }
  return kept as DataSet;
}

/** A field's path in a record ("metadata.agent", "timing.0.state"), as RecordFault names it. */
function removeField(record: unknown, field: string): void {
  const segments = field.split('.');
  const last = segments.pop() as string;
  let holder: unknown = record;
  for (const segment of segments) {
    if (typeof holder !== 'object' || holder === null) return;
    holder = ownValue(holder as Record<string, unknown>, segment);
  }
  if (typeof holder === 'object' && holder !== null && !Array.isArray(holder) && Object.hasOwn(holder, last))
    delete (holder as Record<string, unknown>)[last];
}

/** `data` with each fault's field taken out of every record of its list (copies of those lists). */
function withoutFields(data: DataSet, faults: readonly RecordFault[]): DataSet {
  const kept: Record<string, unknown> = { ...data };
  for (const list of new Set(faults.map((fault) => fault.list))) {
    const records = ownValue(data, list);
    if (!Array.isArray(records)) continue;
    const copies = structuredClone(records) as unknown[];
    const fields = new Set(faults.filter((fault) => fault.list === list).map((fault) => fault.field));
    for (const record of copies) for (const field of fields) removeField(record, field);
    kept[list] = copies;
  }
  return kept as DataSet;
}

/** Rounds of fields left out: a required field no value meets takes its parent out next. */
const MOST_TRIMS = 4;

/**
 * `data` without the fields at which every record breaks its schema, where the records then hold
 * (some faults left, none systematic); a field that is then missing but required is taken out
 * with its parent instead. Undefined where no such fields do (a record's own schema at fault).
 */
function withoutOptionalFaults(
  data: DataSet,
  systematic: readonly RecordFault[],
  faultsIn: (data: DataSet) => RecordFault[],
  model: ResourceModel,
): { data: DataSet; faults: RecordFault[]; removed: RecordFault[] } | undefined {
  // A record's key is never left out: its collection could not name it.
  const atKey = (fault: RecordFault) => model.resources.get(fault.list)?.collection.keyField === fault.field;
  if (systematic.some(atKey)) return undefined;
  const key = (fault: RecordFault) => JSON.stringify([fault.list, fault.field]);
  const removed = new Map<string, RecordFault>();
  let trimmed = data;
  let left = systematic;
  for (let round = 0; round < MOST_TRIMS; round += 1) {
    const next = left.flatMap((fault): RecordFault[] => {
      if (!removed.has(key(fault))) return fault.field === '' ? [] : [fault];
      const parent = fault.field.split('.').slice(0, -1).join('.');
      return parent === '' ? [] : [{ ...fault, field: parent }];
    });
    if (next.length === 0) return undefined;
    for (const fault of next) removed.set(key(fault), fault);
    trimmed = withoutFields(trimmed, next);
    const faults = faultsIn(trimmed);
    left = systematicFaults(trimmed, faults);
    if (left.length === 0) return { data: trimmed, faults, removed: [...removed.values()] };
  }
  return undefined;
}

/**
 * `served`, with its drawn records that break the draft left out, and fields no value fits left out
 * where the records hold without them (each said in the log); throws where a schema breaks every
 * record of a collection. The built-in contract's records are its own, never checked here.
 */
export function drawnRecordsThatFit(
  served: ServedContract,
  recordFaultsOf: (contract: Contract, data: DataSet) => readonly RecordFault[],
  log: (line: string) => void = () => {},
): ServedContract {
  if (!served.draft) return served;
  // A field a record holds beside its schema's is projected out of answers that declare fewer.
  const faultsIn = (data: DataSet) =>
    recordFaultsOf(served.contract, data).filter(
      (fault) => !(fault.outsideSchema && isProjectedAway(served.resources, fault)),
    );
  const faults = faultsIn(served.fixtures);
  if (faults.length === 0) return served;
  const systematic = systematicFaults(served.fixtures, faults);
  if (systematic.length > 0) {
    const trimmed = withoutOptionalFaults(served.fixtures, systematic, faultsIn, served.resources);
    if (trimmed) {
      log(
        `No value the mock draws meets these fields of ${served.draft.shown}, which it leaves out of the records it draws (a request that sends one is refused; give each a schema a value fits):\n` +
          `${[...new Set(trimmed.removed.map((fault) => `  ${fault.list}: ${fault.field}`))].join('\n')}\n` +
          declaredPlaces(served.draft, served.resources, systematic).trimEnd(),
      );
      return { ...served, fixtures: freezeDataSet(withoutFaultyRecords(trimmed.data, trimmed.faults)) };
    }
    // Records that cannot do without the field, whose one fault is to meet several branches of a
    // oneOf whose branches overlap, are served as they are, their answers marked; the others are
    // draws that missed (PagerDuty's acknowledgement entries: a kind whose type its base refuses).
    const overlapsOnly = overlapOnlyFault(served);
    const overlapping = systematic.filter((fault) => overlapsOnly(served.fixtures, fault));
    const keepsSome = (list: string) => overlapping.some((fault) => fault.list === list);
    if (overlapping.length > 0 && systematic.every((fault) => keepsSome(fault.list))) {
      log(
        `The records of ${overlapsOnly.lists().join(', ')} meet more than one branch of a oneOf of ${served.draft.shown}, whose branches overlap: they are served as drawn, each answer marked with X-Mock-Contract-Gap. Make it an anyOf, or make its branches exclude each other.`,
      );
      // A record that meets its schema once each oneOf is an anyOf is kept, whatever else Ajv
      // said of the branches it does not meet.
      const place = (fault: RecordFault) => JSON.stringify([fault.list, fault.index]);
      const kept = new Set(faults.filter((fault) => overlapsOnly(served.fixtures, fault)).map(place));
      return {
        ...served,
        fixtures: freezeDataSet(
          withoutFaultyRecords(
            served.fixtures,
            faults.filter((fault) => !kept.has(place(fault))),
          ),
        ),
      };
    }
  }
  const texts = systematic.map((fault) => fault.text);
  if (systematic.length > 0)
    throw new ConfigError(
      `The contract ${served.draft.shown} cannot be served: the records the mock draws from it break its own schemas in ${placesOf(texts)}:\n${describeFaults(texts)}\n` +
        declaredPlaces(served.draft, served.resources, systematic) +
        'Each such schema asks for what no value the mock draws meets (parts that contradict each other, a pattern against a length, a const outside an enum, a not, an if/then/else): give those fields a schema a value fits',
    );
  return { ...served, fixtures: freezeDataSet(withoutFaultyRecords(served.fixtures, faults)) };
}

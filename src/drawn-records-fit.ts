// A draft's records as the mock draws them must hold under it: served as they are, each read of a
// record that breaks its schema is a 500. A fault every record of a collection has at one field
// is the schema's (its parts contradict each other, a pattern against a length, a not, an
// if/then/else: nothing the mock draws meets it), and the draft is refused, naming each field. A
// record that breaks it otherwise (one draw that missed) is left out of the data: never served.
import { ConfigError } from './config.js';
import { describePlace } from './openapi/contract-source/contract-refusal.js';
import type { ContractDraft } from './openapi/contract-source/read-contract-file.js';
import type { RecordFault } from './openapi/data-set-check.js';
import { fieldSchemaPointer } from './openapi/field-schema-place.js';
import type { Contract } from './openapi/load-contract.js';
import type { ResourceModel } from './openapi/resource-types.js';
import type { ServedContract } from './served-contract.js';
import { describeFaults, placesOf } from './store/data-file-reader.js';
import { type DataSet, freezeDataSet } from './store/data-set.js';
import { ownValue } from './store/own-keys.js';

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

/**
 * `served`, with its drawn records that break the draft left out; throws where a schema breaks
 * every record of a collection. The built-in contract's records are its own, never checked here.
 */
export function drawnRecordsThatFit(
  served: ServedContract,
  recordFaultsOf: (contract: Contract, data: DataSet) => readonly RecordFault[],
): ServedContract {
  if (!served.draft) return served;
  // A field a record holds beside its schema's is projected out of answers that declare fewer.
  const faults = recordFaultsOf(served.contract, served.fixtures).filter(
    (fault) => !(fault.outsideSchema && isProjectedAway(served.resources, fault)),
  );
  if (faults.length === 0) return served;
  const systematic = systematicFaults(served.fixtures, faults);
  const texts = systematic.map((fault) => fault.text);
  if (systematic.length > 0)
    throw new ConfigError(
      `The contract ${served.draft.shown} cannot be served: the records the mock draws from it break its own schemas in ${placesOf(texts)}:\n${describeFaults(texts)}\n` +
        declaredPlaces(served.draft, served.resources, systematic) +
        'Each such schema asks for what no value the mock draws meets (parts that contradict each other, a pattern against a length, a const outside an enum, a not, an if/then/else): give those fields a schema a value fits',
    );
  return { ...served, fixtures: freezeDataSet(withoutFaultyRecords(served.fixtures, faults)) };
}

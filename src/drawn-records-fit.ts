// A draft's records as the mock draws them must hold under it: served as they are, each read of a
// record that breaks its schema is a 500. A fault every record of a collection has at one field
// is the schema's (its parts contradict each other, a pattern against a length, a not, an
// if/then/else: nothing the mock draws meets it), and the draft is refused, naming each field. A
// record that breaks it otherwise (one draw that missed) is left out of the data: never served.
import { ConfigError } from './config.js';
import type { RecordFault } from './openapi/data-set-check.js';
import type { Contract } from './openapi/load-contract.js';
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
  const faults = recordFaultsOf(served.contract, served.fixtures).filter((fault) => !fault.outsideSchema);
  if (faults.length === 0) return served;
  const systematic = systematicFaults(served.fixtures, faults).map((fault) => fault.text);
  if (systematic.length > 0)
    throw new ConfigError(
      `The contract ${served.draft.shown} cannot be served: the records the mock draws from it break its own schemas in ${placesOf(systematic)}:\n${describeFaults(systematic)}\n` +
        'Each such schema asks for what no value the mock draws meets (parts that contradict each other, a pattern against a length, a const outside an enum, a not, an if/then/else): give those fields a schema a value fits',
    );
  return { ...served, fixtures: freezeDataSet(withoutFaultyRecords(served.fixtures, faults)) };
}

// Finds a stored record by its id without walking the whole list at each request. Where ids are
// numbered in order (the usual: a counter's records), by arithmetic. Else the positions of a
// list's records are learnt once per list (per array: a list replaced by a new array, as a delete
// does, starts afresh) and checked each time one is used. Records appended since are looked for
// at the end only. A record found elsewhere (records moved in place) makes the positions be learnt
// again; an id that no record has costs one walk, as a plain search does.
// With 100,000 pets, reading the last one walked 100,000 records per request.

import type { RecordKey, StoredRecord } from './data-set.js';

export type IdLookup<T> = (list: readonly T[], id: RecordKey) => T | undefined;

type Positions = { byId: Map<RecordKey, number>; learnt: number };
/**
 * What is known of a list: while its records stand where their ids say (ids numbered from the
 * first record's, one by one: a counter's records, none removed), a record is found by
 * arithmetic, and no positions are learnt at all (with a million pets, tens of MB and a quarter
 * of a second at the first read). Once that fails, positions are learnt.
 */
type Known = { firstId: number | undefined; positions: Positions | undefined };

export function createIdLookup<T extends object>(idOf: (record: T) => unknown): IdLookup<T> {
  const knownOf = new WeakMap<readonly T[], Known>();

  /** Adds the records from `start` on to what is known (the first record of an id wins, as in a search). */
  const learn = (list: readonly T[], positions: Positions, start: number) => {
    for (let position = start; position < list.length; position += 1) {
      const id = idOf(list[position] as T);
      if ((typeof id === 'number' || typeof id === 'string') && !positions.byId.has(id))
        positions.byId.set(id, position);
    }
    positions.learnt = list.length;
  };
  const learnAfresh = (list: readonly T[], known: Known) => {
    const positions: Positions = { byId: new Map(), learnt: 0 };
    learn(list, positions, 0);
    known.positions = positions;
    return positions;
  };
  const atKnownPosition = (list: readonly T[], positions: Positions, id: RecordKey) => {
    const position = positions.byId.get(id);
    const record = position === undefined ? undefined : list[position];
    return record !== undefined && idOf(record) === id ? record : undefined;
  };
  const knownAbout = (list: readonly T[]): Known => {
    let known = knownOf.get(list);
    if (!known) {
      const first = list.length > 0 ? idOf(list[0] as T) : undefined;
      known = { firstId: Number.isSafeInteger(first) ? (first as number) : undefined, positions: undefined };
      knownOf.set(list, known);
    }
    return known;
  };

  return (list, id) => {
    const known = knownAbout(list);
    if (known.firstId !== undefined && known.positions === undefined && typeof id === 'number') {
      const guess = list[id - known.firstId];
      if (guess !== undefined && idOf(guess) === id) return guess;
    }
    const positions = known.positions ?? learnAfresh(list, known);
    const found = atKnownPosition(list, positions, id);
    if (found) return found;
    if (positions.learnt < list.length) {
      learn(list, positions, positions.learnt);
      const appended = atKnownPosition(list, positions, id);
      if (appended) return appended;
    }
    const searched = list.find((record) => idOf(record) === id);
    if (searched) learnAfresh(list, known);
    return searched;
  };
}

const lookups = new Map<string, IdLookup<StoredRecord>>();

/** The lookup of records by the field `keyField`: one per field, shared by every list it keys. */
export function lookupBy(keyField: string): IdLookup<StoredRecord> {
  let lookup = lookups.get(keyField);
  if (!lookup) {
    lookup = createIdLookup<StoredRecord>((record) => record[keyField]);
    lookups.set(keyField, lookup);
  }
  return lookup;
}

// An edit of the data file made by hand while serving (serve --watch), taken when it keeps the
// contract. The writes made through the API that the file does not hold yet (the journal's, not
// folded into it when the edit was saved) are kept on top of it, except where the edit changed the
// same record: then the edit wins (hand-edit-merge.ts). The log says which were kept and which the
// edit overrode. An edit that breaks the contract is not taken: the last good data is served, and
// the file is not written over until an edit is taken (the journal keeps the writes meanwhile).
import type { ListChanges } from './change-set.js';
import { DataFileError, describeFaults, identityOfFile, placesOf, readDataFile } from './data-file-reader.js';
import { type KeyFields, keyFieldsOf } from './data-set.js';
import { mergeHandEdit, removedNames } from './hand-edit-merge.js';
import type { JournaledFile } from './journaled-file.js';
import { ownValue } from './own-keys.js';
import { sameIdentity } from './worker-file-steps.js';

const STILL_SERVING = 'Still serving the last good data: fix the file and save it again.';
/** The most record names a line lists. */
const MOST_NAMES = 10;

const listed = (names: readonly string[]) =>
  names.length <= MOST_NAMES
    ? names.join(', ')
    : `${names.slice(0, MOST_NAMES).join(', ')} and ${names.length - MOST_NAMES} more`;

export type EditChecks = {
  checkRecords?: (data: import('./data-set.js').DataSet) => string[];
  /** The key field of each collection the contract describes (a breed's code), to name records by. */
  keyFields?: KeyFields;
  log: (line: string) => void;
  /** The format's lists the contract's data holds; all by default. */
  lists?: readonly string[];
};

export function takeHandEdit(
  location: string,
  file: JournaledFile,
  { checkRecords, keyFields, log, lists }: EditChecks,
): Promise<void> {
  return file.exclusively(async (state) => {
    // A file that changes while it is read is still being saved: read it again.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const before = await identityOfFile(location);
      if (before === undefined || sameIdentity(before, state.identity)) return;
      let refusal: string | undefined;
      let taken:
        | { read: NonNullable<Awaited<ReturnType<typeof readDataFile>>>; merge: ReturnType<typeof mergeHandEdit> }
        | undefined;
      try {
        const read = await readDataFile(location, lists);
        if (read) {
          const merge = mergeHandEdit(state.version.data, read.data, state.since);
          const faults = checkRecords?.(merge.data) ?? [];
          if (faults.length > 0)
            refusal = `The data file ${location} was edited, and breaks the contract in ${placesOf(faults)}:\n${describeFaults(faults)}\n${STILL_SERVING}`;
          else taken = { read, merge };
        }
      } catch (error) {
        if (!(error instanceof DataFileError)) throw error;
        refusal = error.message.replace(/ It was left untouched: .*$/s, ` ${STILL_SERVING}`);
      }
      const after = await identityOfFile(location);
      if (!sameIdentity(before, after)) continue;
      if (!taken) {
        log(refusal ?? `The data file ${location} was edited away. Still serving the last good data.`);
        return;
      }
      const { read, merge } = taken;
      try {
        await state.adopt(read, after, merge.kept, merge.data);
      } catch (error) {
        log(
          `The data file ${location} was edited, but its journal could not be restarted over the edit (${(error as Error).message}). Still serving the last good data: save the file again once the disk can be written.`,
        );
        return;
      }
      const { data } = merge;
      const knownKeyFields = keyFields ?? keyFieldsOf([]);
      const keyFieldOf = (list: string) =>
        knownKeyFields(list) ??
        (state.since.map((set) => ownValue(set.lists, list)).find(Boolean) as ListChanges | undefined)?.keyField ??
        'id';
      const removed = removedNames(state.live, data, keyFieldOf);
      const lines = [
        `The data file ${location} was edited: now serving it (${data.pets.length} pets, ${data.categories.length} categories, ${data.orders.length} orders, ${data.apiKeys.length} keys).`,
      ];
      if (read.journalSequence < state.version.journalSequence)
        lines.push(
          `It was saved over a newer version of the file (yours has journalSequence ${read.journalSequence}, the mock had written ${state.version.journalSequence}): where they differ, your edit wins.`,
        );
      if (merge.keptNames.length > 0)
        lines.push(
          `Kept ${merge.keptNames.length} writes made through the API that the file did not hold yet: ${listed(merge.keptNames)}.`,
        );
      if (merge.overriddenNames.length > 0)
        lines.push(
          `Your edit wins over ${merge.overriddenNames.length} writes made through the API to records it changed: ${listed(merge.overriddenNames)}.`,
        );
      if (removed.length > 0) lines.push(`It removes ${removed.length} records served until now: ${listed(removed)}.`);
      log(lines.join(' '));
      return;
    }
  });
}

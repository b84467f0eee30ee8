// Records the suite could not make, by the resource they are of (recordKeyOf), with why: the checks
// that would need one are skipped saying so, and the others run (a document's create of files
// that only takes a multipart upload must not fail every check of the run).
const unmade = new Map<string, string>();

export function noteUnmade(record: string, reason: string): void {
  if (!unmade.has(record)) unmade.set(record, reason);
}

/** Why the suite has no record of `record` (recordKeyOf), where it tried to make one and could not. */
export function whyUnmade(record: string): string | undefined {
  return unmade.get(record);
}

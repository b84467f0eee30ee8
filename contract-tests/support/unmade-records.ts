// Records the suite could not make, by the path parameter that names them, with why: the checks
// that would need one are skipped saying so, and the others run (a document's create of files
// that only takes a multipart upload must not fail every check of the run).
const unmade = new Map<string, string>();

export function noteUnmade(parameter: string, reason: string): void {
  if (!unmade.has(parameter)) unmade.set(parameter, reason);
}

/** Why the suite has no record named by `parameter`, where it tried to make one and could not. */
export function whyUnmade(parameter: string): string | undefined {
  return unmade.get(parameter);
}

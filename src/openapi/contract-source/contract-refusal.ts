// Why a contract file given at run time is not served: each problem where it is written (file,
// line, column), what is wrong, and what to do. One error carries them all, so that a draft is
// fixed in one pass rather than one start per problem.
import { isAbsolute, relative, resolve } from 'node:path';

/** What kind of fault: the mock's --watch and the tests tell them apart by this. */
export type ProblemKind =
  /** A file that cannot be read: missing, not a file, unreadable. */
  | 'unreadable'
  /** Not JSON or YAML, or YAML the mock refuses (several documents, duplicate keys). */
  | 'syntax'
  /** A $ref that cannot be followed, or may not be: outside the folder, a URL, a cycle. */
  | 'reference'
  /** Beyond a bound of contract-limits.ts: too large, too deep, too many aliases or files. */
  | 'limit'
  /** Not a valid OpenAPI 3.0 or 3.1 document (its schema). */
  | 'openapi'
  /** Valid OpenAPI that the mock cannot serve: an operation name used twice, a base path the mock's routes take. */
  | 'unservable';

export type SourcePosition = {
  /** The file as shown: relative to the working directory when under it, else absolute; or a URL. */
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
};

export type ContractProblem = {
  kind: ProblemKind;
  file: string;
  line?: number;
  column?: number;
  /** Where in the bundled document (a JSON pointer), for faults of the document's content. */
  pointer?: string;
  /** What is wrong and what to do, in a sentence or two. */
  message: string;
};

/** Problems listed in the message; the error's `problems` holds them all. */
const LISTED_PROBLEMS = 20;

/** "file:line:column", or as much of it as is known. */
export function describePlace(problem: Pick<ContractProblem, 'file' | 'line' | 'column'>): string {
  if (problem.line === undefined) return problem.file;
  return `${problem.file}:${problem.line}${problem.column === undefined ? '' : `:${problem.column}`}`;
}

/** A path as a person finds it: relative to the working directory when under it; URLs as they are. */
export function showPath(location: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(location)) return location;
  const absolute = resolve(location);
  const fromHere = relative(process.cwd(), absolute);
  return fromHere !== '' && !fromHere.startsWith('..') && !isAbsolute(fromHere) ? fromHere : absolute;
}

export class ContractRefusal extends Error {
  /** The contract's first file, as shown. */
  readonly file: string;
  readonly problems: readonly ContractProblem[];
  /** The command line's exit code: what was given cannot be used, as for a bad option. */
  readonly exitCode = 2;
  /** The problems, each at its place, without what to do: a watched edit says that its own way. */
  readonly listing: string;

  constructor(file: string, problems: readonly ContractProblem[]) {
    const listed = problems
      .slice(0, LISTED_PROBLEMS)
      .map((problem) => `  ${describePlace(problem)}  ${problem.message}`);
    const more = problems.length - listed.length;
    const listing = [
      `The contract ${file} cannot be served (${problems.length === 1 ? 'one problem' : `${problems.length} problems`}):`,
      ...listed,
      ...(more > 0 ? [`  ... and ${more} more of the same kinds.`] : []),
    ].join('\n');
    super(`${listing}\nFix the file named on each line and start again.`);
    this.listing = listing;
    this.name = 'ContractRefusal';
    this.file = file;
    this.problems = problems;
  }
}

// The run's selection checked against the contract before anything is sent: an operation, tag
// or kind of check the contract does not have is a mistake (a typo would otherwise select
// nothing, and a run of nothing would look green).
import { ALL_CHECK_KINDS } from './check-kinds.js';
import { listOperations } from './support/contract-spec.js';
import { SCOPE_NAME } from './support/target.js';

export class SelectionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SelectionError';
  }
}

export type Selection = { operations?: string[]; tags?: string[]; checks?: string[]; scope?: string };

function unknownNames(option: string, given: string[] | undefined, known: string[]): string | undefined {
  const unknown = (given ?? []).filter((name) => !known.includes(name));
  if (unknown.length === 0) return undefined;
  return `${option} names ${unknown.map((name) => `"${name}"`).join(', ')}, which the contract does not have; it has: ${known.join(', ')}.`;
}

export function checkSelection(selection: Selection): void {
  const operations = listOperations();
  if (operations.length === 0)
    throw new SelectionError(
      'The contract declares no operation (its paths are empty: a document of webhooks only, say), so there is nothing to check. Give the contract of the API the server answers.',
    );
  const problems = [
    unknownNames(
      '--operations',
      selection.operations,
      operations.map((operation) => operation.operationId),
    ),
    unknownNames('--tags', selection.tags, [...new Set(operations.flatMap((operation) => operation.tags))]),
    unknownNames('--checks', selection.checks, ALL_CHECK_KINDS),
    selection.scope === undefined || SCOPE_NAME.test(selection.scope)
      ? undefined
      : `--scope "${selection.scope}" is not a scope name: 1 to 64 letters, digits, ".", "_" or "-".`,
  ].filter((problem): problem is string => problem !== undefined);
  if (problems.length > 0) throw new SelectionError(problems.join('\n'));
}

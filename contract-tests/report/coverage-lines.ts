// The console's section on the contract's operations. A line for each operation with a check
// failed or skipped, those unchecked grouped by why, one line naming the ones fully passed, and
// each skip reason once, numbered: a contract of hundreds of operations stays a screenful.
import {
  type Coverage,
  type KindCoverage,
  kindsOf,
  type OperationCoverage,
  OUTSIDE,
  totalsOf,
  wantsAttention,
} from './operation-coverage.js';

/** How many operations get a line of their own; the JUnit XML and the HTML report show every one. */
export const OPERATION_LINES_SHOWN = 30;
/** How many names a line that only names operations shows. */
const NAMES_SHOWN = 8;

const namesOf = (operations: readonly OperationCoverage[]) => {
  const shown = operations.slice(0, NAMES_SHOWN).map((operation) => operation.name);
  const rest = operations.length - shown.length;
  return rest > 0 ? `${shown.join(', ')} and ${rest} more` : shown.join(', ');
};

/** "conformance ✓1, generated ✓6 ✗2": the kinds that ran, with their passed and failed checks. */
function kindsRan(kinds: readonly KindCoverage[]): string {
  return kinds
    .filter((kind) => kind.passed + kind.failed > 0)
    .map((kind) => [kind.kind, kind.passed > 0 ? `✓${kind.passed}` : '', kind.failed > 0 ? `✗${kind.failed}` : ''])
    .map((parts) => parts.filter(Boolean).join(' '))
    .join(', ');
}

/**
 * "lists 1 [1], rate-limits 1 [2]": the kinds skipped, each reason by its number in `reasons`.
 * A reason that starts with the operation's own name reads "it ...": one number for them all.
 */
function kindsSkipped(operation: OperationCoverage, reasons: string[]): string {
  const number = (reason: string) => {
    const said = reason.startsWith(`${operation.name} `) ? `it${reason.slice(operation.name.length)}` : reason;
    if (!reasons.includes(said)) reasons.push(said);
    return reasons.indexOf(said) + 1;
  };
  return operation.kinds
    .flatMap((kind) => kind.reasons.map((skip) => `${kind.kind} ${skip.checks} [${number(skip.reason)}]`))
    .join(', ');
}

function operationLine(operation: OperationCoverage, reasons: string[]): string {
  const ran = kindsRan(operation.kinds) || 'no check ran to its end';
  const skipped = kindsSkipped(operation, reasons);
  return `  ${operation.name}: ${ran}${skipped ? `; skipped ${skipped}` : ''}`;
}

/** The unchecked operations, a line for each reason. */
function uncheckedLines(operations: readonly OperationCoverage[]): string[] {
  const byReason = new Map<string, OperationCoverage[]>();
  for (const operation of operations)
    if (operation.noCheck !== undefined)
      byReason.set(operation.noCheck, [...(byReason.get(operation.noCheck) ?? []), operation]);
  return [...byReason].map(
    ([reason, unchecked]) => `  No check ran on ${unchecked.length} (${reason}): ${namesOf(unchecked)}`,
  );
}

export function renderCoverage(coverage: Coverage): string[] {
  const { operations } = coverage;
  if (operations.length === 0) return [];
  const checked = operations.filter((operation) => operation.noCheck === undefined);
  const detailed = checked.filter(wantsAttention).sort((a, b) => totalsOf(b).failed - totalsOf(a).failed);
  const clean = checked.filter((operation) => !wantsAttention(operation));
  const reasons: string[] = [];
  const lines = [
    `By operation: ${checked.length} of the contract's ${operations.length} checked (✓ passed, ✗ failed, [n] why skipped):`,
    ...detailed.slice(0, OPERATION_LINES_SHOWN).map((operation) => operationLine(operation, reasons)),
  ];
  const hidden = detailed.length - OPERATION_LINES_SHOWN;
  if (hidden > 0)
    lines.push(`  … and ${hidden} more with a check failed or skipped: the JUnit XML and the HTML report show each`);
  if (clean.length > 0) lines.push(`  Every check passed, none skipped, on ${clean.length}: ${namesOf(clean)}`);
  for (const line of uncheckedLines(operations)) lines.push(line);
  if (coverage.outside.length > 0)
    lines.push(operationLine({ name: OUTSIDE, kinds: kindsOf(coverage.outside), checks: [] }, reasons));
  reasons.forEach((reason, index) => {
    lines.push(`  [${index + 1}] ${reason}`);
  });
  return lines;
}

// Each operation of the contract with the kinds of check that ran on it (passed, failed) and
// those skipped with why, for the console, JUnit and HTML reports alike. A check is an
// operation's when its title starts with the operation's name ("listPets: ...", "GET /tags: ...").
import { ALL_CHECK_KINDS } from '../check-kinds.js';
import { type CheckResult, operationOf } from './check-results.js';

/** Why checks of one kind were skipped, and how many were. */
export type SkipReason = { reason: string; checks: number };

/** The checks of one kind on one operation. */
export type KindCoverage = { kind: string; passed: number; failed: number; skipped: number; reasons: SkipReason[] };

export type OperationCoverage = {
  /** Its operationId, or "GET /path" where it has none. */
  name: string;
  /** Its kinds, in the order the suite lists them. */
  kinds: KindCoverage[];
  checks: CheckResult[];
  /** Why no check ran on it, when none did. */
  noCheck?: string;
  /** Whether the run's selection (--operations, --tags, --stable-only) left it out. */
  leftOut?: true;
};

/** An operation of the contract, with what to say if no check of it ran. */
export type ContractOperation = { name: string; whyUnchecked: string; leftOut?: true };

export type Coverage = {
  /** Every operation of the contract, in its order. */
  operations: OperationCoverage[];
  /** Checks of no single operation: paths with none, the run's own failures. */
  outside: CheckResult[];
};

/** What the reports call the checks of no single operation. */
export const OUTSIDE = '(no single operation)';

/** Said of a check whose skip gave no reason (none of the suite's do). */
const NO_REASON = 'no reason given';

export function coverageOf(checks: readonly CheckResult[], operations: readonly ContractOperation[]): Coverage {
  const names = new Set(operations.map((operation) => operation.name));
  const byOperation = new Map<string, CheckResult[]>();
  const outside: CheckResult[] = [];
  for (const check of checks) {
    const name = operationOf(check.title, names);
    if (name === undefined) outside.push(check);
    else byOperation.set(name, [...(byOperation.get(name) ?? []), check]);
  }
  const seen = new Set<string>();
  const covered: OperationCoverage[] = [];
  for (const { name, whyUnchecked, leftOut } of operations) {
    if (seen.has(name)) continue;
    seen.add(name);
    const own = byOperation.get(name) ?? [];
    const unchecked = own.length === 0 ? { noCheck: whyUnchecked, ...(leftOut ? { leftOut } : {}) } : {};
    covered.push({ name, kinds: kindsOf(own), checks: own, ...unchecked });
  }
  return { operations: covered, outside };
}

/** The checks tallied by kind, each kind's skips grouped by their reason. */
export function kindsOf(checks: readonly CheckResult[]): KindCoverage[] {
  const kinds = new Map<string, KindCoverage>();
  for (const check of checks) {
    const kind = check.checkKind ?? check.kind;
    const tally = kinds.get(kind) ?? { kind, passed: 0, failed: 0, skipped: 0, reasons: [] };
    tally[check.status] += 1;
    if (check.status === 'skipped') {
      const reason = check.skipReason ?? NO_REASON;
      const known = tally.reasons.find((candidate) => candidate.reason === reason);
      if (known) known.checks += 1;
      else tally.reasons.push({ reason, checks: 1 });
    }
    kinds.set(kind, tally);
  }
  // Kinds the suite does not list (the run's own failures) go last.
  const rank = (kind: string) => {
    const index = (ALL_CHECK_KINDS as readonly string[]).indexOf(kind);
    return index === -1 ? ALL_CHECK_KINDS.length : index;
  };
  return [...kinds.values()].sort((a, b) => rank(a.kind) - rank(b.kind));
}

type Totals = Record<CheckResult['status'], number>;

/** The operation's checks that passed, failed and were skipped. */
export function totalsOf(operation: Pick<OperationCoverage, 'kinds'>): Totals {
  const sum = (status: CheckResult['status']) => operation.kinds.reduce((total, kind) => total + kind[status], 0);
  return { passed: sum('passed'), failed: sum('failed'), skipped: sum('skipped') };
}

/** Whether a report shows the operation in full: a check failed or skipped, or none ran though it was selected. */
export function wantsAttention(operation: OperationCoverage): boolean {
  const totals = totalsOf(operation);
  return (operation.noCheck !== undefined && !operation.leftOut) || totals.failed > 0 || totals.skipped > 0;
}

/** Failed first, then skipped or unchecked, then the rest, then those left out; the contract's order within each. */
export function byAttention(operations: readonly OperationCoverage[]): OperationCoverage[] {
  const rank = (operation: OperationCoverage) =>
    totalsOf(operation).failed > 0 ? 0 : wantsAttention(operation) ? 1 : operation.leftOut ? 3 : 2;
  return operations
    .map((operation, index) => ({ operation, index }))
    .sort((a, b) => rank(a.operation) - rank(b.operation) || a.index - b.index)
    .map(({ operation }) => operation);
}

// What a run of the suite found: each check with its kind, its describe blocks, its outcome and
// what failed. The progress reporter writes it; the runner, the summary and the JUnit XML read it.
import type { CheckKind } from '../check-kinds.js';

export type CheckStatus = 'passed' | 'failed' | 'skipped';

export type CheckResult = {
  /** The title of the kind's block (the first describe). */
  kind: string;
  /** The kind by the name --checks takes; none for what failed outside any check. */
  checkKind?: CheckKind;
  /** The describe blocks around the check, outermost first. */
  groups: string[];
  /** The check's own title: "operationId: rule" for the checks of one operation. */
  title: string;
  status: CheckStatus;
  /** Why a skipped check was skipped, as its title ends. */
  skipReason?: string;
  failure?: string;
  durationMs: number;
};

/** The results file: every check, what failed outside any check (the suite not loading), requests sent, notes. */
export type SuiteResults = {
  checks: CheckResult[];
  errors: string[];
  requests?: number;
  notes?: string[];
  /** Checks skipped while they ran (a key without room, another client), not for want of an option. */
  skippedWhileRunning?: number;
};

export function checkStatus(jestStatus: string): CheckStatus {
  return jestStatus === 'passed' ? 'passed' : jestStatus === 'failed' ? 'failed' : 'skipped';
}

/**
 * The operation a check is about, read from its title ("listPets: ...", "GET /tags: ..."), if it
 * names one of `operationNames`: a name without an operationId holds a space and a slash.
 */
export function operationOf(title: string, operationNames: ReadonlySet<string>): string | undefined {
  for (let colon = title.indexOf(': '); colon > 0; colon = title.indexOf(': ', colon + 1)) {
    const prefix = title.slice(0, colon);
    if (operationNames.has(prefix)) return prefix;
  }
  return undefined;
}

/** A failure's text without jest's stack lines and "Error: " prefixes: what a person needs. */
export function cleanFailure(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^\s+at /.test(line))
    .join('\n')
    .replace(/^(Error: |ContractViolation: )+/, '')
    .trim();
}

/** One line of a failure: its problems, what was expected and what came back. */
export function failureSummary(text: string): string {
  const lines = cleanFailure(text).split('\n');
  const pick = (label: string) =>
    lines
      .find((line) => line.trimStart().startsWith(label))
      ?.trim()
      .replace(/\s+/g, ' ');
  return [lines[0], pick('Expected:'), pick('Got:')].filter(Boolean).join(' | ');
}

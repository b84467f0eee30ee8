// What a run of the suite found: each check with its kind, its describe blocks, its outcome and
// what failed. The progress reporter writes it; the runner, the summary and the JUnit XML read it.

export type CheckStatus = 'passed' | 'failed' | 'skipped';

export type CheckResult = {
  /** The title of the kind's block (the first describe). */
  kind: string;
  /** The describe blocks around the check, outermost first. */
  groups: string[];
  /** The check's own title: "operationId: rule" for the checks of one operation. */
  title: string;
  status: CheckStatus;
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

/** The operation a check is about, read from its title ("listPets: ..."), if it names one of `operationIds`. */
export function operationOf(title: string, operationIds: ReadonlySet<string>): string | undefined {
  const prefix = /^([A-Za-z][\w-]*): /.exec(title)?.[1];
  return prefix !== undefined && operationIds.has(prefix) ? prefix : undefined;
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

// The distinct causes of a run's failures: many checks fail for one fault (a header that is
// always wrong fails every operation), so a QA engineer reads the faults first. A cause is a
// problem a failure names, with what varies from request to request (numbers, times, URLs,
// ids) set aside; a check that names two problems counts toward both.
import { type CheckResult, cleanFailure } from './check-results.js';

export type Cause = {
  /** The problem, with the values that vary written as N, <time>, <url>, "…". */
  cause: string;
  /** The failed checks that name it, in the order they ran. */
  checks: CheckResult[];
  /** The first of them: its problem as reported, and the curl line that sends its request again. */
  example: { title: string; problem: string; reproduce?: string };
};

/** "operationId: " and the error's own name ("GeneratedCaseFailure: "), which say nothing of the fault. */
const PREFIX = /^([a-z][A-Za-z0-9]*|[A-Z][A-Za-z]*(Failure|Error|Violation)): /;

/** A failure's problems, as its first line lists them ("operationId: one; two"). */
export function problemsOf(failure: string): string[] {
  let first = cleanFailure(failure).split('\n')[0] ?? '';
  while (PREFIX.test(first)) first = first.replace(PREFIX, '');
  const problems = first
    .split('; ')
    .map((problem) => problem.trim())
    .filter(Boolean);
  return problems.length > 0 ? problems : ['(no message)'];
}

/** The problem with its varying values set aside, so that the same fault reads the same. */
export function causeOf(problem: string): string {
  return (
    problem
      .replace(/\b\d{4}-\d{2}-\d{2}[Tt ][\d:.]+([Zz]|[+-]\d{2}:?\d{2})?/g, '<time>')
      .replace(/\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT\b/g, '<time>')
      .replace(/https?:\/\/[^\s"'<>,;)]+/g, '<url>')
      .replace(/\b[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}\b/gi, '<id>')
      .replace(/"[^"]{24,}"/g, '"…"')
      // An HTTP status is the fault itself ("status 422, expected 400", "declared: 201, 400"): it stays.
      .replace(/(?<![\w-])-?\d+(\.\d+)?(?![\w-])/g, (number, _fraction, offset: number, text: string) =>
        /((status|expected|HTTP|gets|got) |declared: [\d, ]*)$/.test(text.slice(Math.max(0, offset - 160), offset))
          ? number
          : 'N',
      )
  );
}

function reproduceOf(failure: string): string | undefined {
  return /^\s*Reproduce:\s+(.+)$/m.exec(cleanFailure(failure))?.[1]?.trim();
}

/** The distinct causes of the failed checks, the most frequent first. */
export function groupByCause(checks: readonly CheckResult[]): Cause[] {
  const causes = new Map<string, Cause>();
  for (const check of checks) {
    if (check.status !== 'failed') continue;
    const failure = check.failure ?? '';
    for (const problem of new Set(problemsOf(failure))) {
      const key = causeOf(problem);
      const known = causes.get(key);
      if (known) {
        if (!known.checks.includes(check)) known.checks.push(check);
        continue;
      }
      const reproduce = reproduceOf(failure);
      causes.set(key, {
        cause: key,
        checks: [check],
        example: { title: check.title, problem, ...(reproduce ? { reproduce } : {}) },
      });
    }
  }
  return [...causes.values()].sort((a, b) => b.checks.length - a.checks.length);
}

/** How many causes the text summary shows; the HTML report shows them all. */
export const CAUSES_SHOWN = 10;

/** The lines printed before the closing counts: each cause, its count and one example. */
export function renderCauses(causes: readonly Cause[], failedChecks: number): string[] {
  if (causes.length === 0) return [];
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  const lines = [
    `Distinct causes of failure: ${plural(causes.length, 'cause')} across ${plural(failedChecks, 'failed check')}` +
      ' (a check may show more than one):',
  ];
  causes.slice(0, CAUSES_SHOWN).forEach((cause, index) => {
    lines.push(`  ${index + 1}. ${plural(cause.checks.length, 'check')}: ${cause.cause}`);
    lines.push(`     e.g. ${cause.example.title}: ${cause.example.problem}`);
    if (cause.example.reproduce) lines.push(`     Reproduce: ${cause.example.reproduce}`);
  });
  const rest = causes.slice(CAUSES_SHOWN);
  if (rest.length > 0) {
    const checks = new Set(rest.flatMap((cause) => cause.checks)).size;
    lines.push(
      `  … and ${plural(rest.length, 'more cause')} (${plural(checks, 'check')}): the failures above list them.`,
    );
  }
  return lines;
}

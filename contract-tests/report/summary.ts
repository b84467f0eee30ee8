// The summary printed at the end of a run: each failure with what to do, any notes (where the
// JUnit XML went, how to reproduce), what ran on each operation, the distinct causes of failure,
// why checks were skipped, then the counts on the last line.

import type { ContractRunResult } from '../run-contract-suite.js';
import { groupByCause, renderCauses } from './causes.js';
import { cleanFailure } from './check-results.js';
import { renderCoverage } from './coverage-lines.js';

export function renderSummary(result: ContractRunResult, baseUrl: string, notes: string[] = []): string {
  let lines: string[] = [];
  // Checks that failed the same way (a failed set-up fails every check after it) show once.
  const byMessage = new Map<string, string[]>();
  for (const check of result.checks.filter((candidate) => candidate.status === 'failed')) {
    const message = cleanFailure(check.failure ?? '');
    byMessage.set(message, [...(byMessage.get(message) ?? []), check.title]);
  }
  for (const [message, names] of byMessage) {
    const others = names.length > 1 ? ` (and ${names.length - 1} more check(s) that failed the same way)` : '';
    lines.push(`✗ ${names[0]}${others}`, message.replace(/^/gm, '    '), '');
  }
  if (notes.length > 0) lines = lines.concat(notes, '');
  const coverage = renderCoverage(result.coverage);
  if (coverage.length > 0) lines = lines.concat(coverage, '');
  const causes = renderCauses(groupByCause(result.checks), result.failed);
  if (causes.length > 0) lines = lines.concat(causes, '');
  // Why checks were skipped (their titles end with the reason, e.g. "(needs --rate-limit-key)").
  const skipped = result.checks.filter((check) => check.status === 'skipped');
  if (skipped.length > 0) {
    lines.push(`Skipped: ${skipped.length} ${skipped.length === 1 ? 'check' : 'checks'}, each with why:`);
    for (const check of skipped) lines.push(`  - ${[...check.groups.slice(1), check.title].join(' › ')}`);
    lines.push('');
  }
  lines.push(
    `Contract suite against ${baseUrl}: ${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped (seed ${result.seed}).`,
  );
  return lines.join('\n');
}

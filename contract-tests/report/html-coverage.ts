// The HTML report's section on the contract's operations: a table for each, of the kinds of
// check that ran on it and those skipped with why. Those with a check failed or skipped, or none
// run, come first and open; the fully passed, then those the selection left out, stay one closed
// line each, so hundreds still scan.
import {
  byAttention,
  type Coverage,
  kindsOf,
  type OperationCoverage,
  OUTSIDE,
  totalsOf,
  wantsAttention,
} from './operation-coverage.js';

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export const COVERAGE_STYLE = `
details.operation table { margin: 6px 0 2px; table-layout: fixed; } details.operation ul { margin: 0; padding-left: 18px; }
details.operation th:first-child { width: 12em; } details.operation th:nth-child(n+2):nth-child(-n+4) { width: 5em; }
details.operation .totals { color: #5a6475; }`;

function kindRows(operation: OperationCoverage): string {
  return operation.kinds
    .map((kind) => {
      const reasons = kind.reasons
        .map((skip) => `<li>${escapeHtml(skip.reason)}${skip.checks > 1 ? ` (${skip.checks} checks)` : ''}</li>`)
        .join('');
      return `<tr><td><code>${escapeHtml(kind.kind)}</code></td><td class="n">${kind.passed}</td><td class="n">${kind.failed}</td><td class="n">${kind.skipped}</td><td>${reasons ? `<ul>${reasons}</ul>` : ''}</td></tr>`;
    })
    .join('\n');
}

function operationTable(operation: OperationCoverage): string {
  const totals = totalsOf(operation);
  const said =
    operation.noCheck === undefined
      ? `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`
      : 'no check ran';
  const body =
    operation.noCheck === undefined
      ? `<table><thead><tr><th>kind of check</th><th>passed</th><th>failed</th><th>skipped</th><th>why skipped</th></tr></thead><tbody>
${kindRows(operation)}
</tbody></table>`
      : `<p class="none">No check ran: ${escapeHtml(operation.noCheck)}.</p>`;
  return `<details class="operation" data-operation="${escapeHtml(operation.name)}"${wantsAttention(operation) ? ' open' : ''}>
<summary><span class="op">${escapeHtml(operation.name)}</span> <span class="totals">${said}</span></summary>
${body}</details>`;
}

export function renderCoverageSection(coverage: Coverage): string {
  const checked = coverage.operations.filter((operation) => operation.noCheck === undefined).length;
  const { outside } = coverage;
  const tables = byAttention(coverage.operations).map(operationTable);
  if (outside.length > 0) tables.push(operationTable({ name: OUTSIDE, kinds: kindsOf(outside), checks: outside }));
  return `<h2 id="operations">By operation (${checked} of the contract's ${coverage.operations.length} checked)</h2>
${tables.join('\n')}`;
}

// `contract --html FILE`: one self-contained page of a run (its styles and script inline, no
// network, opens offline): the counts, a summary by cause, a table per operation of the kinds of
// check that ran and were skipped, and every failure with what was sent, expected and got, and
// its curl line; filters by cause and operation.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { groupByCause } from './causes.js';
import { type CheckResult, cleanFailure, operationOf } from './check-results.js';
import { COVERAGE_STYLE, escapeHtml, renderCoverageSection } from './html-coverage.js';
import { type Coverage, OUTSIDE, totalsOf } from './operation-coverage.js';

export type HtmlRun = {
  baseUrl: string;
  seed: number;
  passed: number;
  failed: number;
  skipped: number;
  checks: readonly CheckResult[];
};

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 24px; color: #1d2330; background: #fff; }
h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 16px; margin: 28px 0 8px; }
.meta { color: #5a6475; margin-bottom: 12px; }
.counts span { display: inline-block; padding: 4px 10px; border-radius: 4px; margin-right: 8px; font-weight: 600; }
.passed { background: #e3f5e8; color: #17602e; } .failed { background: #fde7e7; color: #9b1c1c; }
.skipped { background: #eef0f4; color: #4a5263; }
table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #e3e6ec; vertical-align: top; }
th { background: #f5f6f9; font-weight: 600; } td.n { text-align: right; font-variant-numeric: tabular-nums; width: 4em; }
code, pre { font: 12px/1.4 ui-monospace, Menlo, Consolas, monospace; } pre { white-space: pre-wrap; word-break: break-all; margin: 6px 0 0; background: #f7f8fa; padding: 8px; border-radius: 4px; }
.example { color: #4a5263; font-size: 13px; } button.show { font-size: 12px; }
.filters { margin: 8px 0 12px; display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
details { border: 1px solid #e3e6ec; border-radius: 4px; margin: 6px 0; padding: 6px 10px; }
details summary { cursor: pointer; } details summary .op { font-weight: 600; }
.none { color: #4a5263; }${COVERAGE_STYLE}`;

const SCRIPT = `
const causeFilter = document.getElementById('cause-filter');
const operationFilter = document.getElementById('operation-filter');
function applyFilters() {
  const cause = causeFilter.value, operation = operationFilter.value;
  let shown = 0;
  for (const failure of document.querySelectorAll('details.failure')) {
    const visible = (cause === '' || failure.dataset.causes.split(' ').includes(cause)) &&
      (operation === '' || failure.dataset.operation === operation);
    failure.hidden = !visible;
    if (visible) shown += 1;
  }
  document.getElementById('shown').textContent = String(shown);
}
causeFilter.addEventListener('change', applyFilters);
operationFilter.addEventListener('change', applyFilters);
for (const button of document.querySelectorAll('button.show')) {
  button.addEventListener('click', () => {
    causeFilter.value = button.dataset.cause;
    operationFilter.value = '';
    applyFilters();
    document.getElementById('failures').scrollIntoView();
  });
}
applyFilters();`;

/** The page's HTML. */
export function renderHtmlReport(run: HtmlRun, coverage: Coverage): string {
  const causes = groupByCause(run.checks);
  const failures = run.checks.filter((check) => check.status === 'failed');
  const names = new Set(coverage.operations.map((operation) => operation.name));
  const operationLabel = (check: CheckResult) => operationOf(check.title, names) ?? OUTSIDE;
  const failing = [
    ...coverage.operations.filter((operation) => totalsOf(operation).failed > 0).map((operation) => operation.name),
    ...(coverage.outside.some((check) => check.status === 'failed') ? [OUTSIDE] : []),
  ];

  const causeRows = causes
    .map(
      (cause, index) => `<tr><td class="n">${index + 1}</td><td class="n">${cause.checks.length}</td><td>
<code>${escapeHtml(cause.cause)}</code>
<div class="example">e.g. ${escapeHtml(cause.example.title)}: ${escapeHtml(cause.example.problem)}</div>
${cause.example.reproduce ? `<pre>${escapeHtml(cause.example.reproduce)}</pre>` : ''}</td>
<td><button class="show" data-cause="${index + 1}">show these failures</button></td></tr>`,
    )
    .join('\n');
  const failureItems = failures
    .map((check) => {
      const causeNumbers = causes.flatMap((cause, index) => (cause.checks.includes(check) ? [index + 1] : []));
      const text = cleanFailure(check.failure ?? '');
      return `<details class="failure" data-causes="${causeNumbers.join(' ')}" data-operation="${escapeHtml(operationLabel(check))}">
<summary><span class="op">${escapeHtml(check.title)}</span> <span class="kind">(${escapeHtml(check.kind)})</span></summary>
<pre>${escapeHtml(text)}</pre></details>`;
    })
    .join('\n');
  const option = (value: string, label: string) => `<option value="${escapeHtml(value)}">${escapeHtml(label)}</option>`;

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Contract suite: ${run.passed} passed, ${run.failed} failed</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<style>${STYLE}</style></head>
<body>
<h1>Contract suite against <code>${escapeHtml(run.baseUrl)}</code></h1>
<div class="meta">seed ${run.seed} · run again with <code>--seed ${run.seed}</code></div>
<div class="counts"><span class="passed">${run.passed} passed</span><span class="failed">${run.failed} failed</span><span class="skipped">${run.skipped} skipped</span></div>
<h2>Distinct causes of failure (${causes.length})</h2>
${causes.length > 0 ? `<table id="causes"><thead><tr><th>#</th><th>checks</th><th>cause, with one example</th><th></th></tr></thead><tbody>\n${causeRows}\n</tbody></table>` : '<p class="none">No check failed.</p>'}
${renderCoverageSection(coverage)}
<h2 id="failures">Failures (<span id="shown">${failures.length}</span> shown of ${failures.length})</h2>
<div class="filters"><label>cause <select id="cause-filter">${option('', 'every cause')}${causes.map((cause, index) => option(String(index + 1), `${index + 1}. ${cause.cause.slice(0, 90)}`)).join('')}</select></label>
<label>operation <select id="operation-filter">${option('', 'every operation')}${failing.map((name) => option(name, name)).join('')}</select></label></div>
${failureItems || '<p class="none">No check failed.</p>'}
<script>${SCRIPT}</script>
</body></html>
`;
}

/** Writes the page (folders are created); returns its absolute path. */
export async function writeHtmlReport(file: string, run: HtmlRun, coverage: Coverage): Promise<string> {
  const path = resolve(file);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, renderHtmlReport(run, coverage));
  return path;
}

// `sdk-check --html FILE`: one self-contained page (no network, opens offline): each case's
// verdict and why, and the client's requests drawn by the dashboard's own timeline chart
// (dashboard/timeline.js with uPlot, both inlined), so that the page and the dashboard agree. On a
// contract of its own (--contract), the page says what the run read from it, which cases ran as it
// allows and which were skipped, with why.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { PACKAGE_ROOT } from '../package-root.js';
import type { ContractProfile } from './contract-profile.js';
import { caseFacts, profileFacts } from './describe-profile.js';
import type { CaseResult } from './run-case.js';
import { tally, VERDICT_MARKS } from './run-sdk-check.js';
import type { SeenRequest } from './seen-requests.js';

/** Each verdict's section class and words. */
const SHOWN = {
  passed: { kind: 'pass', words: 'passed' },
  failed: { kind: 'fail', words: 'failed' },
  'not-exercised': { kind: 'idle', words: 'not exercised' },
  undetermined: { kind: 'idle', words: 'undetermined' },
  skipped: { kind: 'skip', words: 'skipped' },
} as const;

const UPLOT_FOLDER = join(dirname(createRequire(import.meta.url).resolve('uplot/package.json')), 'dist');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const cell = (value: number | undefined) => (value === undefined ? '' : `${value.toFixed(3)} s`);

/** A table of them, folded under a summary; nothing where the client sent none. */
function seenRequestsHtml(seen: readonly SeenRequest[]): string {
  if (seen.length === 0) return '';
  const rows = seen.map(
    (request, index) =>
      `<tr><td>${index + 1}</td><td><code>${escapeHtml(`${request.method} ${request.path}`)}</code></td><td>${cell(request.cameSeconds)}</td><td>${request.connection}${request.opensConnection ? ' (new)' : ''}</td><td>${request.status ?? ''}${request.broken ? ' (broken)' : ''}</td><td>${cell(request.answeredSeconds)}</td><td>${cell(request.waitUntilSeconds)}</td><td>${cell(request.leftSeconds)}</td></tr>`,
  );
  return `<details class="seen"><summary>the requests as the mock saw them (times from the first)</summary><table>
<thead><tr><th>#</th><th>request</th><th>came</th><th>connection</th><th>status</th><th>answer out</th><th>told to wait until</th><th>client left</th></tr></thead>
<tbody>${rows.join('')}</tbody></table></details>`;
}

/** dashboard/timeline.js as a classic script over the global uPlot: same code, no module loading. */
async function timelineScript(): Promise<string> {
  const source = await readFile(join(PACKAGE_ROOT, 'dashboard', 'timeline.js'), 'utf8');
  return source.replace(/^import uPlot from '\.\/vendor\/uplot\.js';$/m, '').replace(/^export /gm, '');
}

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 24px; color: #1d2330; }
h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 16px; margin: 0; }
.meta { color: #5a6475; margin-bottom: 16px; }
.summary span { display: inline-block; padding: 4px 10px; border-radius: 4px; margin-right: 8px; font-weight: 600; }
.passed { background: #e3f5e8; color: #17602e; } .failed { background: #fde7e7; color: #9b1c1c; }
.not-exercised, .skipped { background: #eef0f4; color: #3d4555; }
dl.contract { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0 0 16px; }
dl.contract dt { color: #5a6475; } dl.contract dd { margin: 0; }
section.case { border: 1px solid #e3e6ec; border-radius: 6px; padding: 12px 16px; margin: 14px 0; }
section.case header { display: flex; gap: 12px; align-items: baseline; }
.mark { font-weight: 700; } .pass .mark { color: #17602e; } .fail .mark { color: #9b1c1c; } .idle .mark, .skip .mark { color: #3d4555; }
.reproduces { color: #4a5263; } ul { margin: 6px 0; } .reasons li { color: #9b1c1c; } .notes li, .adapted li { color: #4a5263; }
.legend { display: flex; flex-wrap: wrap; gap: 4px 14px; font-size: 12px; color: #4a5263; margin-top: 4px; }
.legend i { display: inline-block; width: 10px; height: 10px; border-radius: 5px; margin-right: 4px; vertical-align: -1px; }
details.seen table { border-collapse: collapse; font-size: 12px; margin: 6px 0; }
details.seen th, details.seen td { text-align: left; padding: 2px 10px 2px 0; border-bottom: 1px solid #eef0f4; }
details pre { white-space: pre-wrap; font: 12px/1.4 ui-monospace, Menlo, monospace; background: #f7f8fa; padding: 8px; }`;

const PAGE_SCRIPT = `
for (const section of document.querySelectorAll('section.case')) {
  const timeline = CASES[Number(section.dataset.index)].timeline;
  const holder = section.querySelector('.chart');
  if (!holder) continue;
  createTimelineChart(holder).update(timeline);
  const legend = section.querySelector('.legend');
  for (const entry of legendOf(timeline)) {
    const item = document.createElement('span');
    const swatch = document.createElement('i');
    swatch.style.background = entry.color;
    item.append(swatch, entry.label + (entry.count === undefined ? '' : ': ' + entry.count));
    legend.append(item);
  }
}`;

/** What the run read from the contract given, and how the cases ran on it. */
function contractSection(results: readonly CaseResult[], profile: ContractProfile | undefined): string {
  if (!profile) return '';
  const planned = results.map((result) => ({
    case: result.case,
    adapted: result.adapted ?? [],
    ...(result.verdict.status === 'skipped' ? { skipped: result.verdict.notes[0] ?? 'skipped' } : {}),
  }));
  const rows = [...profileFacts(profile), ...caseFacts(planned)]
    .map(([label, text]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(text)}</dd>`)
    .join('');
  return `<dl class="contract">${rows}</dl>`;
}

export async function renderHtmlReport(
  results: readonly CaseResult[],
  command: string,
  profile?: ContractProfile,
): Promise<string> {
  const [uplot, uplotCss, timeline] = await Promise.all([
    readFile(join(UPLOT_FOLDER, 'uPlot.iife.min.js'), 'utf8'),
    readFile(join(UPLOT_FOLDER, 'uPlot.min.css'), 'utf8'),
    timelineScript(),
  ]);
  const count = (status: keyof typeof SHOWN) => results.filter((result) => result.verdict.status === status).length;
  const cases = results.map((result) => ({ name: result.case.name, timeline: result.timeline, seen: result.seen }));
  const sections = results
    .map(({ case: testCase, verdict, run, output, adapted, seen }, index) => {
      const list = (items: string[], kind: string) =>
        items.length > 0
          ? `<ul class="${kind}">${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`
          : '';
      const shown = SHOWN[verdict.status];
      return `<section class="case ${shown.kind}" data-index="${index}" data-case="${escapeHtml(testCase.name)}">
<header><span class="mark">${VERDICT_MARKS[verdict.status]} ${shown.words}</span><h2>${escapeHtml(testCase.name)}</h2>
<span class="reproduces">${escapeHtml(testCase.reproduces)}</span></header>
${list(verdict.reasons, 'reasons')}${list(verdict.notes, 'notes')}${list(
  (adapted ?? []).map((note) => `on this contract: ${note}`),
  'adapted',
)}
${
  verdict.status === 'skipped'
    ? ''
    : `<div class="chart"></div><div class="legend"></div>
${seenRequestsHtml(seen)}<details><summary>the client's output (exit code ${run.exitCode ?? 'none'}, ${run.seconds.toFixed(1)} s)</summary><pre>${escapeHtml(output || '(nothing)')}</pre></details>`
}
</section>`;
    })
    .join('\n');
  const data = JSON.stringify(cases).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>sdk-check: ${tally(results)}</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<style>${uplotCss}${STYLE}</style></head>
<body>
<h1>petstore-mock sdk-check</h1>
<div class="meta">client: <code>${escapeHtml(command)}</code></div>
<div class="summary"><span class="passed">${count('passed')} passed</span><span class="failed">${count('failed')} failed</span>${count('not-exercised') > 0 ? `<span class="not-exercised">${count('not-exercised')} not exercised</span>` : ''}${count('undetermined') > 0 ? `<span class="not-exercised">${count('undetermined')} undetermined</span>` : ''}${count('skipped') > 0 ? `<span class="skipped">${count('skipped')} skipped</span>` : ''}</div>
${contractSection(results, profile)}
${sections}
<script>${uplot}</script>
<script>${timeline}
const CASES = ${data};
${PAGE_SCRIPT}</script>
</body></html>
`;
}

export async function writeHtmlReport(
  file: string,
  results: readonly CaseResult[],
  command: string,
  profile?: ContractProfile,
): Promise<string> {
  const path = resolve(file);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, await renderHtmlReport(results, command, profile));
  return path;
}

// JUnit XML for CI: one <testsuite> per operation of the contract, named after it, with its
// kinds of check as <properties> (checks of no single operation are grouped by their block).
// A case's classname is "operation.kind": Jenkins shows the part before the last dot as a
// package and the rest as a class, GitLab shows it as the case's suite, so both list per
// operation which kinds ran. A skip's reason is both its <skipped message>, which Jenkins shows,
// and its text, which GitLab shows. An operation no check ran gets one skipped case saying why,
// or neither would show it at all; one the run's selection left out, only a property: skips by
// the hundred would bury what was asked for. Each failure's expected/got summary is its
// `message`, the whole report its text.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { type CheckResult, cleanFailure, failureSummary } from './check-results.js';
import type { Coverage, KindCoverage, OperationCoverage } from './operation-coverage.js';

// XML 1.0 cannot hold control characters other than tab and line ends at all: they are replaced.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to find
const NOT_IN_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

const escapeXml = (text: string) =>
  text
    .replace(NOT_IN_XML, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const seconds = (ms: number) => (ms / 1000).toFixed(3);

const skippedBecause = (reason: string) =>
  `      <skipped message="${escapeXml(reason)}">${escapeXml(reason)}</skipped>`;

function testCase(check: CheckResult, classname: string): string {
  const open = `    <testcase classname="${escapeXml(classname)}" name="${escapeXml(check.title)}" time="${seconds(check.durationMs)}"`;
  if (check.status === 'skipped') return `${open}>\n${skippedBecause(check.skipReason ?? '')}\n    </testcase>`;
  if (check.status === 'passed') return `${open}/>`;
  const text = check.failure ?? '';
  return `${open}>\n      <failure message="${escapeXml(failureSummary(text))}">${escapeXml(cleanFailure(text))}</failure>\n    </testcase>`;
}

/** "1 passed, 0 failed, 2 skipped: why (1); why (1)": one kind's checks on one operation. */
function kindValue(kind: KindCoverage): string {
  const why = kind.reasons.map((skip) => `${skip.reason} (${skip.checks})`).join('; ');
  return `${kind.passed} passed, ${kind.failed} failed, ${kind.skipped} skipped${why ? `: ${why}` : ''}`;
}

function properties(entries: ReadonlyArray<[string, string]>): string[] {
  if (entries.length === 0) return [];
  return [
    '    <properties>',
    ...entries.map(([name, value]) => `      <property name="${escapeXml(name)}" value="${escapeXml(value)}"/>`),
    '    </properties>',
  ];
}

function suite(
  name: string,
  cases: string[],
  counts: { tests: number; failed: number; skipped: number; ms: number },
  props: string[],
): string {
  return [
    `  <testsuite name="${escapeXml(name)}" tests="${counts.tests}" failures="${counts.failed}" errors="0" skipped="${counts.skipped}" time="${seconds(counts.ms)}">`,
    ...props,
    ...cases,
    '  </testsuite>',
  ].join('\n');
}

const countsOf = (checks: readonly CheckResult[]) => ({
  tests: checks.length,
  failed: checks.filter((check) => check.status === 'failed').length,
  skipped: checks.filter((check) => check.status === 'skipped').length,
  ms: checks.reduce((sum, check) => sum + check.durationMs, 0),
});

function operationSuite(operation: OperationCoverage): string {
  if (operation.leftOut && operation.noCheck !== undefined)
    return suite(operation.name, [], countsOf([]), properties([['no check ran', operation.noCheck]]));
  if (operation.noCheck !== undefined) {
    const unchecked = `    <testcase classname="${escapeXml(`${operation.name}.no check`)}" name="no check ran" time="0.000">\n${skippedBecause(operation.noCheck)}\n    </testcase>`;
    return suite(
      operation.name,
      [unchecked],
      { tests: 1, failed: 0, skipped: 1, ms: 0 },
      properties([['no check ran', operation.noCheck]]),
    );
  }
  const cases = operation.checks.map((check) => testCase(check, `${operation.name}.${check.checkKind ?? check.kind}`));
  const props = properties(operation.kinds.map((kind) => [`kind.${kind.kind}`, kindValue(kind)]));
  return suite(operation.name, cases, countsOf(operation.checks), props);
}

export function renderJunit(coverage: Coverage): string {
  const outside = new Map<string, CheckResult[]>();
  for (const check of coverage.outside) outside.set(check.kind, [...(outside.get(check.kind) ?? []), check]);
  const suites = [
    ...coverage.operations.map(operationSuite),
    ...[...outside].map(([name, checks]) =>
      suite(
        name,
        checks.map((check) => testCase(check, check.kind)),
        countsOf(checks),
        [],
      ),
    ),
  ];
  const unchecked = coverage.operations.filter(
    (operation) => operation.noCheck !== undefined && !operation.leftOut,
  ).length;
  const all = countsOf([...coverage.operations.flatMap((operation) => operation.checks), ...coverage.outside]);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="petstore-mock contract" tests="${all.tests + unchecked}" failures="${all.failed}" errors="0" skipped="${all.skipped + unchecked}" time="${seconds(all.ms)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

/** Writes the XML where asked, creating the folders on the way. */
export async function writeJunit(file: string, coverage: Coverage): Promise<string> {
  const path = resolve(file);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, renderJunit(coverage));
  return path;
}

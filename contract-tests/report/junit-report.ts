// JUnit XML for CI: one <testsuite> per operation, named after it (checks of no single
// operation are grouped by their kind), and each failure's expected/got summary in its
// `message`, the whole report in its text. jest-junit groups by test file and writes no message.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { type CheckResult, cleanFailure, failureSummary, operationOf } from './check-results.js';

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

function testCase(check: CheckResult): string {
  const open = `    <testcase classname="${escapeXml(check.kind)}" name="${escapeXml(check.title)}" time="${seconds(check.durationMs)}"`;
  if (check.status === 'skipped') return `${open}>\n      <skipped/>\n    </testcase>`;
  if (check.status === 'passed') return `${open}/>`;
  const text = check.failure ?? '';
  return `${open}>\n      <failure message="${escapeXml(failureSummary(text))}">${escapeXml(cleanFailure(text))}</failure>\n    </testcase>`;
}

function suite(name: string, checks: CheckResult[]): string {
  const count = (status: CheckResult['status']) => checks.filter((check) => check.status === status).length;
  const time = checks.reduce((sum, check) => sum + check.durationMs, 0);
  return [
    `  <testsuite name="${escapeXml(name)}" tests="${checks.length}" failures="${count('failed')}" errors="0" skipped="${count('skipped')}" time="${seconds(time)}">`,
    ...checks.map(testCase),
    '  </testsuite>',
  ].join('\n');
}

export function renderJunit(checks: CheckResult[], operationIds: ReadonlySet<string>): string {
  const suites = new Map<string, CheckResult[]>();
  for (const check of checks) {
    const name = operationOf(check.title, operationIds) ?? check.kind;
    suites.set(name, [...(suites.get(name) ?? []), check]);
  }
  const failures = checks.filter((check) => check.status === 'failed').length;
  const skipped = checks.filter((check) => check.status === 'skipped').length;
  const time = checks.reduce((sum, check) => sum + check.durationMs, 0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="petstore-mock contract" tests="${checks.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(time)}">`,
    ...[...suites].map(([name, members]) => suite(name, members)),
    '</testsuites>',
    '',
  ].join('\n');
}

/** Writes the XML where asked, creating the folders on the way. */
export async function writeJunit(
  file: string,
  checks: CheckResult[],
  operationIds: ReadonlySet<string>,
): Promise<string> {
  const path = resolve(file);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, renderJunit(checks, operationIds));
  return path;
}

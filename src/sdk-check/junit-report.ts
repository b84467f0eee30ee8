// JUnit XML of an sdk-check run: one test per case, its reasons as the failure (a case the client
// did not exercise, and one the contract served could not run, is skipped).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { CaseResult } from './run-case.js';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char] ?? char,
  );

export function renderJunit(results: readonly CaseResult[]): string {
  const failures = results.filter((result) => result.verdict.status === 'failed').length;
  const skipped = results.filter((result) =>
    ['not-exercised', 'undetermined', 'skipped'].includes(result.verdict.status),
  ).length;
  const time = results.reduce((sum, result) => sum + result.run.seconds, 0).toFixed(3);
  const cases = results.map(({ case: testCase, verdict, run, output }) => {
    const open = `    <testcase classname="sdk-check" name="${escapeXml(testCase.name)}: ${escapeXml(testCase.reproduces)}" time="${run.seconds.toFixed(3)}"`;
    const log = `      <system-out>${escapeXml([...verdict.notes, '', output].join('\n'))}</system-out>`;
    if (verdict.status === 'passed') return `${open}>\n${log}\n    </testcase>`;
    // Not exercised, undetermined, or not run on this contract: neither passed nor failed, as JUnit's skipped says.
    if (verdict.status === 'not-exercised' || verdict.status === 'undetermined' || verdict.status === 'skipped')
      return `${open}>\n      <skipped message="${escapeXml(verdict.notes.at(-1) ?? verdict.status)}"/>\n${log}\n    </testcase>`;
    return `${open}>\n      <failure message="${escapeXml(verdict.reasons.join('; '))}">${escapeXml(verdict.reasons.join('\n'))}</failure>\n${log}\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="petstore-mock sdk-check" tests="${results.length}" failures="${failures}" skipped="${skipped}" time="${time}">`,
    `  <testsuite name="sdk-check" tests="${results.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${time}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

export async function writeJunit(file: string, results: readonly CaseResult[]): Promise<string> {
  const path = resolve(file);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, renderJunit(results));
  return path;
}

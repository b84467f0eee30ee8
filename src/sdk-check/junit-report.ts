// JUnit XML of an sdk-check run: one test per case, its reasons as the failure.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { CaseResult } from './run-case.js';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char] ?? char,
  );

export function renderJunit(results: readonly CaseResult[]): string {
  const failures = results.filter((result) => !result.verdict.passed).length;
  const time = results.reduce((sum, result) => sum + result.run.seconds, 0).toFixed(3);
  const cases = results.map(({ case: testCase, verdict, run, output }) => {
    const open = `    <testcase classname="sdk-check" name="${escapeXml(testCase.name)}: ${escapeXml(testCase.reproduces)}" time="${run.seconds.toFixed(3)}"`;
    const log = `      <system-out>${escapeXml([...verdict.notes, '', output].join('\n'))}</system-out>`;
    if (verdict.passed) return `${open}>\n${log}\n    </testcase>`;
    return `${open}>\n      <failure message="${escapeXml(verdict.reasons.join('; '))}">${escapeXml(verdict.reasons.join('\n'))}</failure>\n${log}\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="petstore-mock sdk-check" tests="${results.length}" failures="${failures}" time="${time}">`,
    `  <testsuite name="sdk-check" tests="${results.length}" failures="${failures}" errors="0" time="${time}">`,
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

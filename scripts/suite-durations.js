#!/usr/bin/env node
// Writes scripts/suite-durations.json (each test file's duration in seconds, longest first) from
// the report of the last `npm test` (test-output/jest-report.json), or from the report given.
// scripts/test-sequencer.js reads it to start the longest files first on a fresh clone.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const reportFile = process.argv[2] ?? `${root}test-output/jest-report.json`;
const report = JSON.parse(readFileSync(reportFile, 'utf8'));
// The checkout the report was made in (a fresh clone's, maybe): the folder all its files share.
const names = report.testResults.map((suite) => suite.name);
let reportRoot = dirname(names[0] ?? root);
while (!names.every((name) => name.startsWith(`${reportRoot}${sep}`))) reportRoot = dirname(reportRoot);
const durations = report.testResults
  .map((suite) => [relative(reportRoot, suite.name), Math.round((suite.endTime - suite.startTime) / 100) / 10])
  .sort(([nameA, a], [nameB, b]) => b - a || nameA.localeCompare(nameB));
writeFileSync(
  new URL('./suite-durations.json', import.meta.url),
  `${JSON.stringify(Object.fromEntries(durations), null, 2)}\n`,
);
console.log(`scripts/suite-durations.json: ${durations.length} test files, from ${relative(root, reportFile)}.`);

#!/usr/bin/env node
// `npm test`: every check of the project, in order, then one plain closing line
// "N passed, N failed" that CI reads. Each non-jest step counts as one check; jest's tests
// count one each (read from its JSON report, so a run that executed no test shows as such).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ensureSystemPackages } from './system-packages.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const bin = (name) => `${root}node_modules/.bin/${name}`;
const REPORT = `${root}test-output/jest-report.json`;

const STEPS = [
  { name: 'generated types up to date', command: [process.execPath, 'scripts/generate-types.js', '--check'] },
  { name: 'typecheck (tsc --noEmit)', command: [bin('tsc'), '--noEmit'] },
  // The CLI tests run the built command, as users do, with what the build compiles ahead.
  { name: 'build (npm run build)', command: [process.execPath, 'scripts/build.js'] },
  { name: 'format and lint (biome)', command: [bin('biome'), 'check', '--error-on-warnings', '.'] },
  // The layering of docs/architecture.md's Layout: which folder may import which (.dependency-cruiser.cjs).
  {
    name: 'import rules (dependency-cruiser)',
    command: [bin('depcruise'), 'src', 'contract-tests', '--config', '.dependency-cruiser.cjs'],
  },
  {
    name: 'contract lint (spectral)',
    command: [
      bin('spectral'),
      'lint',
      '--fail-severity=warn',
      '--ruleset',
      '.spectral.yaml',
      'spec/petstore.yaml',
      'spec/control.yaml',
    ],
  },
];

// Chromium and redis-server come from Debian: installed here as root, or named in one line
// before any test runs, rather than 60 tests failing minutes later.
if (!ensureSystemPackages()) process.exit(1);

let passed = 0;
let failed = 0;
const failures = [];

function run(name, command, env = {}) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command[0], command.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

for (const step of STEPS) {
  if (run(step.name, step.command)) passed += 1;
  else {
    failed += 1;
    failures.push(step.name);
  }
}

mkdirSync(`${root}test-output`, { recursive: true });
const jestOk = run('unit, integration and contract tests (jest)', [
  process.execPath,
  '--experimental-vm-modules',
  'node_modules/jest/bin/jest.js',
  '--json',
  `--outputFile=${REPORT}`,
  ...process.argv.slice(2),
]);
try {
  const report = JSON.parse(readFileSync(REPORT, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A suite that fails to load runs no test: count it, or it would pass unnoticed.
  const brokenSuites = report.testResults.filter(
    (suite) => suite.status === 'failed' && suite.assertionResults.length === 0,
  );
  failed += brokenSuites.length;
  if (report.numTotalTests === 0) {
    failed += 1;
    failures.push('jest ran no test');
  }
  if (!jestOk && report.numFailedTests === 0 && brokenSuites.length === 0) {
    failed += 1;
    failures.push('jest exited with an error');
  }
} catch {
  failed += 1;
  failures.push('jest wrote no report');
}

if (failures.length > 0) console.log(`\nFailed steps: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

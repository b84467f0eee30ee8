#!/usr/bin/env node
// `npm test`: every check of the project, then one plain closing line "N passed, N failed" that
// CI reads. Each check besides jest counts as one; jest's tests count one each (read from its
// JSON report, so that a run that executed no test shows as such). The build comes first (the
// CLI tests run dist/); jest then runs one file more at a time than there are cores
// (jest.config.js). The other checks run one at a time from the start, beside the build and then
// beside jest, each printed whole as it ends: a fresh clone's run takes minutes, and says what it
// is doing all along.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { reasonToBuild } from './ensure-built.js';
import { countJestReport } from './jest-report-count.js';
import { runSteps } from './run-steps.js';
import { ensureSystemPackages, SYSTEM_PACKAGES } from './system-packages.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const bin = (name) => `${root}node_modules/.bin/${name}`;
const REPORT = `${root}test-output/jest-report.json`;
const TYPECHECK_STATE = 'test-output/typecheck.tsbuildinfo';

// The CLI tests run the built command, as users do, with what the build compiles ahead. A build
// that passed since the last change of any of its inputs (npm ci's, or the last npm test's) is
// not done again: scripts/ensure-built.js decides, as for npm start.
const BUILD = {
  name: `build (${reasonToBuild() ?? 'dist/ is up to date with every input of the build, kept'})`,
  command: [process.execPath, 'scripts/ensure-built.js'],
};

// Beside the build and jest, longest first. None reads dist/ or what the tests write (test-output/
// and temp folders).
const CHECKS = [
  // Incremental: tsc keeps what it learnt in test-output/ (per checkout, ignored), and next time
  // checks again only what changed and what depends on it (17 s of CPU from nothing, 5 s unchanged).
  {
    name: 'typecheck (tsc --noEmit)',
    command: [bin('tsc'), '--noEmit', '--incremental', '--tsBuildInfoFile', TYPECHECK_STATE],
  },
  // The layering of docs/architecture.md's Layout: which folder may import which (.dependency-cruiser.cjs).
  {
    name: 'import rules (dependency-cruiser)',
    command: [bin('depcruise'), 'src', 'contract-tests', '--config', '.dependency-cruiser.cjs'],
  },
  { name: 'generated types up to date', command: [process.execPath, 'scripts/generate-types.js', '--check'] },
  { name: 'format and lint (biome)', command: [bin('biome'), 'check', '--error-on-warnings', '.'] },
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

function runJest() {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--experimental-vm-modules',
        'node_modules/jest/bin/jest.js',
        '--json',
        `--outputFile=${REPORT}`,
        ...process.argv.slice(2),
      ],
      { cwd: root, stdio: 'inherit' },
    );
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}

// Chromium and redis-server come from Debian: installed here as root, or named in one line
// before any test runs, rather than 60 tests failing minutes later.
console.log(`▶ Debian packages the tests need (${SYSTEM_PACKAGES.map((entry) => entry.debianPackage).join(', ')})`);
if (!ensureSystemPackages()) process.exit(1);

// The checks read the sources, never dist/: they start with the build, whose tsc keeps one core
// busy for 20 s and leaves the other to them, and go on beside jest.
console.log(`▶ ${CHECKS.length} checks, one at a time, beside the build and then beside jest`);
const checking = runSteps(CHECKS, { cwd: root, lanes: 1 });
const [built] = await runSteps([BUILD], { cwd: root });

mkdirSync(`${root}test-output`, { recursive: true });
// A report left by an earlier run must not be read as this run's.
rmSync(REPORT, { force: true });
console.log('\n▶ unit, integration and contract tests (jest; each file is listed as it ends)');
const [jestOk, checked] = await Promise.all([runJest(), checking]);

let passed = 0;
let failed = 0;
const failures = [];
for (const step of [built, ...checked]) {
  if (step.ok) passed += 1;
  else {
    failed += 1;
    failures.push(step.name);
  }
}
let report;
try {
  report = JSON.parse(readFileSync(REPORT, 'utf8'));
} catch {
  report = undefined;
}
const counted = countJestReport(report, jestOk);
passed += counted.passed;
failed += counted.failed;
for (const failure of counted.failures) failures.push(failure);

if (failures.length > 0) console.log(`\nFailed steps: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

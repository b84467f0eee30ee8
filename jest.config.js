// Jest runs the TypeScript sources as ES modules (lowdb and faker ship ESM only), transformed by
// swc, which strips types without checking them: `npm run typecheck` does the checking.
import { availableParallelism } from 'node:os';

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': '@swc/jest' },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/{src,spec,contract-tests,scripts,test,bench}/**/*.test.ts'],
  // A bound on a test that hangs, not a measure of speed: two files at a time beside other work
  // make a test of a few seconds take several times as long, and it must still pass.
  testTimeout: 60_000,
  // One file more than there are cores (jest's default is one fewer): most files wait on
  // processes, sockets and disks more than they compute, and every file keeps to its own ports,
  // folders and Redis (docs/architecture.md, "Rules for a test"), so one more keeps the cores busy.
  maxWorkers: availableParallelism() + 1,
  testSequencer: '<rootDir>/scripts/test-sequencer.js',
  // Every temp file of the run in one folder, removed at its end (scripts/jest-temp-root.js).
  globalSetup: '<rootDir>/scripts/jest-temp-setup.js',
  globalTeardown: '<rootDir>/scripts/jest-temp-teardown.js',
  // Jest lists a file when it ends; without a terminal, a line every 30 s says what still runs.
  reporters: ['default', '<rootDir>/scripts/jest-heartbeat-reporter.js'],
};

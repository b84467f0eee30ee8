// Runs the contract suite (jest, in its own process) against a target, and reads back what
// passed and failed. Used by `petstore-mock contract` and by the suite's own proof tests.

import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../src/server/config.js';
import { readMainKey } from './key-reading.js';
import { keysFromMockControl, type MockControlKeys } from './mock-control-keys.js';
import { describeFoundPathValues, probeParents } from './parent-probe.js';
import type { CheckResult, SuiteResults } from './report/check-results.js';
import { writeHtmlReport } from './report/html-report.js';
import { writeJunit } from './report/junit-report.js';
import { type Coverage, coverageOf } from './report/operation-coverage.js';
import type { ProgressMode, ProgressOptions } from './report/progress-reporter.js';
import { contractOperations } from './report/unchecked.js';
import { checkSelection } from './selection.js';
import { listOperations } from './support/contract-spec.js';
import { describeKeys } from './support/key-roles.js';
import { CONFIG_VARIABLE, type ContractTarget, type SuiteConfig } from './support/target.js';

const require = createRequire(import.meta.url);

export type ContractRunOptions = ContractTarget & {
  /** Write JUnit XML here, for CI (folders are created). */
  junit?: string;
  /** Write one self-contained HTML page of the run here (folders are created). */
  html?: string;
  /** How progress is shown: lines (CI), one line in place (a terminal), or every check (--progress). */
  progress?: ProgressMode;
  /** Where progress goes (default: stderr); the proof tests keep it. */
  onProgress?: (text: string) => void;
};

export type { CheckResult } from './report/check-results.js';

export type ContractRunResult = {
  passed: number;
  failed: number;
  skipped: number;
  checks: CheckResult[];
  /** Every operation of the contract, with the kinds of check that ran on it and those skipped, with why. */
  coverage: Coverage;
  seed: number;
  /** The JUnit XML file written, if asked. */
  junit?: string;
  /** The HTML page written, if asked. */
  html?: string;
  /** Jest's own output, for when the suite could not run at all. */
  output: string;
  /** The plans of the keys read from a petstore-mock's state, in the order their variables are named. */
  planKeysReadFromMock?: string[];
  /** The depth the run went to (--examples): the main key's day may have lowered it. */
  examples?: number;
  /** Requests the checks sent. */
  requests?: number;
  /** The keys the run used, each with what it stands for (which variable is which key). */
  keyNotes: string[];
  /** What the run tells besides its checks (what its clean-up could not remove). */
  notes: string[];
};

/**
 * The compiled suite beside this module. Run from its TypeScript source (the suite's own
 * tests), it uses the build in dist/, which `npm test` makes first.
 */
const HERE = dirname(fileURLToPath(import.meta.url));
const SUITE_FOLDER = import.meta.url.endsWith('.ts') ? join(HERE, '..', 'dist', 'contract-tests') : HERE;
const REPORTER = join(SUITE_FOLDER, 'report', 'progress-reporter.js');

function jestConfig(reporter: ProgressOptions): object {
  return {
    rootDir: SUITE_FOLDER,
    roots: [join(SUITE_FOLDER, 'checks')],
    testMatch: ['**/checks/suite.contract.js'],
    // Installed, the suite lives under node_modules/, which jest leaves out by default (its
    // ignore patterns and its file map alike): the suite's own folder is all it looks at.
    testPathIgnorePatterns: [],
    haste: { retainAllFiles: true },
    watchman: false,
    testEnvironment: 'node',
    transform: {},
    // Every check is a concurrent test that the suite's scheduler runs: it keeps to --concurrency
    // and to each check's own time limit (--check-timeout), so jest's are out of its way.
    maxConcurrency: 100_000,
    testTimeout: 2_000_000_000,
    reporters: [[REPORTER, reporter]],
  };
}

/** Runs jest on the suite; progress arrives on its fd 3, everything else it prints is kept. */
function runJest(
  config: object,
  configFile: string,
  onProgress: (text: string) => void,
  onSpawn: (child: ChildProcess) => void,
): Promise<string> {
  const jestBin = join(dirname(require.resolve('jest/package.json')), 'bin', 'jest.js');
  const args = [
    '--experimental-vm-modules',
    '--no-warnings',
    jestBin,
    '--config',
    JSON.stringify(config),
    '--runInBand',
    '--ci',
  ];
  return new Promise((done) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, [CONFIG_VARIABLE]: configFile },
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    onSpawn(child);
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    (child.stdio[3] as Readable).on('data', (chunk: Buffer) => onProgress(chunk.toString()));
    child.on('close', () => done(output));
  });
}

function count(checks: CheckResult[], status: CheckResult['status']): number {
  return checks.filter((check) => check.status === status).length;
}

export async function runContractSuite(options: ContractRunOptions): Promise<ContractRunResult> {
  const { junit, html, progress = 'lines', onProgress, ...target } = options;
  checkSelection(target);
  const seed = target.seed ?? randomInt(2 ** 31 - 1);
  const show = onProgress ?? ((text: string) => process.stderr.write(text));
  const workFolder = await mkdtemp(join(tmpdir(), 'petstore-contract-'));
  let fromMock: MockControlKeys | undefined;
  let suite: ChildProcess | undefined;
  // Stopped (Ctrl-C, a CI job cancelled): the suite stops too, and the mock is left as it was.
  const stopWatch = onStopSignal(async () => {
    suite?.kill();
    await fromMock?.removeMadeKeys();
  });
  try {
    const usesMockControl =
      target.mockControl !== false && (!target.checks?.length || target.checks.includes('rate-limits'));
    fromMock = usesMockControl ? await keysFromMockControl(target) : undefined;
    if (fromMock) show(fromMock.note);
    const configFile = join(workFolder, 'target.json');
    const resultsFile = join(workFolder, 'results.json');
    const planFile = join(workFolder, 'plan.json');
    const outcomesFile = join(workFolder, 'outcomes.json');
    const mainKeyReading = await readMainKey(target, fromMock?.keyStates);
    // A banned main key fails every check the same way: one line says so instead.
    if (mainKeyReading.bannedForSeconds !== undefined) {
      throw new ConfigError(
        `The --api-key (${mainKeyReading.named}) is banned for another ${mainKeyReading.bannedForSeconds} s (its Retry-After), by an earlier run's --check-ban or another client, so no check was run. Run again once the ban is over, or give another key.`,
      );
    }
    // Before the config: a parent value found is used as one given, by the checks' registration too.
    const foundPathValues = await probeParents(target);
    for (const line of describeFoundPathValues(foundPathValues)) show(line);
    const pathValues = [...(target.pathValues ?? []), ...foundPathValues.map(({ name, value }) => ({ name, value }))];
    const suiteConfig: SuiteConfig = {
      ...target,
      ...(pathValues.length > 0 ? { pathValues } : {}),
      ...fromMock?.found,
      seed,
      planFile,
      outcomesFile,
      mainKeyReading,
      knownLimits: Object.fromEntries((fromMock?.keyStates ?? []).map((state) => [state.key, state.limits])),
    };
    const keyNotes = describeKeys(suiteConfig, target);
    if (keyNotes.length > 0) show(`${keyNotes.join('\n')}\n`);
    await writeFile(configFile, JSON.stringify(suiteConfig));
    const output = await runJest(
      jestConfig({ planFile, resultsFile, outcomesFile, progressFd: 3, mode: progress }),
      configFile,
      show,
      (child) => {
        suite = child;
      },
    );
    const results = JSON.parse(
      await readFile(resultsFile, 'utf8').catch(() => '{"checks":[],"errors":[]}'),
    ) as SuiteResults;
    const plan = await readFile(planFile, 'utf8').then(
      (text) => JSON.parse(text) as { checks: number; examples?: number },
      () => undefined,
    );
    const checks = [...results.checks];
    if (plan?.checks === 0) {
      // Nothing selected: jest's own complaint about an empty file says less than this.
      checks.push(suiteFailure('running at least one check', noCheckMessage(target)));
    } else {
      for (const error of results.errors) checks.push(suiteFailure('setting up the checks', error));
      if (checks.length === 0) checks.push(suiteFailure('running the suite', output.trim() || 'jest wrote no results'));
      // Only skipped checks: nothing was checked, which must not pass for a green run.
      else if (count(checks, 'passed') + count(checks, 'failed') === 0)
        checks.push(
          suiteFailure(
            'running at least one check',
            (results.skippedWhileRunning ?? 0) > 0
              ? 'No check ran to its end: each was skipped, with why (listed below), so nothing was checked.'
              : noCheckMessage(target),
          ),
        );
    }
    const coverage = coverageOf(checks, contractOperations(listOperations(), target, results.checks.length > 0));
    const counts = {
      passed: count(checks, 'passed'),
      failed: count(checks, 'failed'),
      skipped: count(checks, 'skipped'),
    };
    return {
      ...counts,
      checks,
      coverage,
      seed,
      output,
      keyNotes,
      notes: results.notes ?? [],
      ...(plan?.examples !== undefined ? { examples: plan.examples } : {}),
      ...(results.requests !== undefined ? { requests: results.requests } : {}),
      ...(fromMock?.found.planKeys
        ? {
            planKeysReadFromMock: fromMock.found.planKeys
              .filter(({ key }) => !fromMock?.found.madeKeys?.includes(key))
              .map(({ plan }) => plan),
          }
        : {}),
      ...(junit ? { junit: await writeJunit(junit, coverage) } : {}),
      ...(html
        ? { html: await writeHtmlReport(html, { baseUrl: target.baseUrl, seed, ...counts, checks }, coverage) }
        : {}),
    };
  } finally {
    stopWatch.release();
    await Promise.all([rm(workFolder, { recursive: true, force: true }), fromMock?.removeMadeKeys()]);
  }
}

/** Runs `cleanUp` on SIGINT or SIGTERM, then ends the process as the signal would have. */
function onStopSignal(cleanUp: () => Promise<void>): { release(): void } {
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const stop = (signal: NodeJS.Signals) => {
    release();
    void cleanUp().finally(() => process.kill(process.pid, signal));
  };
  const release = () => {
    for (const signal of signals) process.off(signal, stop);
  };
  for (const signal of signals) process.once(signal, stop);
  return { release };
}

function suiteFailure(title: string, failure: string): CheckResult {
  return { kind: 'the suite', groups: [], title, status: 'failed', failure, durationMs: 0 };
}

function noCheckMessage(target: ContractTarget): string {
  return `No check ran: the selection (${describeSelection(target)}) leaves no check that can run. Widen --operations, --tags, --checks or --stable-only.`;
}

function describeSelection(target: ContractTarget): string {
  const parts = [
    target.operations?.length ? `--operations ${target.operations.join(',')}` : '',
    target.tags?.length ? `--tags ${target.tags.join(',')}` : '',
    target.checks?.length ? `--checks ${target.checks.join(',')}` : '',
    target.stableOnly ? '--stable-only' : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : 'everything';
}

// Runs the contract suite (jest, in its own process) against a target, and reads back what
// passed and failed. Used by `petstore-mock contract` and by the suite's own proof tests.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIG_VARIABLE, type ContractTarget } from './support/target.js';

const require = createRequire(import.meta.url);

export type ContractRunOptions = ContractTarget & {
  /** Write JUnit XML here, for CI. */
  junit?: string;
  /** Show jest's own progress (default: only the summary is returned). */
  showProgress?: boolean;
};

export type CheckResult = { name: string; status: 'passed' | 'failed' | 'skipped'; failure?: string };

export type ContractRunResult = {
  passed: number;
  failed: number;
  skipped: number;
  checks: CheckResult[];
  /** Jest's own output, for when the suite could not run at all. */
  output: string;
};

type JestReport = {
  testResults: Array<{
    message: string;
    assertionResults: Array<{ fullName: string; status: string; failureMessages: string[] }>;
  }>;
};

/**
 * The compiled checks beside this module. Run from its TypeScript source (the suite's own
 * tests), it uses the build in dist/, which `npm test` makes first.
 */
const HERE = dirname(fileURLToPath(import.meta.url));
const CHECKS_FOLDER = import.meta.url.endsWith('.ts')
  ? join(HERE, '..', 'dist', 'contract-tests', 'checks')
  : join(HERE, 'checks');

export async function runContractSuite(options: ContractRunOptions): Promise<ContractRunResult> {
  const workFolder = await mkdtemp(join(tmpdir(), 'petstore-contract-'));
  try {
    const { junit, showProgress, ...target } = options;
    const configFile = join(workFolder, 'target.json');
    const reportFile = join(workFolder, 'report.json');
    await writeFile(configFile, JSON.stringify(target));
    const reporters: unknown[] = showProgress ? ['default'] : [];
    if (junit) {
      const output = resolve(junit);
      reporters.push([
        require.resolve('jest-junit'),
        {
          outputDirectory: dirname(output),
          outputName: output.slice(dirname(output).length + 1),
          suiteName: 'petstore-mock contract',
          classNameTemplate: '{classname}',
          titleTemplate: '{title}',
        },
      ]);
    }
    const jestConfig = {
      rootDir: CHECKS_FOLDER,
      roots: [CHECKS_FOLDER],
      testMatch: ['<rootDir>/**/*.contract.js'],
      // Installed, the checks live under node_modules/, which jest leaves out by default (its
      // ignore patterns and its file map alike): the suite's own folder is all it looks at.
      testPathIgnorePatterns: [],
      haste: { retainAllFiles: true },
      watchman: false,
      testEnvironment: 'node',
      transform: {},
      testTimeout: 180_000,
      reporters,
    };
    const jestBin = join(dirname(require.resolve('jest/package.json')), 'bin', 'jest.js');
    const args = [
      '--experimental-vm-modules',
      '--no-warnings',
      jestBin,
      '--config',
      JSON.stringify(jestConfig),
      '--runInBand',
      '--json',
      `--outputFile=${reportFile}`,
    ];
    let output = '';
    await new Promise<void>((done) => {
      const child = spawn(process.execPath, args, {
        env: { ...process.env, [CONFIG_VARIABLE]: configFile },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        if (showProgress) process.stderr.write(chunk);
      };
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
      child.on('exit', () => done());
    });
    const report = JSON.parse(await readFile(reportFile, 'utf8').catch(() => '{"testResults":[]}')) as JestReport;
    const checks: CheckResult[] = report.testResults.flatMap((file) => {
      const results = file.assertionResults.map((result) => ({
        name: result.fullName,
        status:
          result.status === 'passed'
            ? ('passed' as const)
            : result.status === 'failed'
              ? ('failed' as const)
              : ('skipped' as const),
        ...(result.failureMessages.length > 0 ? { failure: result.failureMessages.join('\n') } : {}),
      }));
      // A file that failed before any check ran (its setup threw) counts as one failure.
      return results.length === 0 && file.message
        ? [{ name: 'setting up the checks', status: 'failed' as const, failure: file.message }]
        : results;
    });
    if (checks.length === 0)
      checks.push({ name: 'running the suite', status: 'failed', failure: output || 'jest wrote no report' });
    return {
      passed: checks.filter((check) => check.status === 'passed').length,
      failed: checks.filter((check) => check.status === 'failed').length,
      skipped: checks.filter((check) => check.status === 'skipped').length,
      checks,
      output,
    };
  } finally {
    await rm(workFolder, { recursive: true, force: true });
  }
}

/** The summary printed at the end of a run: counts, then each failure with what to do. */
export function renderSummary(result: ContractRunResult, baseUrl: string): string {
  const lines = [
    `Contract suite against ${baseUrl}: ${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped.`,
  ];
  // Checks that failed the same way (a failed set-up fails every check after it) show once.
  const byMessage = new Map<string, string[]>();
  for (const check of result.checks.filter((candidate) => candidate.status === 'failed')) {
    // Jest appends a stack; the violation's own text is what a person needs.
    const message = (check.failure ?? '')
      .split('\n')
      .filter((line) => !/^\s+at /.test(line))
      .join('\n')
      .replace(/^(Error: )+/, '')
      .trim();
    byMessage.set(message, [...(byMessage.get(message) ?? []), check.name]);
  }
  for (const [message, names] of byMessage) {
    const others = names.length > 1 ? ` (and ${names.length - 1} more check(s) that failed the same way)` : '';
    lines.push('', `✗ ${names[0]}${others}`, message.replace(/^/gm, '    '));
  }
  return lines.join('\n');
}

// A jest reporter for the contract suite: a progress line per finished group of checks (and at
// least every few seconds while a long one runs) with the checks done of the total and the
// failures so far, and every check's result in a file for the runner. Jest's own reporters
// are not used: they print test files and a report path the runner deletes.
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { type CheckResult, checkStatus, type SuiteResults } from './check-results.js';

export type ProgressMode = 'lines' | 'status-line' | 'each-check';

export type ProgressOptions = {
  /** Where the suite writes how many checks it planned. */
  planFile: string;
  /** Where every check's result goes at the end of the run. */
  resultsFile: string;
  /** A file descriptor the runner reads progress from (default: stderr). */
  progressFd?: number;
  /** Lines for CI; one line rewritten in place on a terminal; or a line per check (--progress). */
  mode: ProgressMode;
};

/** The few fields of jest's test case results this reporter reads. */
type TestCaseResult = {
  ancestorTitles: string[];
  title: string;
  fullName: string;
  status: string;
  duration?: number | null;
  failureMessages: string[];
};
type TestResult = {
  testResults: TestCaseResult[];
  testExecError?: { message: string } | null;
  failureMessage?: string | null;
  numFailingTests: number;
};

function toCheck(result: TestCaseResult): CheckResult {
  return {
    kind: result.ancestorTitles[0] ?? '',
    groups: result.ancestorTitles,
    title: result.title,
    status: checkStatus(result.status),
    durationMs: result.duration ?? 0,
    ...(result.failureMessages.length > 0 ? { failure: result.failureMessages.join('\n') } : {}),
  };
}

const QUIET_MS = 3_000;

export default class ProgressReporter {
  private readonly options: ProgressOptions;
  private readonly out: Writable;
  private readonly results: SuiteResults = { checks: [], errors: [] };
  private readonly startedAt = Date.now();
  private planned: number | undefined;
  private done = 0;
  private failed = 0;
  private running = '';
  private lastGroup: string | undefined;
  private lastLineAt = Date.now();
  private timer: NodeJS.Timeout | undefined;

  constructor(_globalConfig: unknown, options: ProgressOptions) {
    this.options = options;
    this.out = options.progressFd === undefined ? process.stderr : createWriteStream('', { fd: options.progressFd });
  }

  onRunStart(): void {
    this.timer = setInterval(() => {
      if (Date.now() - this.lastLineAt >= QUIET_MS) this.report(this.running ? `running: ${this.running}` : 'starting');
    }, 1_000);
    this.timer.unref();
  }

  onTestCaseStart(_test: unknown, started: { ancestorTitles: string[]; title: string }): void {
    this.running = started.title;
    const group = started.ancestorTitles.join(' › ');
    if (this.lastGroup !== undefined && group !== this.lastGroup) this.report(`finished: ${this.lastGroup}`);
    this.lastGroup = group;
  }

  onTestCaseResult(_test: unknown, result: TestCaseResult): void {
    const check = toCheck(result);
    this.done += 1;
    if (check.status === 'failed') this.failed += 1;
    if (this.options.mode === 'each-check') {
      const mark = check.status === 'passed' ? '✓' : check.status === 'failed' ? '✗' : '-';
      this.write(`  ${mark} ${check.title} (${check.durationMs} ms)\n`);
    }
  }

  onTestFileResult(_test: unknown, result: TestResult): void {
    // The file's own list is the whole one: skipped checks are reported only here.
    this.results.checks.push(...result.testResults.map(toCheck));
    // A suite that failed to load, or a hook that failed outside any check, reports here only.
    const error = result.testExecError?.message || (result.numFailingTests === 0 ? result.failureMessage : undefined);
    if (error) this.results.errors.push(error);
  }

  async onRunComplete(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.report(this.lastGroup ? `finished: ${this.lastGroup}` : 'finished');
    if (this.options.mode === 'status-line') this.write('\n');
    writeFileSync(this.options.resultsFile, JSON.stringify(this.results));
    if (this.out !== process.stderr) await new Promise<void>((done) => this.out.end(done));
  }

  getLastError(): undefined {
    return undefined;
  }

  private total(): string {
    if (this.planned === undefined) {
      try {
        this.planned = (JSON.parse(readFileSync(this.options.planFile, 'utf8')) as { checks: number }).checks;
      } catch {
        return '?';
      }
    }
    return String(this.planned);
  }

  private report(what: string): void {
    const { done, failed } = this;
    const seconds = Math.round((Date.now() - this.startedAt) / 1000);
    const line = `contract: ${done} of ${this.total()} checks done, ${failed} failed, ${seconds} s — ${what}`;
    this.lastLineAt = Date.now();
    if (this.options.mode === 'status-line')
      this.write(`\r\x1b[K${line.slice(0, (process.stderr.columns || 120) - 1)}`);
    else this.write(`${line}\n`);
  }

  private write(text: string): void {
    this.out.write(text);
  }
}

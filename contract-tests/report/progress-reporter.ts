// A jest reporter for the contract suite: the run's start note (what it costs), a progress line
// per finished block of checks (and at least every few seconds) with the checks done of the
// total, the failures so far and the time left, and every check's result in a file for the
// runner. Checks run side by side as one flat list of jest tests: their blocks, their own times
// and any skip decided while they ran come from the suite's plan and outcomes files. Jest's own
// reporters are not used: they print test files and a report path the runner deletes.
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import type { Writable } from 'node:stream';
import type { Outcomes, PlannedEntry } from '../support/checks.js';
import type { Outcome } from '../support/scheduler.js';
import { type CheckResult, checkStatus, type SuiteResults } from './check-results.js';

export type ProgressMode = 'lines' | 'status-line' | 'each-check';

export type ProgressOptions = {
  /** Where the suite writes how many checks it planned. */
  planFile: string;
  /** Where every check's result goes at the end of the run. */
  resultsFile: string;
  /** Where the suite writes each check's own time and any skip decided while it ran. */
  outcomesFile?: string;
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

type Plan = { checks: number; entries: PlannedEntry[]; note?: string };

/** A jest result as a check of the plan: its block and groups, its own time, a skip with its reason. */
function toCheck(result: TestCaseResult, entry: PlannedEntry | undefined, outcome: Outcome | undefined): CheckResult {
  const skipped = outcome?.skipped;
  const status = skipped ? 'skipped' : checkStatus(result.status);
  const skipReason = skipped ?? entry?.reason;
  return {
    kind: entry?.groups[0] ?? result.ancestorTitles[0] ?? '',
    ...(entry ? { checkKind: entry.kind } : {}),
    groups: entry?.groups ?? result.ancestorTitles,
    title: skipped ? `${result.title} (${skipped})` : result.title,
    status,
    ...(status === 'skipped' && skipReason !== undefined ? { skipReason } : {}),
    durationMs: outcome?.ms ?? result.duration ?? 0,
    ...(result.failureMessages.length > 0 && !skipped ? { failure: result.failureMessages.join('\n') } : {}),
  };
}

const QUIET_MS = 3_000;

const PARENT_AT_START = process.ppid;
/** The contract run that started this suite has ended: stop checking its target. */
const runnerGone = (): never => process.exit(1);

export default class ProgressReporter {
  private readonly options: ProgressOptions;
  private readonly out: Writable;
  private readonly results: SuiteResults = { checks: [], errors: [] };
  private readonly startedAt = Date.now();
  private plan: Plan | undefined;
  /** Checks not yet done, per block title; and the estimated requests done and planned. */
  private readonly leftInBlock = new Map<string, number>();
  private readonly doneTitles = new Map<string, number>();
  private estimateDone = 0;
  private estimateTotal = 0;
  private done = 0;
  private failed = 0;
  private lastLineAt = Date.now();
  private timer: NodeJS.Timeout | undefined;

  constructor(_globalConfig: unknown, options: ProgressOptions) {
    this.options = options;
    this.out = options.progressFd === undefined ? process.stderr : createWriteStream('', { fd: options.progressFd });
    // The pipe's reader gone is the runner gone: no one is left to read the results. Left to the
    // stream, the error would be taken by jest for the check under way's, and the suite run on.
    if (options.progressFd !== undefined) this.out.on('error', runnerGone);
  }

  onRunStart(): void {
    this.timer = setInterval(() => {
      // A runner killed outright (SIGKILL: a CI job's timeout) sends no signal on: its child is
      // then given to another parent, which this sees within a second, writes or not.
      if (this.options.progressFd !== undefined && process.ppid !== PARENT_AT_START) runnerGone();
      this.readPlan();
      if (Date.now() - this.lastLineAt >= QUIET_MS) this.report(this.done === 0 ? 'starting' : 'running');
    }, 1_000);
    this.timer.unref();
  }

  onTestCaseResult(_test: unknown, result: TestCaseResult): void {
    this.readPlan();
    this.done += 1;
    if (checkStatus(result.status) === 'failed') this.failed += 1;
    const entry = this.entryOf(result.title);
    if (entry) this.estimateDone += entry.estimate;
    if (this.options.mode === 'each-check') {
      const mark = result.status === 'passed' ? '✓' : result.status === 'failed' ? '✗' : '-';
      this.write(`  ${mark} ${result.title} (${result.duration ?? 0} ms)\n`);
    }
    const block = entry?.groups[0];
    if (block === undefined) return;
    const left = (this.leftInBlock.get(block) ?? 1) - 1;
    this.leftInBlock.set(block, left);
    if (left === 0) this.report(`finished: ${block}`);
  }

  onTestFileResult(_test: unknown, result: TestResult): void {
    this.readPlan();
    const { checks: outcomes, notes } = this.readOutcomes();
    const entries = this.plan?.entries ?? [];
    // The file's own list is the whole one, in the plan's order: skipped checks are reported only here.
    this.results.checks = this.results.checks.concat(
      result.testResults.map((test, index) => {
        const entry = entries[index]?.title === test.title ? entries[index] : undefined;
        return toCheck(test, entry, outcomes[index]);
      }),
    );
    this.results.requests = Object.values(outcomes).reduce((sum, outcome) => sum + outcome.requests, 0);
    this.results.notes = notes;
    this.results.skippedWhileRunning = Object.values(outcomes).filter((outcome) => outcome.skipped).length;
    // A suite that failed to load, or a hook that failed outside any check, reports here only.
    const error = result.testExecError?.message || (result.numFailingTests === 0 ? result.failureMessage : undefined);
    if (error) this.results.errors.push(error);
  }

  async onRunComplete(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.report('finished');
    if (this.options.mode === 'status-line') this.write('\n');
    writeFileSync(this.options.resultsFile, JSON.stringify(this.results));
    if (this.out !== process.stderr) await new Promise<void>((done) => this.out.end(done));
  }

  getLastError(): undefined {
    return undefined;
  }

  /** The plan, once the suite has written it; its note is shown then, once. */
  private readPlan(): void {
    if (this.plan) return;
    try {
      this.plan = JSON.parse(readFileSync(this.options.planFile, 'utf8')) as Plan;
    } catch {
      return;
    }
    for (const entry of this.plan.entries ?? []) {
      if (entry.skipped) continue;
      const block = entry.groups[0] ?? '';
      this.leftInBlock.set(block, (this.leftInBlock.get(block) ?? 0) + 1);
      this.estimateTotal += entry.estimate;
    }
    if (this.plan.note) {
      if (this.options.mode === 'status-line') this.write('\r\x1b[K');
      this.write(this.plan.note);
    }
  }

  private readOutcomes(): Outcomes {
    try {
      if (this.options.outcomesFile) return JSON.parse(readFileSync(this.options.outcomesFile, 'utf8')) as Outcomes;
    } catch {
      // No outcomes: the suite did not get to its end (it did not load); jest's results tell why.
    }
    return { checks: {}, notes: [] };
  }

  /** The plan's entry of a check that just ended (titles may repeat: the next one not yet done). */
  private entryOf(title: string): PlannedEntry | undefined {
    const seen = this.doneTitles.get(title) ?? 0;
    this.doneTitles.set(title, seen + 1);
    return (this.plan?.entries ?? []).filter((entry) => entry.title === title && !entry.skipped)[seen];
  }

  private timeLeft(): string {
    const elapsed = (Date.now() - this.startedAt) / 1000;
    if (this.estimateTotal === 0 || this.estimateDone < this.estimateTotal * 0.1 || elapsed < 10) return '';
    const left = (elapsed * (this.estimateTotal - this.estimateDone)) / this.estimateDone;
    return left < 60 ? ', less than a minute left' : `, about ${Math.round(left / 60)} min left`;
  }

  private total(): string {
    return this.plan ? String(this.plan.checks) : '?';
  }

  private report(what: string): void {
    const { done, failed } = this;
    const seconds = Math.round((Date.now() - this.startedAt) / 1000);
    const line = `contract: ${done} of ${this.total()} checks done, ${failed} failed, ${seconds} s${this.timeLeft()} — ${what}`;
    this.lastLineAt = Date.now();
    if (this.options.mode === 'status-line')
      this.write(`\r\x1b[K${line.slice(0, (process.stderr.columns || 120) - 1)}`);
    else this.write(`${line}\n`);
  }

  private write(text: string): void {
    this.out.write(text);
  }
}

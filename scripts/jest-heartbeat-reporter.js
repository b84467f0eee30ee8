// A line every 30 s while jest runs without a terminal (CI, a log): what is done and which files
// are running, for how long. Jest's own reporter lists a file only when it ends, and the longest
// files, which start first, take minutes; in a terminal jest shows its own status instead.
import { relative } from 'node:path';

const EVERY_MS = 30_000;

const minutes = (ms) => {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
};

export default class HeartbeatReporter {
  #running = new Map();
  #filesDone = 0;
  #filesTotal = 0;
  #passed = 0;
  #failed = 0;
  #timer;
  #print;
  #root;

  /** `options.print` and `options.everyMs` are for this reporter's own test. */
  constructor(globalConfig, options = {}) {
    this.#root = globalConfig.rootDir;
    this.#print = options.print ?? ((line) => process.stderr.write(`${line}\n`));
    this.everyMs = options.everyMs ?? EVERY_MS;
    this.quiet = options.print === undefined && process.stderr.isTTY === true;
  }

  onRunStart(results) {
    this.#filesTotal = results.numTotalTestSuites;
    if (this.quiet) return;
    this.#timer = setInterval(() => this.#print(this.line()), this.everyMs);
    this.#timer.unref();
  }

  onTestFileStart(test) {
    this.#running.set(test.path, { startedAt: Date.now(), testsDone: 0 });
  }

  onTestCaseResult(test, testCase) {
    const file = this.#running.get(test.path);
    if (file) file.testsDone += 1;
    if (testCase.status === 'passed') this.#passed += 1;
    else if (testCase.status === 'failed') this.#failed += 1;
  }

  onTestFileResult(test) {
    this.#running.delete(test.path);
    this.#filesDone += 1;
  }

  onRunComplete() {
    clearInterval(this.#timer);
  }

  /** "jest: 34 of 107 files done, 212 tests passed, 0 failed; running: a.test.ts (2 min 10 s, 23 tests done), …" */
  line(now = Date.now()) {
    const running = [...this.#running]
      .map(
        ([path, file]) =>
          `${relative(this.#root, path)} (${minutes(now - file.startedAt)}, ${file.testsDone} tests done)`,
      )
      .join(', ');
    return `jest: ${this.#filesDone} of ${this.#filesTotal} files done, ${this.#passed} tests passed, ${this.#failed} failed${running ? `; running: ${running}` : ''}`;
  }
}

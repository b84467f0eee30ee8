// The line jest's run prints every 30 s without a terminal: what is done, what runs, how long.
import { describe, expect, it } from '@jest/globals';
// @ts-expect-error -- a plain-JS script without declarations
import HeartbeatReporter from './jest-heartbeat-reporter.js';

type Reporter = {
  onRunStart(results: { numTotalTestSuites: number }): void;
  onTestFileStart(test: { path: string }): void;
  onTestCaseResult(test: { path: string }, testCase: { status: string }): void;
  onTestFileResult(test: { path: string }): void;
  onRunComplete(): void;
  line(now?: number): string;
};
const Heartbeat = HeartbeatReporter as new (
  globalConfig: { rootDir: string },
  options: { print: (line: string) => void; everyMs?: number },
) => Reporter;

describe('the heartbeat of a jest run', () => {
  it('says how many files and tests are done, and which files run and for how long', () => {
    const reporter = new Heartbeat({ rootDir: '/repo' }, { print: () => undefined, everyMs: 60_000 });
    reporter.onRunStart({ numTotalTestSuites: 107 });
    const depth = { path: '/repo/contract-tests/proof/depth.test.ts' };
    const quick = { path: '/repo/src/clock.test.ts' };
    const started = Date.now();
    reporter.onTestFileStart(depth);
    reporter.onTestFileStart(quick);
    reporter.onTestCaseResult(quick, { status: 'passed' });
    reporter.onTestCaseResult(quick, { status: 'failed' });
    reporter.onTestFileResult(quick);
    for (let done = 0; done < 23; done += 1) reporter.onTestCaseResult(depth, { status: 'passed' });
    expect(reporter.line(started + 130_000)).toBe(
      'jest: 1 of 107 files done, 24 tests passed, 1 failed; running: contract-tests/proof/depth.test.ts (2 min 10 s, 23 tests done)',
    );
    reporter.onTestFileResult(depth);
    expect(reporter.line()).toBe('jest: 2 of 107 files done, 24 tests passed, 1 failed');
    reporter.onRunComplete();
  });

  it('prints it on its own while files run, and stops with the run', async () => {
    const printed: string[] = [];
    const reporter = new Heartbeat({ rootDir: '/repo' }, { print: (line) => printed.push(line), everyMs: 20 });
    reporter.onRunStart({ numTotalTestSuites: 1 });
    reporter.onTestFileStart({ path: '/repo/test/soak/soak.test.ts' });
    // Until two lines are out, however late a busy machine runs the timer (a fixed 200 ms gave one).
    while (printed.length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    reporter.onRunComplete();
    const count = printed.length;
    expect(count).toBeGreaterThanOrEqual(2);
    expect(printed[0]).toMatch(
      /^jest: 0 of 1 files done, 0 tests passed, 0 failed; running: test\/soak\/soak\.test\.ts \(0 s, 0 tests done\)$/,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(printed).toHaveLength(count);
  });
});

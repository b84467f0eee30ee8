// npm test's closing line counts jest's tests one each, and every way a run can prove nothing as
// a failure: CI reads that line.
import { describe, expect, it } from '@jest/globals';
// @ts-expect-error -- a plain-JS script without declarations
import { countJestReport } from './jest-report-count.js';

type Suite = { status: 'passed' | 'failed'; assertionResults: unknown[] };
type Counted = { passed: number; failed: number; failures: string[] };
const count = countJestReport as (
  report: { numPassedTests: number; numFailedTests: number; numTotalTests: number; testResults: Suite[] } | undefined,
  jestOk: boolean,
) => Counted;

const report = (passed: number, failedTests: number, suites: Suite[] = []) => ({
  numPassedTests: passed,
  numFailedTests: failedTests,
  numTotalTests: passed + failedTests,
  testResults: suites,
});
const loaded: Suite = { status: 'passed', assertionResults: [{}] };
const notLoaded: Suite = { status: 'failed', assertionResults: [] };

describe("jest's report in npm test's closing line", () => {
  it('counts each passed and failed test once', () => {
    expect(count(report(640, 0, [loaded]), true)).toEqual({ passed: 640, failed: 0, failures: [] });
    expect(count(report(638, 2, [loaded, { status: 'failed', assertionResults: [{}, {}] }]), false)).toEqual({
      passed: 638,
      failed: 2,
      failures: [],
    });
  });

  it('counts a file that did not load as a failure, though it ran no test', () => {
    expect(count(report(10, 0, [loaded, notLoaded]), false)).toEqual({ passed: 10, failed: 1, failures: [] });
  });

  it('fails a run of no test, and a jest that failed with every test passed', () => {
    expect(count(report(0, 0), false)).toEqual({
      passed: 0,
      failed: 2,
      failures: ['jest ran no test', 'jest exited with an error'],
    });
    expect(count(report(5, 0, [loaded]), false)).toEqual({
      passed: 5,
      failed: 1,
      failures: ['jest exited with an error'],
    });
  });

  it('fails a run whose report is missing', () => {
    expect(count(undefined, true)).toEqual({ passed: 0, failed: 1, failures: ['jest wrote no report'] });
  });
});

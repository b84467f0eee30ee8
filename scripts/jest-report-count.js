// How jest's JSON report counts toward npm test's closing "N passed, N failed" line: each test
// one, and a run that proves nothing (a file that did not load, no test at all, jest failing with
// every test passed) one failure each, so that it can never pass unnoticed.

/**
 * @param {{ numPassedTests: number, numFailedTests: number, numTotalTests: number,
 *   testResults: { status: string, assertionResults: unknown[] }[] } | undefined} report
 *   undefined when jest wrote none
 * @param {boolean} jestOk whether jest exited 0
 * @returns {{ passed: number, failed: number, failures: string[] }}
 */
export function countJestReport(report, jestOk) {
  if (!report) return { passed: 0, failed: 1, failures: ['jest wrote no report'] };
  const failures = [];
  let failed = report.numFailedTests;
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
  return { passed: report.numPassedTests, failed, failures };
}

// What a proxy run saw, for CI: each operation's exchanges and violations, over every scope and
// untouched by DELETE /__mock/violations, written as JUnit XML and JSON when the proxy stops.
import type { ContractViolation } from '../store/violation-log.js';

type OperationRecord = { operationId: string; exchanges: number; violations: ContractViolation[] };

export type RunReport = {
  exchanges: number;
  violations: number;
  operations: OperationRecord[];
};

/** Violations kept per operation in the report: a run that breaks one rule a million times needs few. */
const MAX_PER_OPERATION = 100;

export type RunLedger = {
  exchange(operationId: string): void;
  violation(violation: ContractViolation): void;
  /** Every violation counted, including those past the per-operation bound. */
  violationCount(): number;
  report(): RunReport;
};

export function createRunLedger(): RunLedger {
  const operations = new Map<string, OperationRecord>();
  let violations = 0;
  const of = (operationId: string) => {
    let record = operations.get(operationId);
    if (!record) {
      record = { operationId, exchanges: 0, violations: [] };
      operations.set(operationId, record);
    }
    return record;
  };
  return {
    exchange: (operationId) => {
      of(operationId).exchanges += 1;
    },
    violation(violation) {
      violations += 1;
      const record = of(violation.operationId);
      if (record.violations.length < MAX_PER_OPERATION) record.violations.push(violation);
    },
    violationCount: () => violations,
    report() {
      const list = [...operations.values()].sort((a, b) => a.operationId.localeCompare(b.operationId));
      return { exchanges: list.reduce((sum, record) => sum + record.exchanges, 0), violations, operations: list };
    },
  };
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char] ?? char,
  );

/** One test case per operation seen, its violations as failures. */
export function renderJunit(report: RunReport): string {
  const failing = report.operations.filter((record) => record.violations.length > 0).length;
  const cases = report.operations.map((record) => {
    const name = `${record.operationId} (${record.exchanges} exchanges)`;
    if (record.violations.length === 0) {
      return `    <testcase classname="petstore-mock proxy" name="${escapeXml(name)}"/>`;
    }
    const failures = record.violations
      .map(
        (violation) =>
          `      <failure message="${escapeXml(`${violation.location}: ${violation.message}`)}">${escapeXml(
            `${violation.at} ${violation.location}: ${violation.message}\nReproduce: ${violation.curl}`,
          )}</failure>`,
      )
      .join('\n');
    return `    <testcase classname="petstore-mock proxy" name="${escapeXml(name)}">\n${failures}\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="petstore-mock proxy" tests="${report.operations.length}" failures="${failing}">`,
    `  <testsuite name="contract of the exchanges" tests="${report.operations.length}" failures="${failing}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

import { describe, expect, it } from '@jest/globals';
import type { CheckKind } from '../check-kinds.js';
import type { CheckResult, CheckStatus } from './check-results.js';
import { OPERATION_LINES_SHOWN, renderCoverage } from './coverage-lines.js';
import { renderHtmlReport } from './html-report.js';
import { renderJunit } from './junit-report.js';
import { coverageOf } from './operation-coverage.js';
import { contractOperations, whyUnchecked } from './unchecked.js';

const check = (checkKind: CheckKind, title: string, status: CheckStatus, skipReason?: string): CheckResult => ({
  kind: `the ${checkKind} block`,
  checkKind,
  groups: [`the ${checkKind} block`],
  title: skipReason ? `${title} (${skipReason})` : title,
  status,
  ...(skipReason ? { skipReason } : {}),
  ...(status === 'failed' ? { failure: 'Error: status 500, expected 200' } : {}),
  durationMs: 3,
});

const NO_RECORD = 'the suite has no record for {ticketId} to read';
const operations = [
  { operationId: 'listPets', tags: ['Pets'], stability: 'stable' },
  { operationId: 'GET /tickets/{ticketId}', tags: ['Tickets'], stability: 'stable' },
  { operationId: 'previewPets', tags: ['Pets'], stability: 'beta' },
  { operationId: 'deletePets', tags: ['Pets'], stability: 'stable' },
];
const checks = [
  check('conformance', 'listPets: a valid request (GET /pets)', 'passed'),
  check('generated', 'listPets: a generated request', 'passed'),
  check('generated', 'listPets: another generated request', 'failed'),
  check('rate-limits', 'listPets: Remaining counts down', 'skipped', 'needs --rate-limit-key'),
  check('conformance', 'GET /tickets/{ticketId}: a valid request (GET /tickets/{ticketId})', 'skipped', NO_RECORD),
  check('generated', 'GET /tickets/{ticketId}: a generated request', 'skipped', NO_RECORD),
  check('generated', 'GET /tickets/{ticketId}: a second generated request', 'skipped', NO_RECORD),
  check('negative', 'GET /tickets/{ticketId}: without a key gets 401', 'passed'),
  check('negative', 'a path with no operation gets 404', 'passed'),
];
const coverage = coverageOf(checks, contractOperations(operations, { stableOnly: true }, true));

describe('the coverage of each operation of the contract', () => {
  it('tallies the kinds of check of each operation, named with or without an operationId, skips grouped by why', () => {
    const [listPets, ticket, preview, deletePets] = coverage.operations;
    expect(listPets?.kinds).toEqual([
      { kind: 'conformance', passed: 1, failed: 0, skipped: 0, reasons: [] },
      { kind: 'generated', passed: 1, failed: 1, skipped: 0, reasons: [] },
      {
        kind: 'rate-limits',
        passed: 0,
        failed: 0,
        skipped: 1,
        reasons: [{ reason: 'needs --rate-limit-key', checks: 1 }],
      },
    ]);
    expect(ticket?.kinds.find((kind) => kind.kind === 'generated')?.reasons).toEqual([
      { reason: NO_RECORD, checks: 2 },
    ]);
    expect(preview).toMatchObject({ kinds: [], noCheck: 'left out by --stable-only (not stable)', leftOut: true });
    expect(deletePets).toEqual({ name: 'deletePets', kinds: [], checks: [], noCheck: 'no check of the suite applies' });
    expect(coverage.outside.map((outside) => outside.title)).toEqual(['a path with no operation gets 404']);
  });

  it('says why an operation went unchecked: the selection, a run of nothing, or kinds that do not apply', () => {
    const pets = { operationId: 'listPets', tags: ['Pets'], stability: 'stable' };
    expect(whyUnchecked(pets, { operations: ['getPet'] }, true)).toBe('left out by --operations');
    expect(whyUnchecked(pets, { tags: ['Store'] }, true)).toBe('left out by --tags');
    expect(whyUnchecked(pets, {}, false)).toBe('the run ran no check: its failure says why');
    expect(whyUnchecked(pets, { checks: ['rules', 'lists'] }, true)).toBe('no check of --checks rules,lists applies');
  });

  it('prints a line per operation with a check failed or skipped, the others counted, each reason once', () => {
    expect(renderCoverage(coverage)).toEqual([
      "By operation: 2 of the contract's 4 checked (✓ passed, ✗ failed, [n] why skipped):",
      '  listPets: conformance ✓1, generated ✓1 ✗1; skipped rate-limits 1 [1]',
      '  GET /tickets/{ticketId}: negative ✓1; skipped conformance 1 [2], generated 2 [2]',
      '  No check ran on 1 (left out by --stable-only (not stable)): previewPets',
      '  No check ran on 1 (no check of the suite applies): deletePets',
      '  (no single operation): negative ✓1',
      '  [1] needs --rate-limit-key',
      `  [2] ${NO_RECORD}`,
    ]);
  });

  it('keeps the console short on a contract of hundreds of operations', () => {
    const many = Array.from({ length: 280 }, (_, index) => ({
      operationId: `op${index}`,
      tags: [],
      stability: 'stable',
    }));
    const manyChecks = many.flatMap(({ operationId }, index) => [
      check('conformance', `${operationId}: a valid request`, 'passed'),
      ...(index % 4 === 0
        ? [check('lists', `${operationId}: pages`, 'skipped', `${operationId} pages by cursor`)]
        : []),
    ]);
    const lines = renderCoverage(coverageOf(manyChecks, contractOperations(many, {}, true)));
    expect(lines.length).toBe(OPERATION_LINES_SHOWN + 4);
    expect(lines).toContain(
      '  … and 40 more with a check failed or skipped: the JUnit XML and the HTML report show each',
    );
    expect(lines).toContain(
      '  Every check passed, none skipped, on 210: op1, op2, op3, op5, op6, op7, op9, op10 and 202 more',
    );
    expect(lines.at(-1)).toBe('  [1] it pages by cursor');
  });

  it('gives CI a suite per operation: its kinds as properties, "operation.kind" classnames, skips with their reason', () => {
    const xml = renderJunit(coverage);
    expect(xml).toContain('<testsuite name="GET /tickets/{ticketId}" tests="4" failures="0" errors="0" skipped="3"');
    expect(xml).toContain(`<property name="kind.generated" value="0 passed, 0 failed, 2 skipped: ${NO_RECORD} (2)"/>`);
    expect(xml).toContain('<testcase classname="listPets.generated" name="listPets: another generated request"');
    expect(xml).toContain('<skipped message="needs --rate-limit-key">needs --rate-limit-key</skipped>');
    // Unchecked: a skipped case says why, for CI to show.
    expect(xml).toMatch(
      /<testsuite name="deletePets" tests="1" failures="0" errors="0" skipped="1"[^>]*>\s*<properties>\s*<property name="no check ran" value="no check of the suite applies"\/>\s*<\/properties>\s*<testcase classname="deletePets.no check" name="no check ran"[^>]*>\s*<skipped message="no check of the suite applies">no check of the suite applies<\/skipped>/,
    );
    // Left out on purpose: a property only, so that a run of a few operations is not hundreds of skips.
    expect(xml).toMatch(
      /<testsuite name="previewPets" tests="0" failures="0" errors="0" skipped="0"[^>]*>\s*<properties>\s*<property name="no check ran" value="left out by --stable-only \(not stable\)"\/>\s*<\/properties>\s*<\/testsuite>/,
    );
    expect(xml).toContain('<testsuite name="the negative block" tests="1"');
    expect(xml).toContain('<testsuites name="petstore-mock contract" tests="10" failures="1" errors="0" skipped="5"');
  });

  it('draws a table per operation in the HTML report, those that need a look open', () => {
    const html = renderHtmlReport(
      { baseUrl: 'http://localhost/v1', seed: 1, passed: 4, failed: 1, skipped: 4, checks },
      coverage,
    );
    const tables = [...html.matchAll(/<details class="operation" data-operation="([^"]*)"( open)?>/g)];
    // Those the selection left out last, closed: a run of a few operations of hundreds.
    expect(tables.map((match) => [match[1], match[2] === ' open'])).toEqual([
      ['listPets', true],
      ['GET /tickets/{ticketId}', true],
      ['deletePets', true],
      ['previewPets', false],
      ['(no single operation)', false],
    ]);
    expect(html).toContain(
      `<tr><td><code>generated</code></td><td class="n">0</td><td class="n">0</td><td class="n">2</td><td><ul><li>${NO_RECORD} (2 checks)</li></ul></td></tr>`,
    );
    expect(html).toContain('<p class="none">No check ran: left out by --stable-only (not stable).</p>');
  });
});

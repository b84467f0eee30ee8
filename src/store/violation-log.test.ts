import { describe, expect, it } from '@jest/globals';
import { createRunLedger, renderJunit } from '../proxy/run-ledger.js';
import { type ContractViolation, createViolationLog } from './violation-log.js';

const violation = (index: number, operationId = 'listPets'): ContractViolation => ({
  operationId,
  location: 'response',
  message: `problem ${index} <&>`,
  at: '2026-11-23T00:00:00.000Z',
  curl: "curl 'http://upstream/v1/pets'",
});

describe('the violation log', () => {
  it('keeps the newest up to its bound, oldest first, and clears', () => {
    const log = createViolationLog(3);
    for (let index = 0; index < 5; index += 1) log.record(violation(index));
    expect(log.list().map((kept) => kept.message)).toEqual(['problem 2 <&>', 'problem 3 <&>', 'problem 4 <&>']);
    log.clear();
    expect(log.list()).toEqual([]);
  });
});

describe("the run's ledger", () => {
  it('gives a JUnit case per operation seen, its violations as escaped failures', () => {
    const ledger = createRunLedger();
    ledger.exchange('listPets');
    ledger.exchange('getPet');
    ledger.violation(violation(1));
    const xml = renderJunit(ledger.report());
    expect(xml).toContain('tests="2" failures="1"');
    expect(xml).toContain('<testcase classname="petstore-mock proxy" name="getPet (1 exchanges)"/>');
    expect(xml).toContain('<failure message="response: problem 1 &lt;&amp;&gt;">');
    expect(ledger.violationCount()).toBe(1);
  });
});

import { describe, expect, it } from '@jest/globals';
import { assessCompliance } from './compliance.js';
import type { RecordedRequest } from './request-record.js';

const START = Date.parse('2026-11-21T10:00:00Z');
let index = 0;
function request(atSeconds: number, status: number, retryAfterSeconds?: number, code?: string): RecordedRequest {
  index += 1;
  const atMs = START + atSeconds * 1000;
  return {
    index,
    at: new Date(atMs).toISOString(),
    atMs,
    method: 'GET',
    path: '/v1/pets',
    status,
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    ...(code === undefined ? {} : { code }),
  };
}

describe('the compliance report', () => {
  it('calls a client compliant when it waits Retry-After and its retries back off', () => {
    const report = assessCompliance('k', [
      request(0, 200),
      request(1, 429, 2),
      request(3, 429, 2),
      request(7, 429, 2),
      request(15, 200),
    ]);
    expect(report).toMatchObject({
      compliant: true,
      honouredRetryAfter: true,
      backedOff: true,
      calledDuringBan: false,
    });
    expect(report.retryGapsSeconds).toEqual([[2, 4, 8]]);
    expect(report.violations).toEqual([]);
  });

  it('flags a retry that came before Retry-After, naming both requests', () => {
    const report = assessCompliance('k', [request(0, 429, 30), request(5, 200)]);
    expect(report.compliant).toBe(false);
    expect(report.honouredRetryAfter).toBe(false);
    expect(report.violations).toEqual([
      expect.objectContaining({ kind: 'retried-too-early', waitedSeconds: 5, requiredSeconds: 30 }),
    ]);
    expect(report.violations[0]?.requestIndex).toBe((report.violations[0]?.afterRequestIndex ?? 0) + 1);
  });

  it('judges a retry against the instant an HTTP-date Retry-After named, which has whole seconds only', () => {
    // Refused at 10:00:05.400 for 55 s: the header said "10:01:00 GMT", and the client came then.
    const refused = { ...request(5.4, 429, 55), retryAtMs: START + 60_000 };
    const onTime = request(60, 200);
    expect(assessCompliance('k', [refused, onTime]).violations).toEqual([]);
    const early = request(59.5, 200);
    expect(assessCompliance('k', [refused, early]).violations.map((violation) => violation.kind)).toEqual([
      'retried-too-early',
    ]);
  });

  it('flags calls made during a ban', () => {
    const report = assessCompliance('k', [
      request(0, 403, 600, 'API_KEY_BANNED'),
      request(60, 403, 540, 'API_KEY_BANNED'),
    ]);
    expect(report.calledDuringBan).toBe(true);
    expect(report.violations.map((violation) => violation.kind)).toContain('called-while-banned');
  });

  it('flags retries whose gaps do not grow', () => {
    const report = assessCompliance('k', [request(0, 429, 1), request(1, 429, 1), request(2, 429, 1), request(3, 200)]);
    expect(report.honouredRetryAfter).toBe(true);
    expect(report.backedOff).toBe(false);
    expect(report.violations.map((violation) => violation.kind)).toEqual(['no-backoff', 'no-backoff']);
  });
});

import { describe, expect, it } from '@jest/globals';
import { causeOf, groupByCause, problemsOf, renderCauses } from './causes.js';
import type { CheckResult } from './check-results.js';

const failed = (title: string, firstLine: string, curl = `curl -i '${title}'`): CheckResult => ({
  kind: 'conformance',
  groups: [],
  title,
  status: 'failed',
  failure: `Error: ${firstLine}\n  Expected:  something\n  Sent:      GET /x\n  Reproduce: ${curl}\n    at frame (file.js:1:1)`,
  durationMs: 1,
});

describe('the distinct causes of failure', () => {
  it('reads the problems of a failure without its operation and error names', () => {
    expect(problemsOf(failed('a', 'GeneratedCaseFailure: listPets: one; two').failure ?? '')).toEqual(['one', 'two']);
  });

  it('sets aside what varies per request, and keeps HTTP statuses', () => {
    expect(causeOf("X-RateLimit-Reset 0 is not after the answer's Date (2026-11-25T04:17:40.000Z)")).toBe(
      "X-RateLimit-Reset N is not after the answer's Date (<time>)",
    );
    expect(causeOf('Location http://127.0.0.1:4321/v1/pets/12 is not /v1/pets/13')).toBe(
      'Location <url> is not /v1/pets/N',
    );
    expect(causeOf('status 422, expected 400')).toBe('status 422, expected 400');
    expect(causeOf('status 200 is not declared (declared: 201, 400, 507)')).toBe(
      'status 200 is not declared (declared: 201, 400, 507)',
    );
    expect(causeOf('status 422, expected 400')).not.toBe(causeOf('status 200, expected 401'));
  });

  it('counts each check once per cause, most frequent first, with the first as the example', () => {
    const checks = [
      failed('listPets: a', 'listPets: X-RateLimit-Reset 0 is wrong (Wed, 25 Nov 2026 04:17:40 GMT)'),
      failed(
        'getPet: b',
        'getPet: status 200, expected 404; X-RateLimit-Reset 0 is wrong (Wed, 25 Nov 2026 04:18:00 GMT)',
      ),
      {
        ...failed('createPet: c', 'createPet: X-RateLimit-Reset 5 is wrong (Wed, 25 Nov 2026 04:19:00 GMT)'),
        status: 'passed' as const,
      },
      failed('createPet: d', 'createPet: X-RateLimit-Reset 7 is wrong (Wed, 25 Nov 2026 04:19:00 GMT)'),
    ];
    const causes = groupByCause(checks);
    expect(causes.map((cause) => [cause.cause, cause.checks.length])).toEqual([
      ['X-RateLimit-Reset N is wrong (<time>)', 3],
      ['status 200, expected 404', 1],
    ]);
    expect(causes[0]?.example).toEqual({
      title: 'listPets: a',
      problem: 'X-RateLimit-Reset 0 is wrong (Wed, 25 Nov 2026 04:17:40 GMT)',
      reproduce: "curl -i 'listPets: a'",
    });
    const lines = renderCauses(causes, 3);
    expect(lines[0]).toBe(
      'Distinct causes of failure: 2 causes across 3 failed checks (a check may show more than one):',
    );
    expect(lines[1]).toBe('  1. 3 checks: X-RateLimit-Reset N is wrong (<time>)');
    expect(lines).toContain("     Reproduce: curl -i 'listPets: a'");
  });

  it('shows ten causes and says how many more there are', () => {
    const checks = Array.from({ length: 13 }, (_, index) =>
      failed(`op: ${index}`, `problem number ${'x'.repeat(index)}`),
    );
    const lines = renderCauses(groupByCause(checks), 13);
    expect(lines.filter((line) => /^ {2}\d+\. /.test(line))).toHaveLength(10);
    expect(lines.at(-1)).toBe('  … and 3 more causes (3 checks): the failures above list them.');
    expect(renderCauses([], 0)).toEqual([]);
  });
});

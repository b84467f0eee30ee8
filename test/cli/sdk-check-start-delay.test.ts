// A case is armed by the client's first request: the same client behind a start of 0, 5 or 20 s
// (as `npm run`, tsx, pytest or go test start) gets the same verdict on every case.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { CASE_NAMES } from '../../src/sdk-check/catalogue.js';
import { runCli } from '../support/cli.js';
import { verdicts } from '../support/sdk-check-verdicts.js';

const client = fileURLToPath(new URL('../../examples/sdk-clients/ignores-http-date.mjs', import.meta.url));

describe('petstore-mock sdk-check behind a slow start', () => {
  it('gives the same verdicts to a client that starts after 0, 5 and 20 s', async () => {
    const runs = await Promise.all(
      [0, 5, 20].map((delay) =>
        runCli([
          'sdk-check',
          '--parallel',
          '16',
          '--',
          'sh',
          '-c',
          `sleep ${delay}; exec "$0" "$1"`,
          process.execPath,
          client,
        ]),
      ),
    );
    const outcomes = runs.map((run) =>
      [...verdicts(run.stdout).entries()]
        .map(([name, verdict]) => `${name}: ${verdict.passed ? 'passed' : 'failed'}`)
        .sort(),
    );
    expect(outcomes[0]).toHaveLength(CASE_NAMES.length);
    expect(outcomes[0]?.filter((line) => line.endsWith('failed'))).toEqual(['limit-http-date: failed']);
    expect(outcomes[1]).toEqual(outcomes[0]);
    expect(outcomes[2]).toEqual(outcomes[0]);
    // The 20 s start is in the run's wall time, and left out of the case.
    expect(runs[2]?.stdout).toMatch(/^✓ ban \(2\d(\.\d)? s, exit code 0\)$/m);
  }, 120_000);
});

// `petstore-mock sdk-check --contract FILE` on APIs other than the Pet Store (1 of 2): Bump.sh's
// Train Travel API as published (OAuth2 bearer tokens, the IETF `RateLimit` field of draft 07,
// Retry-After in either form), on which the careful example client, given the API's own
// operations, passes every case and the naive loop fails them; and a small document in the style
// of query-key APIs with GitHub's x-ratelimit-* and Retry-After in seconds only, on which a case
// the contract cannot run is skipped, with why, in the console, the JUnit XML and the HTML page.
// (sdk-check-contracts-bearer-basic.test.ts runs DigitalOcean's and the Museum API.)
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CASE_NAMES } from '../../src/sdk-check/catalogue.js';
import { CASE_KEY } from '../../src/sdk-check/run-case.js';
import { expectCases, expectPassed, NAIVE_FAILS, type Run, runOnContract } from '../support/sdk-check-on-contracts.js';
import { casesWith, expectEveryCasePassed, verdicts } from '../support/sdk-check-verdicts.js';

/** The cases the small document's words and gaps change: three skipped, five run. */
const FORECAST_CASES = [
  'limit-seconds',
  'limit-http-date',
  'reset-only',
  'clock-behind',
  'remaining-zero',
  'ban',
  'fault-cut',
  'fault-create-reset',
];

describe('petstore-mock sdk-check --contract: the Train Travel API, and a contract that cannot run every case', () => {
  let folder = '';
  let careful: Run;
  let naive: Run;
  let forecast: Run;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'petstore-sdk-check-contracts-'));
    // One run at a time (nine clients at once), beside jest's other files.
    careful = await runOnContract('train-travel', 'careful');
    naive = await runOnContract('train-travel', 'naive');
    forecast = await runOnContract('forecast-alerts', 'careful', {
      cases: FORECAST_CASES,
      reports: join(folder, 'forecast'),
    });
    // A bound on a hang, well past the runs' length on a loaded machine.
  }, 240_000);
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('passes the careful client on every case, and fails the naive loop on every case with a wait or a fault', () => {
    expectCases(careful, 'failed', []);
    expectEveryCasePassed(careful.stdout, CASE_NAMES.length);
    expect(careful.code).toBe(0);
    expectCases(naive, 'failed', NAIVE_FAILS);
    expectCases(naive, 'not-exercised', ['fault-create-reset']);
    expect(naive.code).toBe(1);
  });

  it("speaks the API's words: its bearer token, its RateLimit field, its own operations", () => {
    expect(careful.stdout).toContain('On Train Travel API 1.2.1 (openapi.yaml):');
    expect(careful.stdout).toContain(
      '  the key: Authorization: Bearer <key> (the client gets PETSTORE_API_KEY_IN=authorization, PETSTORE_API_KEY_NAME=Bearer beside PETSTORE_API_KEY)',
    );
    expect(careful.stdout).toContain(
      '  limit headers: RateLimit: limit=…, remaining=…, reset=… (IETF draft 07; reset in seconds from the answer)',
    );
    const found = verdicts(careful.stdout);
    expect(found.get('remaining-zero')?.why).toContain("it waited for the window once RateLimit's remaining reached 0");
    expect(found.get('fault-create-reset')?.why).toMatch(
      /^did not send POST \/rest\/Train\+Travel\+API\/1\.0\.0\/bookings again after its connection was reset \(it read first\)/,
    );
    expect(verdicts(naive.stdout).get('fault-reset')?.why).toMatch(
      /^gave up on GET \/rest\/Train\+Travel\+API\/1\.0\.0\/stations\?limit=1, after its connection was reset/,
    );
    expect(naive.stdout).toContain(
      "… reset-only: the limit reached, and the 429 carries no Retry-After: only RateLimit's reset, 5 s away",
    );
  });

  it('skips, with why, the cases a contract cannot run, in the console, the JUnit XML and the HTML page; its key in the query shown nowhere', async () => {
    expectCases(forecast, 'skipped', ['clock-behind', 'fault-create-reset', 'limit-http-date']);
    expectPassed(forecast, ['ban', 'fault-cut', 'limit-seconds', 'remaining-zero', 'reset-only']);
    expect(forecast.stdout).toMatch(/: \d passed, 0 failed(, \d undetermined)?, 3 skipped\n/);
    expect(forecast.code).toBe(0);
    expect(forecast.stdout).toContain(
      '  limit headers: x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-used, x-ratelimit-reset, x-ratelimit-resource (x-ratelimit-reset the Unix second the window ends)',
    );
    const found = verdicts(forecast.stdout);
    const onlySeconds =
      'skipped: the contract declares Retry-After as integer seconds: its answers never carry an HTTP-date';
    expect(found.get('limit-http-date')?.why).toBe(onlySeconds);
    expect(found.get('clock-behind')?.why).toBe(onlySeconds);
    expect(found.get('fault-create-reset')?.why).toBe('skipped: the contract has no create (POST) operation to fault');
    expect(found.get('remaining-zero')?.why).toContain('once x-ratelimit-remaining reached 0');

    const xml = await readFile(join(folder, 'forecast.xml'), 'utf8');
    // A case a busy machine left undetermined (expectPassed allows one) is a skipped test in JUnit, with its reason.
    const undetermined = casesWith(forecast.stdout, 'undetermined').length;
    expect(xml).toContain(`tests="8" failures="0" errors="0" skipped="${3 + undetermined}"`);
    expect(xml).toContain(`<skipped message="${onlySeconds}"/>`);
    const page = await readFile(join(folder, 'forecast.html'), 'utf8');
    expect(page).toContain('<span class="skipped">3 skipped</span>');
    expect(page).toContain(
      '<dt>the key</dt><dd>the query parameter api_key (the client gets PETSTORE_API_KEY_IN=query, PETSTORE_API_KEY_NAME=api_key beside PETSTORE_API_KEY)</dd>',
    );
    expect(page).toContain('<dt>skipped</dt><dd>limit-http-date: the contract declares Retry-After as integer seconds');
    expect(page).toMatch(/<section class="case skip" data-index="\d" data-case="clock-behind">/);
    // The key travels in the query of every path the timelines hold: each report writes it as $PETSTORE_API_KEY.
    expect(page).toContain('/v2/alerts?per_page=1&api_key=$PETSTORE_API_KEY');
    for (const text of [xml, page, forecast.stdout, forecast.stderr]) expect(text).not.toContain(CASE_KEY);
  });
});

// `petstore-mock sdk-check --contract FILE` on APIs other than the Pet Store (2 of 2):
// DigitalOcean's API v2 as published (a bearer token; ratelimit-limit, -remaining and -reset, the
// reset an epoch second), on which the careful example client, given the API's own operations,
// passes every case (the naive loop's failures are shown on Train Travel, in the other file); and
// Redocly's Museum API (HTTP basic, no limit header and no refusal declared), on the cases its
// credential and its gaps change.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { CASE_NAMES } from '../../src/sdk-check/catalogue.js';
import { expectCases, expectPassed, type Run, runOnContract } from '../support/sdk-check-on-contracts.js';
import { expectEveryCasePassed, verdicts } from '../support/sdk-check-verdicts.js';

const MUSEUM_CASES = ['limit-seconds', 'reset-only', 'remaining-zero', 'ban', 'fault-create-reset'];

describe('petstore-mock sdk-check --contract: DigitalOcean (bearer) and the Museum API (basic)', () => {
  let careful: Run;
  let museum: Run;

  beforeAll(async () => {
    // One run at a time (nine clients at once), beside jest's other files.
    careful = await runOnContract('digitalocean', 'careful');
    museum = await runOnContract('museum', 'careful', { cases: MUSEUM_CASES });
    // A bound on a hang, well past the runs' length on a loaded machine.
  }, 240_000);

  it('passes the careful client on every case of DigitalOcean', () => {
    expectCases(careful, 'failed', []);
    expectEveryCasePassed(careful.stdout, CASE_NAMES.length);
    expect(careful.code).toBe(0);
  });

  it("speaks DigitalOcean's words: its bearer token, its ratelimit-* headers, its reset an instant", () => {
    expect(careful.stdout).toContain('On DigitalOcean API 2.0 (DigitalOcean-public.v2.yaml):');
    expect(careful.stdout).toContain(
      '  the key: Authorization: Bearer <key> (the client gets PETSTORE_API_KEY_IN=authorization, PETSTORE_API_KEY_NAME=Bearer beside PETSTORE_API_KEY)',
    );
    expect(careful.stdout).toContain(
      '  limit headers: ratelimit-limit, ratelimit-remaining, ratelimit-reset (ratelimit-reset the Unix second the window ends)',
    );
    expect(verdicts(careful.stdout).get('remaining-zero')?.why).toContain(
      'it waited for the window once ratelimit-remaining reached 0',
    );
    expect(verdicts(careful.stdout).get('fault-create-reset')?.why).toMatch(
      /^did not send POST \/v2\/tags again after its connection was reset \(it read first\)/,
    );
  });

  it('speaks the Museum API’s: basic credentials, the Pet Store’s limit headers where it declares none, its refusals given all the same', () => {
    expectPassed(museum, MUSEUM_CASES);
    expect(museum.stdout).toContain(
      '  the key: HTTP basic authentication, the key as the user name (the client gets PETSTORE_API_KEY_IN=authorization, PETSTORE_API_KEY_NAME=Basic beside PETSTORE_API_KEY)',
    );
    expect(museum.stdout).toContain("the contract declares none, so the mock sends the Pet Store's");
    expect(museum.stdout).toMatch(
      /\n {2}run as it allows: ban: the contract declares no 403 answer: the mock gives it all the same/,
    );
    expect(verdicts(museum.stdout).get('remaining-zero')?.why).toContain('once X-RateLimit-Remaining reached 0');
  });
});

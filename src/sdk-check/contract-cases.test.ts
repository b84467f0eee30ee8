// The catalogue on a contract of its own: the Pet Store's cases as the catalogue writes them; on
// another contract, its credential told to the client, each case in its words, run as it allows,
// or skipped with why where it needs what the contract lacks.
import { describe, expect, it } from '@jest/globals';
import { describeContract, loadContract } from '../openapi/load-contract.js';
import { PETSTORE_SPEC_FILE } from '../package-root.js';
import { CATALOGUE } from './catalogue.js';
import { keyPlaceEnv, withKey } from './client-credential.js';
import { planCase } from './contract-cases.js';
import { profileOf } from './contract-profile.js';

type Headers = Record<string, object>;

/** A contract of a list (and, if asked, a create) whose answers declare `headers`, its 429 `refusal`. */
function contractOf(options: { scheme: object; headers: Headers; refusal?: Headers; creates?: boolean }) {
  const answers = {
    '200': { description: 'Alerts.', headers: options.headers },
    '429': { description: 'Too many requests.', headers: { ...options.headers, ...options.refusal } },
  };
  const document = {
    openapi: '3.0.3',
    info: { title: 'Forecast Alerts', version: '2.1.0' },
    servers: [{ url: 'https://api.example.com/v2' }],
    security: [{ key: [] }],
    components: { securitySchemes: { key: options.scheme } },
    paths: {
      '/alerts': {
        get: { operationId: 'listAlerts', responses: answers },
        ...(options.creates ? { post: { operationId: 'createAlert', responses: answers } } : {}),
      },
    },
  };
  return profileOf(describeContract(document, '', 'alerts.yaml'));
}

const GITHUB_STYLE: Headers = {
  'x-ratelimit-limit': { schema: { type: 'integer' } },
  'x-ratelimit-remaining': { schema: { type: 'integer' } },
  'x-ratelimit-used': { schema: { type: 'integer' } },
  'x-ratelimit-reset': { description: 'When the window resets, in UTC epoch seconds.', schema: { type: 'integer' } },
};
const QUERY_KEY = { type: 'apiKey', in: 'query', name: 'api_key' };
const named = (name: string) => CATALOGUE.find((entry) => entry.name === name) as (typeof CATALOGUE)[number];

describe('the cases on the contract served', () => {
  it('runs every case on the Pet Store as the catalogue writes it, the key in X-API-Key', () => {
    const profile = profileOf(loadContract(PETSTORE_SPEC_FILE));
    expect(keyPlaceEnv(profile.credential)).toEqual({
      PETSTORE_API_KEY_IN: 'header',
      PETSTORE_API_KEY_NAME: 'X-API-Key',
    });
    for (const testCase of CATALOGUE) {
      const plan = planCase(testCase, profile);
      expect(plan).toEqual({ case: { ...testCase, words: profile.words }, adapted: [] });
    }
  });

  it('skips the cases that need an HTTP-date or a create where the contract has neither, and words the rest in its headers', () => {
    const profile = contractOf({
      scheme: QUERY_KEY,
      headers: GITHUB_STYLE,
      refusal: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } },
    });
    expect(keyPlaceEnv(profile.credential)).toEqual({ PETSTORE_API_KEY_IN: 'query', PETSTORE_API_KEY_NAME: 'api_key' });
    const plans = CATALOGUE.map((testCase) => planCase(testCase, profile));
    const skipped = plans.filter((plan) => plan.skipped).map((plan) => [plan.case.name, plan.skipped]);
    expect(skipped).toEqual([
      [
        'limit-http-date',
        'skipped: the contract declares Retry-After as integer seconds: its answers never carry an HTTP-date',
      ],
      [
        'clock-behind',
        'skipped: the contract declares Retry-After as integer seconds: its answers never carry an HTTP-date',
      ],
      ['fault-create-reset', 'skipped: the contract has no create (POST) operation to fault'],
    ]);
    const run = plans.filter((plan) => !plan.skipped).map((plan) => plan.case);
    expect(run.find((testCase) => testCase.name === 'reset-only')?.reproduces).toContain(
      'only x-ratelimit-reset, 5 s away',
    );
    expect(run.find((testCase) => testCase.name === 'remaining-zero')?.reproduces).toMatch(
      /^x-ratelimit-remaining: 0 on/,
    );
    expect(run.find((testCase) => testCase.name === 'ban')?.reproduces).toBe(
      'the key banned for 3 s: 403 (a banned key) with its Retry-After',
    );
    // Nothing in the Pet Store's words.
    for (const testCase of run)
      expect(`${testCase.reproduces} ${testCase.passes} ${testCase.fails}`).not.toMatch(
        /X-RateLimit|API_KEY_BANNED|\bpet\b/,
      );
    // Its 503 is declared nowhere: given all the same, and said.
    expect(plans.find((plan) => plan.case.name === 'fault-unavailable')?.adapted).toEqual([
      "the contract declares no 503 answer: the mock gives it all the same, in the shape of the operation's nearest declared error, marked X-Mock-Contract-Gap",
    ]);
  });

  it('skips the cases about the reset and the requests left where only Retry-After is declared', () => {
    const profile = contractOf({
      scheme: { type: 'http', scheme: 'basic' },
      headers: {},
      refusal: { 'Retry-After': { description: 'Seconds, or an HTTP-date.', schema: { type: 'string' } } },
      creates: true,
    });
    const skipped = CATALOGUE.flatMap((testCase) => planCase(testCase, profile).skipped ?? []);
    expect(skipped).toEqual([
      'skipped: the contract declares no limit header naming when the window resets (it declares only Retry-After): a 429 without Retry-After would tell its client nothing to wait for',
      'skipped: the contract declares no limit header of the requests left (it declares only Retry-After): its client cannot see the window run out before a 429',
    ]);
    expect(keyPlaceEnv(profile.credential)).toEqual({
      PETSTORE_API_KEY_IN: 'authorization',
      PETSTORE_API_KEY_NAME: 'Basic',
    });
    expect(withKey(profile.credential, 'k1', 'http://127.0.0.1:1/v2/alerts').headers).toEqual({
      Authorization: `Basic ${Buffer.from('k1:').toString('base64')}`,
    });
  });

  it('words the IETF structured field and runs its reset from the answer; a bearer token goes in Authorization', () => {
    const profile = contractOf({
      scheme: { type: 'oauth2', flows: {} },
      headers: { RateLimit: { schema: { type: 'string' } }, 'RateLimit-Policy': { schema: { type: 'string' } } },
      creates: true,
    });
    expect(keyPlaceEnv(profile.credential)).toEqual({
      PETSTORE_API_KEY_IN: 'authorization',
      PETSTORE_API_KEY_NAME: 'Bearer',
    });
    const resetOnly = planCase(named('reset-only'), profile);
    expect(resetOnly.skipped).toBeUndefined();
    expect(resetOnly.case.reproduces).toContain("only RateLimit's t, 5 s away");
    expect(resetOnly.adapted).toContain("the 429 names the window's end in RateLimit's t, in seconds from the answer");
    expect(planCase(named('remaining-zero'), profile).case.reproduces).toMatch(/^RateLimit: r=0 on/);
    // No Retry-After declared: RFC 9110's two forms, so the date cases run.
    expect(planCase(named('limit-http-date'), profile).skipped).toBeUndefined();
  });

  it('reads a Retry-After restricted to seconds by its type, its pattern or its words, and one that allows a date', () => {
    const retryAfter = (header: object) =>
      contractOf({ scheme: QUERY_KEY, headers: GITHUB_STYLE, refusal: { 'Retry-After': header } }).retryAfter;
    expect(retryAfter({ schema: { type: 'string', pattern: '^[0-9]+$' } })).toEqual({
      httpDate: false,
      declared: 'Retry-After with a pattern no HTTP-date matches (^[0-9]+$)',
    });
    expect(retryAfter({ description: 'The number of seconds to wait.', schema: { type: 'string' } })).toMatchObject({
      httpDate: false,
    });
    expect(
      retryAfter({ description: 'Seconds to wait, or the date after which to retry.', schema: { type: 'string' } }),
    ).toEqual({
      httpDate: true,
    });
    expect(retryAfter({ schema: { type: 'string' } })).toEqual({ httpDate: true });
  });
});

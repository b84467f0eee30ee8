// The suite judges times by the target's own clock (its Date header): a correct mock whose clock
// stands at the sunset instant, frozen, with HTTP-date Retry-After, passes; a target whose times
// disagree with its own Date fails, and one without Date is told why its times were judged
// against the suite's clock.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type RunningCli, startCli } from '../../test/support/cli.js';
import { runContractSuite } from '../run-contract-suite.js';
import { startBrokenProxy } from './broken-proxy.js';

const SUNSET = '2027-07-01T00:00:00Z';
const quiet = () => undefined;

describe('the contract suite against a target whose clock stands elsewhere', () => {
  let served: RunningCli;
  beforeAll(async () => {
    served = await startCli([
      'serve',
      '--port',
      '0',
      '--data',
      ':memory:',
      '--quiet',
      '--clock-start',
      SUNSET,
      '--clock-frozen',
      '--retry-after-format',
      'http-date',
      '--key',
      'contract-free-2:free',
      '--key',
      'contract-day:free:60:6',
    ]);
  });
  afterAll(() => served.stop());

  it('passes against `serve --clock-start 2027-07-01T00:00:00Z --clock-frozen`, HTTP-date Retry-After and the ban included', async () => {
    const result = await runContractSuite({
      baseUrl: served.apiUrl,
      apiKey: 'demo-enterprise',
      checkBan: true,
      dayLimitKey: 'contract-day',
      planKeys: [
        { plan: 'free', key: 'demo-free' },
        { plan: 'free', key: 'contract-free-2' },
      ],
      examples: 3,
      onProgress: quiet,
    });
    const failures = result.checks.filter((check) => check.status === 'failed').map((check) => check.failure);
    expect(failures).toEqual([]);
    expect(result.skipped).toBe(0);
    // At the sunset instant the deprecated operation answers 410, and the suite expects it.
    expect(result.checks.some((check) => check.title.startsWith('getPetLegacy:') && check.status === 'passed')).toBe(
      true,
    );
  }, 120_000);

  it('fails a target whose X-RateLimit-Reset is a day and more after its own Date', async () => {
    const origin = new URL(served.apiUrl).origin;
    const proxy = await startBrokenProxy(origin, {
      response: (response) => ({
        ...response,
        headers: { ...response.headers, date: new Date(Date.parse(SUNSET) - 2 * 86_400_000).toUTCString() },
      }),
    });
    try {
      const result = await runContractSuite({
        baseUrl: `${proxy.origin}/v1`,
        apiKey: 'demo-enterprise',
        operations: ['listPets'],
        checks: ['conformance'],
        onProgress: quiet,
      });
      expect(result.checks.find((check) => check.status === 'failed')?.failure).toMatch(
        /listPets: .*X-RateLimit-Reset \d+ is not a Unix time in seconds within the day after the answer's Date \(2027-06-29T00:00:00.000Z\)/,
      );
    } finally {
      await proxy.close();
    }
  }, 60_000);

  it('says so when a time check fails on an answer without Date', async () => {
    const origin = new URL(served.apiUrl).origin;
    const proxy = await startBrokenProxy(origin, {
      response: (response) => {
        const { date: _dropped, ...headers } = response.headers;
        return { ...response, headers };
      },
    });
    try {
      const result = await runContractSuite({
        baseUrl: `${proxy.origin}/v1`,
        apiKey: 'demo-enterprise',
        operations: ['listPets'],
        checks: ['conformance'],
        onProgress: quiet,
      });
      expect(result.checks.find((check) => check.status === 'failed')?.failure).toContain(
        'the answer has no valid Date header, so the suite compared with its own clock',
      );
    } finally {
      await proxy.close();
    }
  }, 60_000);
});

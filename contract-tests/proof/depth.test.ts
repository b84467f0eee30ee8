// The suite's depth, proven: implementations broken where one fixed request does not look (at a
// bound, in a default, in a filter, in a business rule, in the rate-limit headers), each caught
// by the narrowest run that should catch it, with a failure that names the operation and the
// rule, shows what was expected and what came back, and a curl line.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createMockServer, type MockServer } from '../../src/server/server.js';
import { runContractSuite } from '../run-contract-suite.js';
import { DAY_LIMITED_KEY, DAY_UNLIMITED_KEY } from './breakage-helpers.js';
import { startBrokenProxy } from './broken-proxy.js';
import { DEPTH_BREAKAGES } from './depth-breakages.js';

const API_KEY = 'demo-enterprise';

let mock: MockServer;
beforeAll(async () => {
  mock = await createMockServer({ data: ':memory:' });
});
afterAll(() => mock.close());

describe('the contract suite against implementations broken in depth', () => {
  it('has at least two of each kind', () => {
    const kinds = new Map<string, number>();
    for (const { depth } of DEPTH_BREAKAGES) kinds.set(depth, (kinds.get(depth) ?? 0) + 1);
    expect([...kinds.values()].every((count) => count >= 2)).toBe(true);
    expect([...kinds.keys()].sort()).toEqual([
      'concurrency',
      'edges',
      'generated',
      'lists',
      'meaning',
      'plan limits',
      'range',
      'rate limits',
      'rules',
      'values',
    ]);
  });

  it.each(DEPTH_BREAKAGES.map((entry, index) => ({ ...entry, index })))(
    '$depth: catches $name',
    async ({
      breakage,
      caughtAs,
      checks,
      operations,
      operation,
      rateLimitKey,
      planKeys,
      dayLimitKey,
      mockControl,
      index,
    }) => {
      const limitKey = `contract-depth-${index}`;
      if (rateLimitKey) await mock.control.putKey(limitKey, 'free', { perMinute: 12, perDay: 1000 });
      const freeKeys = [`contract-depth-${index}-free-1`, `contract-depth-${index}-free-2`];
      if (planKeys) for (const key of freeKeys) await mock.control.putKey(key, 'free');
      if (dayLimitKey) {
        await mock.control.putKey(DAY_LIMITED_KEY, 'free', { perMinute: 60, perDay: 6 });
        await mock.control.putKey(DAY_UNLIMITED_KEY, 'free', { perMinute: 60, perDay: 100_000 });
      }
      const proxy = await startBrokenProxy(mock.origin, breakage(mock.origin));
      try {
        const result = await runContractSuite({
          baseUrl: `${proxy.origin}/v1`,
          apiKey: API_KEY,
          checks,
          operations,
          examples: 10,
          seed: 20260701,
          ...(rateLimitKey ? { rateLimitKey: limitKey, checkBan: true } : {}),
          ...(planKeys ? { planKeys: freeKeys.map((key) => ({ plan: 'free', key })) } : {}),
          ...(dayLimitKey ? { dayLimitKey: DAY_LIMITED_KEY } : {}),
          mockControl: mockControl === true,
          onProgress: () => undefined,
        });
        const failures = result.checks.filter((check) => check.status === 'failed');
        // What the report shows: the check's title (its operation and rule), then its failure.
        const caught = failures.find((check) => caughtAs.test(`${check.title}\n${check.failure ?? ''}`));
        if (!caught) {
          const seen = failures.map((check) => `${check.title}\n${check.failure?.slice(0, 900)}`).join('\n---\n');
          throw new Error(`Not caught as ${caughtAs}; the run's ${failures.length} failure(s):\n${seen}`);
        }
        expect(caught.title).toMatch(new RegExp(`^${operation}: `));
        expect(caught.failure).toMatch(/Expected: /);
        expect(caught.failure).toMatch(/Reproduce: curl -i -X [A-Z]+ /);
        expect(caught.failure).toMatch(/Got: +HTTP \d{3}/);
      } finally {
        await proxy.close();
      }
    },
    90_000,
  );
});

// Faults are still caught when one key is given in every role (--api-key, --rate-limit-key,
// --plan-key, --check-ban), as a team with one test key per plan runs the suite: the order that
// keeps the key's room for the checks that need it hides no fault, and a countdown the run shares
// with no one is judged as strictly as one on a key it made.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createMockServer, type MockServer } from '../../src/server/server.js';
import { runContractSuite } from '../run-contract-suite.js';
import { setHeader } from './breakage-helpers.js';
import { type Breakage, startBrokenProxy } from './broken-proxy.js';

let mock: MockServer;
beforeAll(async () => {
  mock = await createMockServer({ data: ':memory:' });
});
afterAll(() => mock.close());

const BREAKAGES: Array<{ name: string; breakage: Breakage; caughtAs: RegExp }> = [
  {
    name: 'X-RateLimit-Remaining falling by two per request',
    breakage: {
      response: (response) =>
        response.status === 200 && response.headers['x-ratelimit-remaining'] !== undefined
          ? setHeader(
              response,
              'x-ratelimit-remaining',
              String(Math.max(0, 2 * Number(response.headers['x-ratelimit-remaining']) - 300)),
            )
          : response,
    },
    caughtAs: /X-RateLimit-Remaining is \d+ after one more request/,
  },
  {
    name: "a pro key held to the free plan's figure",
    breakage: {
      response: (response) =>
        response.headers['x-ratelimit-limit'] === '300'
          ? setHeader(
              setHeader(response, 'x-ratelimit-limit', '60'),
              'x-ratelimit-remaining',
              String(Math.min(60, Number(response.headers['x-ratelimit-remaining']))),
            )
          : response,
    },
    caughtAs:
      /X-RateLimit-Limit of a pro key \(\$PETSTORE_PLAN_KEY_PRO\) is the plan's 300 a minute[\s\S]*X-RateLimit-Limit is 60/,
  },
];

describe('the contract suite with one key in every role, against broken implementations', () => {
  it.each(BREAKAGES.map((entry, index) => ({ ...entry, index })))(
    'catches $name',
    async ({ breakage, caughtAs, index }) => {
      const key = `contract-roles-${index}`;
      await mock.control.putKey(key, 'pro');
      const proxy = await startBrokenProxy(mock.origin, breakage);
      try {
        const result = await runContractSuite({
          baseUrl: `${proxy.origin}/v1`,
          apiKey: key,
          rateLimitKey: key,
          planKeys: [{ plan: 'pro', key }],
          checkBan: true,
          checks: ['rate-limits'],
          operations: ['listPets'],
          mockControl: false,
          onProgress: () => undefined,
        });
        const failures = result.checks.filter((check) => check.status === 'failed');
        expect(failures.map((check) => `${check.title}\n${check.failure ?? ''}`).join('\n---\n')).toMatch(caughtAs);
      } finally {
        await proxy.close();
      }
    },
    60_000,
  );
});

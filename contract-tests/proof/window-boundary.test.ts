// A correct implementation whose minute ends while the suite drives a key to its limit (a minute
// boundary, likelier on a busy machine) passes: the countdown is followed into the new window.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createMockServer, type MockServer } from '../../src/server/server.js';
import { runContractSuite } from '../run-contract-suite.js';
import { startBrokenProxy } from './broken-proxy.js';

let mock: MockServer;
beforeAll(async () => {
  mock = await createMockServer({ data: ':memory:' });
});
afterAll(() => mock.close());

describe('the contract suite across a window boundary', () => {
  it("passes a mock whose minute ends midway through the drive of the run's limit key", async () => {
    let limitKeyRequests = 0;
    // Not broken: only the mock's clock moves a minute on, before the key's third request.
    const proxy = await startBrokenProxy(mock.origin, {
      request: async (request) => {
        if (/^contract-run-[0-9a-f]+-limit$/.test(request.headers['x-api-key'] ?? '')) {
          limitKeyRequests += 1;
          if (limitKeyRequests === 3) await mock.control.moveClock({ advanceSeconds: 60 });
        }
        return request;
      },
    });
    try {
      const result = await runContractSuite({
        baseUrl: `${proxy.origin}/v1`,
        apiKey: 'demo-enterprise',
        checks: ['rate-limits'],
        operations: ['listPets'],
        onProgress: () => undefined,
      });
      expect(limitKeyRequests).toBeGreaterThan(12);
      expect(result.checks.filter((check) => check.status === 'failed').map((check) => check.failure)).toEqual([]);
    } finally {
      await proxy.close();
    }
  }, 90_000);
});

// The whole contract suite run through the validation proxy in front of a correct mock: the
// suite passes, and the proxy finds no breach in any answer (its deliberate bad requests show
// up as request violations only).
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { createMockServer, type MockServer } from '../../src/server/server.js';
import { runContractSuite } from '../run-contract-suite.js';

let mock: MockServer;
let proxy: MockServer;
const violationLines: string[] = [];
beforeAll(async () => {
  mock = await createMockServer({ data: ':memory:', log: () => undefined, logRequests: false });
  const origin = new URL(mock.url);
  proxy = await createMockServer({
    data: ':memory:',
    logRequests: false,
    log: (line) => violationLines.push(line),
    proxy: {
      upstream: { origin, basePath: origin.pathname, timeoutMs: 10_000 },
      errors: false,
      simulateLimits: false,
    },
  });
});
afterAll(async () => {
  await proxy.close();
  await mock.close();
});

it('passes through the proxy with no response violation', async () => {
  const result = await runContractSuite({ baseUrl: proxy.url, apiKey: 'demo-enterprise', onProgress: () => undefined });
  expect(
    result.checks.filter((check) => check.status === 'failed').map((check) => `${check.title}: ${check.failure ?? ''}`),
  ).toEqual([]);
  expect(result.passed).toBeGreaterThan(0);
  const listed = (await (await fetch(`${proxy.origin}/__mock/violations`)).json()) as {
    violations: Array<{ location: string; message: string }>;
  };
  expect(listed.violations.filter((violation) => violation.location === 'response')).toEqual([]);
  // The suite's negative checks send bad requests on purpose: the proxy names them.
  expect(listed.violations.some((violation) => violation.location === 'request')).toBe(true);
  expect(violationLines.filter((line) => / response /.test(line))).toEqual([]);
}, 240_000);

// The example of docs/proxy.md, run as it is printed there.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { createMockServer, type MockServer } from '../../src/index.js';

let backend: MockServer; // stands in for your real backend (staging, or one started by the test)
let proxy: MockServer;
beforeAll(async () => {
  backend = await createMockServer();
  const upstream = new URL(backend.url);
  // Its clock stands still but for the SDK's advances: the gaps it judges are the SDK's own, on any machine.
  proxy = await createMockServer({
    clockFrozen: true,
    proxy: {
      upstream: { origin: upstream, basePath: upstream.pathname, timeoutMs: 30_000 },
      errors: false,
      simulateLimits: false,
    },
  });
});
afterAll(async () => {
  await proxy.close();
  await backend.close();
});

/** Stands in for the SDK under test, pointed at the proxy: it honours Retry-After and backs off. */
async function sdkListPets(): Promise<number> {
  let backoffSeconds = 1;
  for (;;) {
    const res = await fetch(`${proxy.url}/pets`, { headers: { 'X-API-Key': 'demo-pro' } });
    if (res.status !== 429) return res.status;
    proxy.clock.advance(Math.max(Number(res.headers.get('Retry-After')), backoffSeconds)); // instead of sleeping
    backoffSeconds *= 2;
  }
}

test('the SDK waits out a storm in front of a real backend, and every answer keeps the contract', async () => {
  await proxy.control.startStorm({ requests: 2, keys: ['demo-pro'] }); // two 429s from the proxy, the backend untouched

  expect(await sdkListPets()).toBe(200);

  const report = await proxy.control.compliance('demo-pro');
  expect(report).toMatchObject({ compliant: true, honouredRetryAfter: true, backedOff: true, refused: 2 });
  const { violations } = (await (await fetch(`${proxy.origin}/__mock/violations`)).json()) as { violations: unknown[] };
  expect(violations).toEqual([]);
});

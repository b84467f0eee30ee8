// The "For SDK authors" example of docs/sdk-check.md, run as it is printed there.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { createMockServer, type MockServer } from '../../src/index.js';

let mock: MockServer;
beforeAll(async () => {
  mock = await createMockServer({ clockStart: '2026-11-21T10:00:00Z', clockFrozen: true });
  await mock.control.putKey('sdk-under-test', 'free', { perMinute: 3, perDay: 1000 });
});
afterAll(() => mock.close());

/** Stands in for the SDK under test: it honours Retry-After and doubles its wait each time. */
async function sdkListPets(): Promise<number> {
  let backoffSeconds = 1;
  for (;;) {
    const res = await fetch(`${mock.url}/pets`, { headers: { 'X-API-Key': 'sdk-under-test' } });
    if (res.status !== 429) return res.status;
    const retryAfter = Number(res.headers.get('Retry-After'));
    mock.clock.advance(Math.max(retryAfter, backoffSeconds)); // instead of sleeping
    backoffSeconds *= 2;
  }
}

test('the SDK waits out a 429 storm as Retry-After says, and backs off', async () => {
  for (let call = 0; call < 3; call += 1) expect(await sdkListPets()).toBe(200); // the key is now at its limit
  await mock.control.startStorm({ requests: 3, keys: ['sdk-under-test'] }); // and three more 429s come on top

  expect(await sdkListPets()).toBe(200);

  const report = await mock.control.compliance('sdk-under-test');
  expect(report.violations).toEqual([]);
  expect(report).toMatchObject({ compliant: true, honouredRetryAfter: true, backedOff: true });
  expect(report.refused).toBeGreaterThanOrEqual(3);

  const timeline = await mock.control.timeline('sdk-under-test'); // what the dashboard draws, as data
  expect(timeline.counts).toMatchObject({ storm: 3, 'rate-limited': 1, tooEarly: 0 });
});

// The workbench in front of a real upstream, per scope: latency set through the proxy's control
// API delays the proxied answers, and the clock set through it drives the Date, X-RateLimit-Reset
// and Retry-After of the proxy's answers, in that scope only.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createMockServer, type MockServer } from '../../src/server/server.js';
import { brokenUpstream, expectKeepsContract, rateLimitOf, startProxy } from '../support/proxy.js';

const AT = '2031-03-04T05:06:07Z';
const AT_SECONDS = Date.parse(AT) / 1000;
const AT_HTTP_DATE = 'Tue, 04 Mar 2031 05:06:07 GMT';
const MINUTE_END = Date.parse('2031-03-04T05:07:00Z') / 1000;

async function control(proxy: MockServer, scope: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${proxy.origin}/__mock${path}`, {
    method,
    headers: { 'X-Mock-Scope': scope, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.status).toBeLessThan(300);
  return res;
}

async function timed(url: string, headers: Record<string, string>): Promise<{ res: Response; ms: number }> {
  const startedAt = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  return { res, ms: performance.now() - startedAt };
}

let mock: MockServer;
let upstream: Awaited<ReturnType<typeof brokenUpstream>>;
beforeAll(async () => {
  mock = await createMockServer({ data: ':memory:', log: () => undefined, logRequests: false });
  upstream = await brokenUpstream(mock, {});
});
afterAll(async () => {
  await upstream.close();
  await mock.close();
});

describe('latency through the proxy', () => {
  let proxy: MockServer;
  beforeAll(async () => {
    ({ proxy } = await startProxy(upstream.url));
  });
  afterAll(async () => {
    await proxy.close();
  });

  // What must hold at any speed: a delayed answer takes at least the latency, and an answer
  // without it comes before a delayed one sent at the same moment (not: under some time).
  const LATENCY_MS = 4_000;
  it("delays the upstream's answers in the scope that set it, and only for the operations it names", async () => {
    const scope = { 'X-Mock-Scope': 'slow-network' };
    const key = { 'X-API-Key': 'demo-pro' };
    await control(proxy, 'slow-network', 'PUT', '/latency', { ms: LATENCY_MS, operations: ['listPets'] });

    const finished: string[] = [];
    const send = async (name: string, url: string, headers: Record<string, string>) => {
      const sent = await timed(url, headers);
      finished.push(name);
      return sent;
    };
    const [delayed, otherOperation, otherScope] = await Promise.all([
      send('delayed', `${proxy.url}/pets?limit=1`, { ...key, ...scope }),
      send('other operation', `${proxy.url}/categories?limit=1`, { ...key, ...scope }),
      send('other scope', `${proxy.url}/pets?limit=1`, key),
    ]);
    expect([delayed.res.status, otherOperation.res.status, otherScope.res.status]).toEqual([200, 200, 200]);
    expect(delayed.ms).toBeGreaterThanOrEqual(LATENCY_MS - 10);
    expect(finished.at(-1)).toBe('delayed');

    // Once removed, the scope's answers come before those of a scope still delayed.
    await control(proxy, 'slow-network', 'DELETE', '/latency');
    await control(proxy, 'still-slow', 'PUT', '/latency', { ms: LATENCY_MS, operations: ['listPets'] });
    finished.length = 0;
    await Promise.all([
      send('still delayed', `${proxy.url}/pets?limit=1`, { ...key, 'X-Mock-Scope': 'still-slow' }),
      send('no longer delayed', `${proxy.url}/pets?limit=1`, { ...key, ...scope }),
    ]);
    expect(finished).toEqual(['no longer delayed', 'still delayed']);
  });
});

describe("the clock through the proxy, in front of an upstream's own limits", () => {
  let proxy: MockServer;
  beforeAll(async () => {
    ({ proxy } = await startProxy(upstream.url));
  });
  afterAll(async () => {
    await proxy.close();
  });

  it("puts a storm's Date, Retry-After and X-RateLimit-Reset on the scope's clock, the upstream's answers untouched", async () => {
    const scope = 'clock-2031';
    const headers = { 'X-API-Key': 'demo-pro', 'X-Mock-Scope': scope };
    await control(proxy, scope, 'POST', '/clock', { now: AT, frozen: true });
    await control(proxy, scope, 'PATCH', '/settings', { retryAfterFormat: 'http-date' });
    await control(proxy, scope, 'POST', '/storms', { requests: 1, retryAfterSeconds: 30 });

    // Nothing heard from the upstream yet in this scope: the proxy's own count, on the scope's clock.
    const first = await fetch(`${proxy.url}/pets?limit=1`, { headers });
    expect(first.status).toBe(429);
    expect(first.headers.get('date')).toBe(AT_HTTP_DATE);
    expect(first.headers.get('retry-after')).toBe('Tue, 04 Mar 2031 05:06:37 GMT');
    expect(rateLimitOf(first)).toEqual({ limit: 300, remaining: 300, reset: MINUTE_END });
    await expectKeepsContract('listPets', first, `${proxy.url}/pets?limit=1`);

    // The upstream's answer passes through with its own Date and limits (real time).
    const forwarded = await fetch(`${proxy.url}/pets?limit=1`, { headers });
    expect(forwarded.status).toBe(200);
    const upstreamDate = Date.parse(forwarded.headers.get('date') ?? '');
    expect(Math.abs(upstreamDate - Date.now())).toBeLessThan(10_000);
    const upstreamLimits = rateLimitOf(forwarded);

    // The next storm answer repeats the upstream's values, its Reset carried over to the scope's clock.
    await control(proxy, scope, 'POST', '/storms', { requests: 1, retryAfterSeconds: 30 });
    const second = await fetch(`${proxy.url}/pets?limit=1`, { headers });
    expect(second.status).toBe(429);
    expect(second.headers.get('date')).toBe(AT_HTTP_DATE);
    expect(rateLimitOf(second)).toEqual({
      limit: upstreamLimits.limit,
      remaining: upstreamLimits.remaining,
      reset: AT_SECONDS + (upstreamLimits.reset - upstreamDate / 1000),
    });
    await expectKeepsContract('listPets', second, `${proxy.url}/pets?limit=1`);

    // The default scope's clock runs on, at real time.
    const clock = (await (await fetch(`${proxy.origin}/__mock/clock`)).json()) as { now: string; frozen: boolean };
    expect(clock.frozen).toBe(false);
    expect(Math.abs(Date.parse(clock.now) - Date.now())).toBeLessThan(10_000);
  });
});

describe('the clock through the proxy with --simulate-limits', () => {
  let proxy: MockServer;
  beforeAll(async () => {
    ({ proxy } = await startProxy(upstream.url, { simulateLimits: true }));
  });
  afterAll(async () => {
    await proxy.close();
  });

  it("answers with the proxy's own limits on the scope's clock, and a moved clock opens the next window", async () => {
    const scope = 'simulated-2031';
    const headers = { 'X-API-Key': 'demo-pro', 'X-Mock-Scope': scope };
    await control(proxy, scope, 'PUT', '/keys/demo-pro', { plan: 'pro', limits: { perMinute: 2, perDay: 100 } });
    await control(proxy, scope, 'POST', '/clock', { now: AT, frozen: true });
    const hitsBefore = upstream.hits();

    for (const remaining of [1, 0]) {
      const res = await fetch(`${proxy.url}/pets?limit=1`, { headers });
      expect(res.status).toBe(200);
      // The upstream says 300 a minute on its own clock; the proxy's values and Date replace them.
      expect(res.headers.get('date')).toBe(AT_HTTP_DATE);
      expect(rateLimitOf(res)).toEqual({ limit: 2, remaining, reset: MINUTE_END });
      await expectKeepsContract('listPets', res, `${proxy.url}/pets?limit=1`);
    }
    const limited = await fetch(`${proxy.url}/pets?limit=1`, { headers });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe(String(MINUTE_END - AT_SECONDS));
    await expectKeepsContract('listPets', limited, `${proxy.url}/pets?limit=1`);
    expect(upstream.hits()).toBe(hitsBefore + 2);

    await control(proxy, scope, 'POST', '/clock', { advanceSeconds: 60 });
    const nextWindow = await fetch(`${proxy.url}/pets?limit=1`, { headers });
    expect(nextWindow.status).toBe(200);
    expect(rateLimitOf(nextWindow)).toEqual({ limit: 2, remaining: 1, reset: MINUTE_END + 60 });
  });
});

// The answers the validation proxy gives itself (502 and 504 of the upstream's faults, a storm's
// 429, the 4xx of --errors) keep the contract, as the contract suite judges any answer, and carry
// X-RateLimit-* values the proxy can stand behind (spec: x-proxy-rate-limit-headers).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createMockServer, type MockServer } from '../../src/server/server.js';
import { brokenUpstream, expectKeepsContract, rateLimitOf, startProxy } from '../support/proxy.js';

const contractBugs = (lines: string[]) => lines.filter((line) => /CONTRACT BUG|INTERNAL ERROR/.test(line));

describe('an upstream that cannot be reached', () => {
  let proxy: MockServer;
  let logLines: string[];
  beforeAll(async () => {
    const closed: Server = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    ({ proxy, logLines } = await startProxy(`http://127.0.0.1:${port}/v1`));
    // Frozen, so that no minute boundary falls between a request's count and its answer.
    await proxy.control.moveClock({ frozen: true });
  });
  afterAll(async () => {
    await proxy.close();
  });

  it("502 carries the proxy's count against the plan it knows for the key", async () => {
    const res = await fetch(`${proxy.url}/pets`, { headers: { 'X-API-Key': 'demo-enterprise' } });
    expect(res.status).toBe(502);
    expect(rateLimitOf(res)).toMatchObject({ limit: 10_000, remaining: 9_999 });
    await expectKeepsContract('listPets', res, `${proxy.url}/pets`);
    expect(contractBugs(logLines)).toEqual([]);
  });

  it('502 counts a key the proxy does not know, and a request without a key, in the Free plan', async () => {
    const unknown = await fetch(`${proxy.url}/categories`, { headers: { 'X-API-Key': 'staging-key-7' } });
    expect(rateLimitOf(unknown)).toMatchObject({ limit: 60, remaining: 59 });
    await expectKeepsContract('listCategories', unknown, `${proxy.url}/categories`);
    const keyless = await fetch(`${proxy.url}/categories`);
    expect(keyless.status).toBe(502);
    expect(rateLimitOf(keyless)).toMatchObject({ limit: 60, remaining: 59 });
    await expectKeepsContract('listCategories', keyless, `${proxy.url}/categories`);
    expect(contractBugs(logLines)).toEqual([]);
  });
});

describe('an upstream slower than --upstream-timeout', () => {
  it('is answered 504, keeping the contract', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { proxy, logLines } = await startProxy(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`, {
      timeoutMs: 300,
    });
    try {
      // Frozen, so that no minute boundary falls between the request's count and its 504.
      await proxy.control.moveClock({ frozen: true });
      const res = await fetch(`${proxy.url}/pets/by-id/1`, { headers: { 'X-API-Key': 'demo-pro' } });
      expect(res.status).toBe(504);
      expect(rateLimitOf(res)).toMatchObject({ limit: 300, remaining: 299 });
      await expectKeepsContract('getPet', res, `${proxy.url}/pets/by-id/1`);
      expect(contractBugs(logLines)).toEqual([]);
    } finally {
      await proxy.close();
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('in front of a mock that answers its own X-RateLimit-*', () => {
  let mock: MockServer;
  const closers: Array<() => Promise<void>> = [];
  // The upstream and the proxy stand at one instant, so that however slow the machine, no
  // minute boundary ends the upstream's window between its answer and the proxy's own.
  const instant = new Date('2026-11-21T10:00:30Z');
  beforeAll(async () => {
    mock = await createMockServer({ data: ':memory:', log: () => undefined, logRequests: false });
    await mock.control.moveClock({ now: instant, frozen: true });
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await mock.close();
  });

  it("repeats the upstream's last values for the key on the answers it gives itself (--errors, a storm)", async () => {
    const { proxy, logLines } = await startProxy(mock.url, { errors: true });
    closers.push(() => proxy.close());
    await proxy.control.moveClock({ now: instant, frozen: true });
    const key = { 'X-API-Key': 'demo-business' };
    const forwarded = await fetch(`${proxy.url}/pets?limit=1`, { headers: key });
    expect(forwarded.status).toBe(200);
    const upstream = rateLimitOf(forwarded);
    expect(upstream.limit).toBe(1_000);

    const refused = await fetch(`${proxy.url}/pets?limit=abc`, { headers: key });
    expect(refused.status).toBe(400);
    expect(rateLimitOf(refused)).toEqual(upstream);
    await expectKeepsContract('listPets', refused, `${proxy.url}/pets?limit=abc`);

    await proxy.control.startStorm({ requests: 1, keys: ['demo-business'] });
    const storm = await fetch(`${proxy.url}/pets?limit=1`, { headers: key });
    expect(storm.status).toBe(429);
    expect(rateLimitOf(storm)).toEqual(upstream);
    await expectKeepsContract('listPets', storm, `${proxy.url}/pets?limit=1`);
    expect(contractBugs(logLines)).toEqual([]);
  });

  it("with --errors, the 502 that replaces a broken answer keeps the contract, on the proxy's own values", async () => {
    const upstream = await brokenUpstream(mock, {
      response: (answer) => ({
        ...answer,
        headers: Object.fromEntries(Object.entries(answer.headers).filter(([name]) => name !== 'x-ratelimit-limit')),
      }),
    });
    const { proxy, logLines } = await startProxy(upstream.url, { errors: true });
    closers.push(upstream.close, () => proxy.close());
    // Frozen at now, so that no minute boundary falls between the request's count and its 502.
    await proxy.control.moveClock({ frozen: true });
    const res = await fetch(`${proxy.url}/categories`, { headers: { 'X-API-Key': 'demo-free' } });
    expect(res.status).toBe(502);
    // The upstream's values are broken: the proxy's count of demo-free's requests, on its own clock.
    expect(rateLimitOf(res)).toMatchObject({ limit: 60, remaining: 59 });
    expect(Math.abs(Date.parse(res.headers.get('date') ?? '') - Date.now())).toBeLessThan(5_000);
    await expectKeepsContract('listCategories', res, `${proxy.url}/categories`);
    expect(contractBugs(logLines)).toEqual([]);
  });
});

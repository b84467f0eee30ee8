// Faults beyond 429 in the validation proxy: they break the proxy's own answers, as storms refuse
// there; a reset after the upstream stored a create leaves the create stored upstream, a 503 never
// reaches the upstream and keeps the contract; with --simulate-limits and in a scope alike. And an
// upstream on a port that fetch refuses is reached all the same.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createMockServer, type MockServer } from '../../src/server/server.js';
import { freeBlockedPort } from '../support/blocked-port.js';
import { exchange } from '../support/exchange.js';
import { expectKeepsContract, startProxy } from '../support/proxy.js';

const KEY = { 'X-API-Key': 'demo-pro' };

describe.each([false, true])('faults in the proxy (--simulate-limits: %p)', (simulateLimits) => {
  let backend: MockServer;
  let proxy: MockServer;
  beforeAll(async () => {
    backend = await createMockServer({ data: ':memory:', port: 0, log: false });
    ({ proxy } = await startProxy(backend.url, { simulateLimits }));
  });
  afterAll(async () => {
    await proxy.close();
    await backend.close();
  });

  it('resets the answer of a create the upstream stored: the client sees ECONNRESET, the pet is upstream', async () => {
    await proxy.control.startFault({ kind: 'reset', requests: 1, operations: ['createPet'] });
    const name = `Lost-${simulateLimits}`;
    const create = await exchange(`${proxy.url}/pets`, {
      method: 'POST',
      headers: KEY,
      body: JSON.stringify({ name, categoryId: 1 }),
    });
    expect(create.error).toBe('ECONNRESET');
    const stored = await fetch(`${backend.url}/pets?name=${name}`, { headers: KEY });
    expect(await stored.json()).toEqual([expect.objectContaining({ name })]);
    const recorded = (await proxy.control.requests('demo-pro')).at(-1);
    expect(recorded).toMatchObject({ method: 'POST', status: 201, fault: 'reset' });
  });

  it("cuts the upstream's answer short of its Content-Length on its way to the client", async () => {
    await proxy.control.startFault({ kind: 'cut', requests: 1, keys: ['demo-pro'] });
    const cut = await exchange(`${proxy.url}/pets?limit=5`, { headers: KEY });
    expect(cut).toMatchObject({ status: 200, complete: false });
    expect(Buffer.byteLength(cut.body)).toBe(Math.floor(Number(cut.headers?.['content-length']) / 2));
  });

  it('answers 503 SERVICE_UNAVAILABLE itself, keeping the contract, and the upstream never sees the request', async () => {
    await proxy.control.startFault({ kind: 'unavailable', requests: 1, retryAfterSeconds: 3 });
    const before = (await backend.control.requests('demo-pro')).length;
    const res = await fetch(`${proxy.url}/categories`, { headers: KEY });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('3');
    await expectKeepsContract('listCategories', res, `${proxy.url}/categories`);
    expect((await backend.control.requests('demo-pro')).length).toBe(before);
  });

  it("keeps a scope's faults to the scope", async () => {
    const scope = proxy.scope('faulty');
    await scope.control.startFault({ kind: 'unavailable' });
    expect((await fetch(`${proxy.url}/categories`, { headers: { ...KEY, ...scope.headers } })).status).toBe(503);
    expect((await fetch(`${proxy.url}/categories`, { headers: KEY })).status).toBe(200);
    expect((await proxy.control.state()).faults.filter((fault) => fault.running)).toEqual([]);
  });
});

describe('an upstream on a port that fetch refuses', () => {
  it('is reached by the proxy (node:http), and through the proxy by a client built on fetch', async () => {
    const backend = await createMockServer({ data: ':memory:', port: await freeBlockedPort(), log: false });
    const { proxy } = await startProxy(backend.url);
    try {
      await expect(fetch(`${backend.url}/pets`, { headers: KEY })).rejects.toThrow();
      const res = await fetch(`${proxy.url}/pets?limit=1`, { headers: KEY });
      expect(res.status).toBe(200);
      expect(await res.json()).toHaveLength(1);
    } finally {
      await proxy.close();
      await backend.close();
    }
  });
});

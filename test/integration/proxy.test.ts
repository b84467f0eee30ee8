// The validation proxy (`petstore-mock proxy`) in front of real HTTP upstreams: a correct mock,
// mocks broken on purpose, a dead one and a slow one. Every exchange is checked against the contract.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Breakage } from '../../contract-tests/proof/broken-proxy.js';
import { MAX_UPSTREAM_BODY_BYTES } from '../../src/proxy/upstream-client.js';
import { createMockServer, type MockServer } from '../../src/server/server.js';
import { brokenUpstream, type StartedProxy, startProxy, violationsOf } from '../support/proxy.js';

const KEY = { 'X-API-Key': 'demo-enterprise' };

describe('the proxy in front of a correct mock', () => {
  let mock: MockServer;
  let started: StartedProxy;
  beforeAll(async () => {
    mock = await createMockServer({ data: ':memory:', log: () => undefined, logRequests: false });
    started = await startProxy(mock.url);
  });
  afterAll(async () => {
    await started.proxy.close();
    await mock.close();
  });

  it("forwards path, query and key, and passes the upstream's answer and headers through untouched", async () => {
    const direct = await fetch(`${mock.url}/pets?limit=2`, { headers: KEY });
    const proxied = await fetch(`${started.proxy.url}/pets?limit=2`, { headers: KEY });
    expect(proxied.status).toBe(200);
    expect(await proxied.json()).toEqual(await direct.json());
    expect(proxied.headers.get('x-ratelimit-limit')).toBe(direct.headers.get('x-ratelimit-limit'));
    expect(proxied.headers.get('x-contract-violations')).toBeNull();
    expect(await violationsOf(started.proxy)).toEqual([]);
  });

  it('records a bad request as a request violation and still forwards it', async () => {
    const res = await fetch(`${started.proxy.url}/pets?limit=abc`, { headers: KEY });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-contract-violations')).toBe('1');
    const [violation] = await violationsOf(started.proxy);
    expect(violation).toMatchObject({ operationId: 'listPets', location: 'request' });
    expect(violation?.message).toMatch(/limit/);
    expect(violation?.curl).toContain(`${mock.url}/pets?limit=abc`);
    expect(started.logLines.some((line) => /^CONTRACT VIOLATION listPets request/.test(line))).toBe(true);
    expect((await fetch(`${started.proxy.origin}/__mock/violations`, { method: 'DELETE' })).status).toBe(204);
    expect(await violationsOf(started.proxy)).toEqual([]);
  });
});

describe('the proxy in front of broken upstreams', () => {
  let mock: MockServer;
  const closers: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    mock = await createMockServer({ data: ':memory:', log: () => undefined, logRequests: false });
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await mock.close();
  });
  const withProxy = async (breakage: Breakage, errors = false) => {
    const upstream = await brokenUpstream(mock, breakage);
    const started = await startProxy(upstream.url, { errors });
    closers.push(upstream.close, () => started.proxy.close());
    return { ...started, upstream };
  };

  const cases: Array<[string, Breakage, RegExp]> = [
    [
      'a field of the wrong type',
      {
        response: (answer) => {
          const body = JSON.parse(answer.body) as Array<Record<string, unknown>>;
          if (body[0]) body[0].name = 42;
          return { ...answer, body: JSON.stringify(body) };
        },
      },
      /name/,
    ],
    [
      'a missing required header',
      {
        response: (answer) => ({
          ...answer,
          headers: Object.fromEntries(Object.entries(answer.headers).filter(([name]) => name !== 'x-ratelimit-limit')),
        }),
      },
      /header X-RateLimit-Limit is required/,
    ],
    ['an undeclared status', { response: (answer) => ({ ...answer, status: 418 }) }, /418/],
    [
      'a body that is not the JSON it claims',
      { response: (answer) => ({ ...answer, body: '[{"id": ' }) },
      /not the JSON its Content-Type/,
    ],
  ];

  for (const [name, breakage, named] of cases) {
    it(`names ${name}, and marks the answer`, async () => {
      const { proxy } = await withProxy(breakage);
      const res = await fetch(`${proxy.url}/pets`, { headers: KEY });
      await res.arrayBuffer();
      expect(Number(res.headers.get('x-contract-violations'))).toBeGreaterThanOrEqual(1);
      const violations = await violationsOf(proxy);
      expect(violations.length).toBeGreaterThanOrEqual(1);
      expect(violations.every((violation) => violation.location === 'response')).toBe(true);
      expect(violations.map((violation) => violation.message).join('\n')).toMatch(named);
    });
  }

  it('with --errors, answers a broken answer with 502 UPSTREAM_CONTRACT_VIOLATION naming it', async () => {
    const { proxy } = await withProxy(cases[1]?.[1] ?? {}, true);
    const res = await fetch(`${proxy.url}/pets`, { headers: KEY });
    expect(res.status).toBe(502);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe('UPSTREAM_CONTRACT_VIOLATION');
    expect(body.message).toMatch(/X-RateLimit-Limit is required/);
  });

  it('with --errors, refuses a bad request itself: it never reaches the upstream', async () => {
    const { proxy, upstream } = await withProxy({}, true);
    const res = await fetch(`${proxy.url}/pets?limit=abc`, { headers: KEY });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('INVALID_PARAMETER');
    expect(upstream.hits()).toBe(0);
    expect((await fetch(`${proxy.url}/pets?limit=2`, { headers: KEY })).status).toBe(200);
    expect(upstream.hits()).toBe(1);
  });
});

describe('the proxy in front of a dead or slow upstream', () => {
  it('answers 502 UPSTREAM_UNAVAILABLE at once when the upstream cannot be reached', async () => {
    const closed: Server = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    // A timeout longer than the test's own: a proxy that waited for it, instead of answering at
    // once, fails the test however fast the machine (and a 504 would say it timed out).
    const { proxy } = await startProxy(`http://127.0.0.1:${port}/v1`, { timeoutMs: 60_000 });
    try {
      const res = await fetch(`${proxy.url}/pets`, { headers: KEY });
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', status: 502 });
    } finally {
      await proxy.close();
    }
  });

  it('answers 504 UPSTREAM_TIMEOUT when the upstream is slower than the timeout, and 502 on a reset', async () => {
    const sockets = new Set<import('node:net').Socket>();
    const slow = createServer((req) => {
      if (req.url?.includes('reset')) req.socket.destroy();
    });
    slow.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const { proxy } = await startProxy(`http://127.0.0.1:${(slow.address() as AddressInfo).port}/v1`, {
      timeoutMs: 300,
    });
    try {
      const res = await fetch(`${proxy.url}/pets`, { headers: KEY });
      expect(res.status).toBe(504);
      expect(await res.json()).toMatchObject({ code: 'UPSTREAM_TIMEOUT', status: 504 });
      const reset = await fetch(`${proxy.url}/pets?status=reset`, { headers: KEY });
      expect(reset.status).toBe(502);
      expect(await reset.json()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', status: 502 });
    } finally {
      await proxy.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });
});

describe('the workbench in front of the upstream', () => {
  let mock: MockServer;
  let upstream: Awaited<ReturnType<typeof brokenUpstream>>;
  let started: StartedProxy;
  beforeAll(async () => {
    mock = await createMockServer({ data: ':memory:', log: () => undefined, logRequests: false });
    upstream = await brokenUpstream(mock, {});
    started = await startProxy(upstream.url);
  });
  afterAll(async () => {
    await started.proxy.close();
    await upstream.close();
    await mock.close();
  });

  it("answers a scope's storm itself, never calling the upstream, and reports the client's compliance", async () => {
    const scope = { 'X-Mock-Scope': 'sdk-storm' };
    const storm = await fetch(`${started.proxy.origin}/__mock/storms`, {
      method: 'POST',
      headers: { ...scope, 'Content-Type': 'application/json' },
      body: JSON.stringify({ requests: 2, retryAfterSeconds: 1 }),
    });
    expect(storm.status).toBe(201);
    const hitsBefore = upstream.hits();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const refused = await fetch(`${started.proxy.url}/pets`, { headers: { ...KEY, ...scope } });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    }
    expect(upstream.hits()).toBe(hitsBefore);
    // The default scope has no storm: its request reaches the upstream, with the upstream's own limit headers.
    const direct = await fetch(`${started.proxy.url}/pets?limit=1`, { headers: KEY });
    expect(direct.status).toBe(200);
    expect(direct.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
    expect(upstream.hits()).toBe(hitsBefore + 1);
    const report = await fetch(`${started.proxy.origin}/__mock/keys/demo-enterprise/compliance`, { headers: scope });
    expect(report.status).toBe(200);
    // The client retried at once, without waiting for Retry-After.
    expect(await report.json()).toMatchObject({ key: 'demo-enterprise', compliant: false, refused: 2 });
  });
});

describe('the proxy with --simulate-limits', () => {
  it("enforces the mock's bans in front of an upstream that has none", async () => {
    const mock = await createMockServer({ data: ':memory:', log: () => undefined, logRequests: false });
    const upstream = await brokenUpstream(mock, {});
    const { proxy } = await startProxy(upstream.url, { simulateLimits: true });
    try {
      expect((await fetch(`${proxy.url}/pets?limit=1`, { headers: KEY })).status).toBe(200);
      await proxy.control.ban('demo-enterprise', 60);
      const banned = await fetch(`${proxy.url}/pets?limit=1`, { headers: KEY });
      expect(await banned.json()).toMatchObject({ code: 'API_KEY_BANNED' });
      expect(banned.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
      expect(upstream.hits()).toBe(1);
    } finally {
      await proxy.close();
      await upstream.close();
      await mock.close();
    }
  });
});

describe('the proxy in front of an upstream answering what is not JSON', () => {
  it('names a text answer and cuts off an oversize one with its Error object', async () => {
    const odd = createServer((req, res) => {
      if (req.url?.includes('huge')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(Buffer.alloc(MAX_UPSTREAM_BODY_BYTES + 1, 32));
      } else {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('hello');
      }
    });
    await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
    const { proxy } = await startProxy(`http://127.0.0.1:${(odd.address() as AddressInfo).port}/v1`);
    try {
      const text = await fetch(`${proxy.url}/pets`, { headers: KEY });
      expect(await text.text()).toBe('hello');
      expect(text.headers.get('x-contract-violations')).not.toBeNull();
      expect((await violationsOf(proxy)).map((violation) => violation.message).join('\n')).toMatch(
        /content type "text\/plain" is not the declared application\/json/,
      );
      const huge = await fetch(`${proxy.url}/pets?name=huge`, { headers: KEY });
      expect(huge.status).toBe(502);
      expect(await huge.json()).toMatchObject({
        code: 'UPSTREAM_UNAVAILABLE',
        message: expect.stringMatching(/cut it off/),
      });
    } finally {
      await proxy.close();
      odd.closeAllConnections();
      await new Promise<void>((resolve) => odd.close(() => resolve()));
    }
  });
});

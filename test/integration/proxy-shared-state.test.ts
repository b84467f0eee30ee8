// Two validation proxies on one Redis (proxy --redis) in front of one upstream act as one: the
// violations either saw are listed and cleared through both, and a storm started through one
// refuses through the other, per scope.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createMockServer, type MockServer } from '../../src/server/server.js';
import { brokenUpstream, type StartedProxy, startProxy, violationsOf } from '../support/proxy.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';

let redis: RedisServer;
let upstream: MockServer;
let broken: Awaited<ReturnType<typeof brokenUpstream>>;
let one: StartedProxy;
let two: StartedProxy;

const KEY = { 'X-API-Key': 'demo-enterprise' };

beforeAll(async () => {
  redis = await startRedisServer();
  upstream = await createMockServer({ data: ':memory:' });
  // Pets come back with a name that is a number: a response violation of getPetLegacy.
  broken = await brokenUpstream(upstream, {
    response: (answer, request) =>
      /^\/v1\/pets\/\d+$/.test(request.path) && answer.status === 200
        ? { ...answer, body: JSON.stringify({ ...JSON.parse(answer.body), name: 42 }) }
        : answer,
  });
  const options = { redis: redis.url, redisPrefix: 'proxies:' };
  one = await startProxy(broken.url, options);
  two = await startProxy(broken.url, options);
});
afterAll(async () => {
  await one.proxy.close();
  await two.proxy.close();
  await broken.close();
  await upstream.close();
  await redis.remove();
});

describe('two proxies on one Redis', () => {
  it('keep one list of violations, cleared through either', async () => {
    const seenByOne = await fetch(`${one.proxy.url}/pets/1`, { headers: KEY });
    expect(seenByOne.headers.get('X-Contract-Violations')).toBe('1');
    const badRequest = await fetch(`${two.proxy.url}/pets?limit=1000`, { headers: KEY });
    expect(badRequest.headers.get('X-Contract-Violations')).toBe('1');

    const listed = await violationsOf(two.proxy);
    expect(listed.map((violation) => [violation.operationId, violation.location])).toEqual([
      ['getPetLegacy', 'response'],
      ['listPets', 'request'],
    ]);
    expect(await violationsOf(one.proxy)).toEqual(listed);

    expect((await fetch(`${one.proxy.origin}/__mock/violations`, { method: 'DELETE' })).status).toBe(204);
    expect(await violationsOf(two.proxy)).toEqual([]);
  });

  it('refuse through one in a storm started through the other, in its scope only', async () => {
    const scope = { 'X-Mock-Scope': 'proxy-storm' };
    const started = await fetch(`${one.proxy.origin}/__mock/storms`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...scope },
      body: JSON.stringify({ requests: 2 }),
    });
    expect(started.status).toBe(201);
    const hitsBefore = broken.hits();
    const statuses = [];
    for (const proxy of [two, one, two]) {
      statuses.push((await fetch(`${proxy.proxy.url}/categories`, { headers: { ...KEY, ...scope } })).status);
    }
    expect(statuses).toEqual([429, 429, 200]);
    // The storm's answers never reached the upstream.
    expect(broken.hits() - hitsBefore).toBe(1);
    expect((await fetch(`${two.proxy.url}/categories`, { headers: KEY })).status).toBe(200);
  });
});

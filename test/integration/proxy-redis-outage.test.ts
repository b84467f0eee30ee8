// A validation proxy on Redis (proxy --redis) whose Redis stops while it serves. Without
// --simulate-limits it goes on forwarding: an answer under way is passed through as it came, or,
// with --errors, replaced by the proxy's own when it breaks the contract; never a 5xx of the
// proxy's. With --simulate-limits it answers 503 STATE_UNAVAILABLE, as the mock does.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { ProxiedResponse } from '../../contract-tests/proof/broken-proxy.js';
import { createMockServer, type MockServer } from '../../src/server/server.js';
import { brokenUpstream, expectKeepsContract, type StartedProxy, startProxy } from '../support/proxy.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';

const KEY = { 'X-API-Key': 'demo-pro' };
const OUTAGE_LINE = 'The proxy forwards without its shared state';

/** The upstream's next answer, held until released (and then changed by `change`, as every answer). */
type Hold = { arrived: Promise<void>; release(): void };

let redis: RedisServer;
let upstream: MockServer;
let broken: Awaited<ReturnType<typeof brokenUpstream>>;
let held: { arrived(): void; released: Promise<void> } | undefined;
let change: (answer: ProxiedResponse) => ProxiedResponse = (answer) => answer;
let errors: StartedProxy;
let plain: StartedProxy;
let simulating: StartedProxy;

/** A promise and the function that resolves it. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function holdNextAnswer(): Hold {
  const arrived = deferred();
  const released = deferred();
  held = { arrived: arrived.resolve, released: released.promise };
  return { arrived: arrived.promise, release: released.resolve };
}

/** Sends a request through `proxy`, stops Redis once the upstream has it, then lets the upstream answer. */
async function answerOnceRedisStopped(proxy: StartedProxy, path: string): Promise<Response> {
  const hold = holdNextAnswer();
  const answer = fetch(`${proxy.proxy.url}${path}`, { headers: KEY });
  const first = await Promise.race([hold.arrived, answer]);
  if (first instanceof Response) throw new Error(`Answered ${first.status} before reaching the upstream.`);
  await redis.stop();
  hold.release();
  return answer;
}

/** Resolves once every proxy has its Redis connection back (its control API answers again). */
async function untilServing(): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (const { proxy } of [errors, plain, simulating]) {
    while ((await fetch(`${proxy.origin}/__mock/state`)).status !== 200) {
      if (Date.now() > deadline) throw new Error('A proxy did not reconnect to Redis within 10 s.');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

beforeAll(async () => {
  redis = await startRedisServer();
  upstream = await createMockServer({ data: ':memory:', logRequests: false });
  broken = await brokenUpstream(upstream, {
    response: async (answer) => {
      const hold = held;
      held = undefined;
      if (hold) {
        hold.arrived();
        await hold.released;
      }
      return change(answer);
    },
  });
  const options = { redis: redis.url };
  errors = await startProxy(broken.url, { ...options, redisPrefix: 'errors:', errors: true });
  plain = await startProxy(broken.url, { ...options, redisPrefix: 'plain:' });
  simulating = await startProxy(broken.url, { ...options, redisPrefix: 'simulating:', simulateLimits: true });
});
afterEach(async () => {
  change = (answer) => answer;
  await redis.start();
  await untilServing();
});
afterAll(async () => {
  for (const proxy of [errors, plain, simulating]) await proxy.proxy.close();
  await broken.close();
  await upstream.close();
  await redis.remove();
});

const withoutRateLimit = (answer: ProxiedResponse): ProxiedResponse => ({
  ...answer,
  headers: Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !/^x-ratelimit-/i.test(name))),
});

describe('Redis stops while the upstream answers', () => {
  it('a good answer is passed through as it came, with --errors too', async () => {
    // A Reset the proxy cannot carry over (seconds, not a time): its own count is what it would give.
    change = (answer) => ({ ...answer, headers: { ...answer.headers, 'x-ratelimit-reset': '30' } });
    const res = await answerOnceRedisStopped(errors, '/categories');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('300');
    expect(res.headers.get('x-ratelimit-reset')).toBe('30');
    expect(res.headers.get('x-contract-violations')).toBeNull();
    expect(await res.json()).toEqual(await (await fetch(`${upstream.url}/categories`, { headers: KEY })).json());
  });

  it("an answer that breaks the contract gets the proxy's 502, with the limit headers it can make (--errors)", async () => {
    change = withoutRateLimit;
    const res = await answerOnceRedisStopped(errors, '/categories');
    expect(res.status).toBe(502);
    expect(res.headers.get('x-contract-violations')).toBe('3');
    expect(res.headers.get('x-ratelimit-limit')).not.toBeNull();
    await expectKeepsContract('listCategories', res.clone(), `${errors.proxy.url}/categories`);
    expect(((await res.json()) as { code: string }).code).toBe('UPSTREAM_CONTRACT_VIOLATION');
  });

  it('an answer that breaks the contract is passed through with its count of violations (no --errors)', async () => {
    change = withoutRateLimit;
    const res = await answerOnceRedisStopped(plain, '/categories');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-contract-violations')).toBe('3');
  });

  it('an answer under way with --simulate-limits is passed through too: its limits were decided', async () => {
    const res = await answerOnceRedisStopped(simulating, '/categories');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('300');
  });
});

describe('requests sent while Redis is out of reach', () => {
  it('are forwarded and their answers passed through, without storms; the log says so once', async () => {
    const storm = await fetch(`${plain.proxy.origin}/__mock/storms`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ requests: 100 }),
    });
    expect(storm.status).toBe(201);
    expect((await fetch(`${plain.proxy.url}/categories`, { headers: KEY })).status).toBe(429);
    // Counted from before the stop: the record of the 429 may be what fails first.
    const before = plain.logLines.length;
    await redis.stop();
    const answers = [
      await fetch(`${plain.proxy.url}/categories`, { headers: KEY }),
      await fetch(`${plain.proxy.url}/pets/by-id/1`, { headers: KEY }),
      await fetch(`${plain.proxy.url}/categories`),
      await fetch(`${errors.proxy.url}/categories`, { headers: KEY }),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 200, 401, 200]);
    expect(answers[0]?.headers.get('x-ratelimit-limit')).toBe('300');
    const outageLines = plain.logLines.slice(before).filter((line) => line.startsWith(OUTAGE_LINE));
    expect(outageLines).toHaveLength(1);
    expect(plain.logLines.slice(before).filter((line) => line.includes('could not be'))).toEqual([]);
  });

  it('a storm started once Redis is back refuses again', async () => {
    await redis.stop();
    expect((await fetch(`${plain.proxy.url}/categories`, { headers: KEY })).status).toBe(200);
    await redis.start();
    await untilServing();
    const storm = await fetch(`${plain.proxy.origin}/__mock/storms`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ requests: 1 }),
    });
    expect(storm.status).toBe(201);
    expect((await fetch(`${plain.proxy.url}/categories`, { headers: KEY })).status).toBe(429);
  });

  it('are answered 503 STATE_UNAVAILABLE with --simulate-limits, whose limits cannot be decided', async () => {
    await redis.stop();
    const res = await fetch(`${simulating.proxy.url}/categories`, { headers: KEY });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { code: string }).code).toBe('STATE_UNAVAILABLE');
  });
});

// What the validation proxy adds to each request: the same reads sent one at a time to a mock
// directly and through a proxy in front of it, on loopback; p50 and p99 of each, and the
// difference. One at a time, so that the figure is the proxy's work, not queueing.
//   node scripts/build.js && node dist/bench/proxy-latency.js [requests]
import { performance } from 'node:perf_hooks';
import { createMockServer } from '../src/server/server.js';

const KEY = { 'X-API-Key': 'demo-enterprise' };

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}

async function timings(url: string, requests: number): Promise<number[]> {
  const taken: number[] = [];
  for (let index = 0; index < requests; index += 1) {
    const startedAt = performance.now();
    const res = await fetch(url, { headers: KEY });
    await res.arrayBuffer();
    taken.push(performance.now() - startedAt);
  }
  return taken.sort((a, b) => a - b);
}

const requests = Number(process.argv[2] ?? 2000);
// The store's fixtures are read without a limit that the Free plan would reach.
const mock = await createMockServer({ data: ':memory:', logRequests: false, log: () => undefined });
const origin = new URL(mock.url);
const proxy = await createMockServer({
  data: ':memory:',
  logRequests: false,
  log: () => undefined,
  proxy: { upstream: { origin, basePath: origin.pathname, timeoutMs: 10_000 }, errors: false, simulateLimits: false },
});
try {
  const path = '/pets?limit=20';
  // Warm both (the validator compiles its schemas on first use).
  await timings(`${mock.url}${path}`, 200);
  await timings(`${proxy.url}${path}`, 200);
  const direct = await timings(`${mock.url}${path}`, requests);
  const proxied = await timings(`${proxy.url}${path}`, requests);
  const row = (name: string, sorted: number[]) =>
    `${name.padEnd(10)} p50 ${percentile(sorted, 0.5).toFixed(2)} ms  p99 ${percentile(sorted, 0.99).toFixed(2)} ms`;
  console.log(`GET /v1${path}, ${requests} requests one at a time, loopback`);
  console.log(row('direct', direct));
  console.log(row('proxied', proxied));
  console.log(
    `added      p50 ${(percentile(proxied, 0.5) - percentile(direct, 0.5)).toFixed(2)} ms  p99 ${(percentile(proxied, 0.99) - percentile(direct, 0.99)).toFixed(2)} ms`,
  );
} finally {
  await proxy.close();
  await mock.close();
}

// A validation proxy in a process of its own, for bench/proxy-keys.ts: in front of the upstream
// given, without --simulate-limits, keeping the counts and records of at most the number of keys
// given ("all": every key, as the proxy did before it had a bound). Prints its port, then, asked
// "memory" over IPC, answers its heap after a full garbage collection. Run with --expose-gc.
import { createMockServer } from '../src/server/server.js';

export type ProxyMemory = { heapMb: number; rssMb: number };

const [upstreamUrl, bound] = process.argv.slice(2);
if (!upstreamUrl || !bound) throw new Error('Usage: proxy-keys-server.js UPSTREAM_URL (MAX_KEYS | all)');
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('Run proxy-keys-server.js with node --expose-gc.');

const origin = new URL(upstreamUrl);
const proxy = await createMockServer({
  data: ':memory:',
  logRequests: false,
  log: () => undefined,
  proxy: {
    upstream: { origin, basePath: origin.pathname, timeoutMs: 10_000 },
    errors: false,
    simulateLimits: false,
    maxSubjects: bound === 'all' ? Number.POSITIVE_INFINITY : Number(bound),
  },
});

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;
process.on('message', (message) => {
  if (message !== 'memory') return;
  gc();
  const usage = process.memoryUsage();
  const memory: ProxyMemory = { heapMb: megabytes(usage.heapUsed), rssMb: megabytes(usage.rss) };
  process.send?.(memory);
});
process.once('SIGTERM', () => {
  proxy.close().then(() => process.exit(0));
});
console.log(`listening ${proxy.port}`);

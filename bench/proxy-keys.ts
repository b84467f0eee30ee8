// What a flood of made-up keys costs the validation proxy (without --simulate-limits, where any
// key a client sends is counted and recorded): the memory of two proxy processes after 100,000
// distinct keys, one keeping every key (as it did before it had a bound) and one bounded to
// MAX_PROXY_SUBJECTS, fed the same keys at the same time in front of one upstream mock.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { MAX_PROXY_SUBJECTS } from '../src/proxy/proxy-mode.js';
import { startMock } from './processes.js';
import type { ProxyMemory } from './proxy-keys-server.js';

/** Heap after a full GC and RSS, in MB, once warmed up and after the flood. */
export type ProxyMemoryGrowth = { warm: ProxyMemory; flooded: ProxyMemory };

export type ProxyKeyFigures = {
  keys: number;
  bound: number;
  unbounded: ProxyMemoryGrowth;
  bounded: ProxyMemoryGrowth;
};

const KEYS = 100_000;
const WARM_UP_REQUESTS = 2_000;
const CONNECTIONS = 20;
const SERVER = fileURLToPath(new URL('./proxy-keys-server.js', import.meta.url));

type ProxyProcess = { child: ChildProcess; url: string };

function startProxy(upstreamUrl: string, bound: string): Promise<ProxyProcess> {
  const child = fork(SERVER, [upstreamUrl, bound], {
    execArgv: ['--expose-gc'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /listening (\d+)/.exec(output)?.[1];
      if (port) resolve({ child, url: `http://127.0.0.1:${port}/v1` });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`proxy-keys-server exited with ${code}:\n${output}`)));
  });
}

function memoryOf(proxy: ProxyProcess): Promise<ProxyMemory> {
  return new Promise((resolve) => {
    proxy.child.once('message', (memory) => resolve(memory as ProxyMemory));
    proxy.child.send('memory');
  });
}

function stop(proxy: ProxyProcess): Promise<void> {
  return new Promise((resolve) => {
    proxy.child.once('exit', () => resolve());
    proxy.child.kill('SIGTERM');
  });
}

/** `amount` requests of GET /categories, each with the key `keyOf` gives it. */
async function send(url: string, amount: number, keyOf: (index: number) => string): Promise<void> {
  let sent = 0;
  await autocannon({
    url: `${url}/categories`,
    connections: CONNECTIONS,
    amount,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const key = keyOf(sent);
          sent += 1;
          return { ...request, headers: { ...request.headers, 'x-api-key': key } };
        },
      },
    ],
  });
}

export async function measureProxyKeys(): Promise<ProxyKeyFigures> {
  // The upstream answers each made-up key 401, as a real implementation would.
  const upstream = await startMock(['--data', ':memory:']);
  const proxies = {
    unbounded: await startProxy(`${upstream.origin}/v1`, 'all'),
    bounded: await startProxy(`${upstream.origin}/v1`, String(MAX_PROXY_SUBJECTS)),
  };
  try {
    const both = Object.values(proxies);
    await Promise.all(both.map((proxy) => send(proxy.url, WARM_UP_REQUESTS, () => 'warm-up')));
    const warm = await Promise.all(both.map(memoryOf));
    await Promise.all(both.map((proxy) => send(proxy.url, KEYS, (index) => `made-up-${index}`)));
    const flooded = await Promise.all(both.map(memoryOf));
    return {
      keys: KEYS,
      bound: MAX_PROXY_SUBJECTS,
      unbounded: { warm: warm[0] as ProxyMemory, flooded: flooded[0] as ProxyMemory },
      bounded: { warm: warm[1] as ProxyMemory, flooded: flooded[1] as ProxyMemory },
    };
  } finally {
    await Promise.all(Object.values(proxies).map(stop));
    await upstream.stop();
  }
}

export function renderProxyKeys(figures: ProxyKeyFigures): string {
  const growth = ({ warm, flooded }: ProxyMemoryGrowth) =>
    `heap after GC ${warm.heapMb} -> ${flooded.heapMb} MB, RSS ${warm.rssMb} -> ${flooded.rssMb} MB`;
  return (
    `proxy, ${figures.keys.toLocaleString('en')} distinct keys: keeping every key ${growth(figures.unbounded)}; ` +
    `bounded to ${figures.bound.toLocaleString('en')} keys ${growth(figures.bounded)}`
  );
}

// What scopes cost (X-Mock-Scope): the memory of 1,000 scopes with a few writes each over the
// default data, and a scope's first request (which makes its world) against its later ones.
// One mock process, loopback, a few seconds.
import { rssMb, startMock } from './processes.js';

export type ScopeFigures = {
  scopes: number;
  /** RSS after the scopes were made and written to, less RSS before, in MB. */
  growthMb: number;
  /** Median of the first requests of new scopes, and of each one's second request, in ms. */
  firstRequestMs: number;
  laterRequestMs: number;
  /** firstRequestMs over laterRequestMs. */
  firstToLater: number;
};

const SCOPES = 1_000;
const TIMED_SCOPES = 300;
const WORKERS = 8;
// The demo key with room for the warm-up's requests in one scope (10,000 a minute).
const KEY = 'demo-enterprise';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const settle = () => new Promise((resolve) => setTimeout(resolve, 1_000));

async function send(origin: string, scope: string, method: string, path: string, body?: object): Promise<Response> {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { 'X-API-Key': KEY, 'X-Mock-Scope': scope, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path} in scope ${scope} answered ${res.status}: ${await res.text()}`);
  return res;
}

/** What a test does in its scope: a read, a create, an update of what it made, a key of its own. */
async function useScope(origin: string, scope: string): Promise<void> {
  await (await send(origin, scope, 'GET', '/v1/pets/by-id/1')).arrayBuffer();
  const { id } = (await (await send(origin, scope, 'POST', '/v1/pets', { name: 'Scoped', categoryId: 1 })).json()) as {
    id: number;
  };
  await (await send(origin, scope, 'PUT', `/v1/pets/${id}`, { name: 'Renamed', categoryId: 2 })).arrayBuffer();
  await (await send(origin, scope, 'PUT', `/__mock/keys/${scope}-key`, { plan: 'pro' })).arrayBuffer();
}

async function timeRead(origin: string, scope: string): Promise<number> {
  const startedMs = performance.now();
  await (await send(origin, scope, 'GET', '/v1/pets/by-id/1')).arrayBuffer();
  return performance.now() - startedMs;
}

export async function measureScopes(): Promise<ScopeFigures> {
  const mock = await startMock(['--data', ':memory:', '--max-scopes', String(SCOPES + TIMED_SCOPES + 1)]);
  try {
    // Every path compiled and cached first, in a scope of its own.
    for (let call = 0; call < 100; call += 1) await useScope(mock.origin, 'warm-up');
    await settle();
    const beforeMb = rssMb(mock.child.pid);
    const queue = Array.from({ length: SCOPES }, (_, index) => `scope-${index}`);
    const worker = async () => {
      for (let scope = queue.pop(); scope !== undefined; scope = queue.pop()) await useScope(mock.origin, scope);
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    await settle();
    const growthMb = Math.round((rssMb(mock.child.pid) - beforeMb) * 10) / 10;

    // One at a time, so that each is timed alone: a new scope's first read, then its second.
    const first: number[] = [];
    const later: number[] = [];
    for (let index = 0; index < TIMED_SCOPES; index += 1) {
      first.push(await timeRead(mock.origin, `timed-${index}`));
      later.push(await timeRead(mock.origin, `timed-${index}`));
    }
    const firstRequestMs = Math.round(median(first) * 1000) / 1000;
    const laterRequestMs = Math.round(median(later) * 1000) / 1000;
    return { scopes: SCOPES, growthMb, firstRequestMs, laterRequestMs, firstToLater: firstRequestMs / laterRequestMs };
  } finally {
    await mock.stop();
  }
}

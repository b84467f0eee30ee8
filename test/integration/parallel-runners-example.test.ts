// The "For parallel test runners" example of docs/scopes.md, run as it is printed there.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { createMockServer, type MockServer } from '../../src/index.js';

let mock: MockServer;
beforeAll(async () => {
  mock = await createMockServer(); // in CI: one mock for every worker and shard
});
afterAll(() => mock.close());

/** A scope per test: its name needs only to differ from those of the tests running beside it. */
const scopeFor = (name: string) => mock.scope(`worker-${process.env.JEST_WORKER_ID ?? 0}-${name}`);

// These run at the same time on one mock, and none sees what another does.
test.concurrent('a banned key gets 403', async () => {
  const scope = scopeFor('ban');
  await scope.control.ban('demo-free');
  const res = await fetch(`${mock.url}/pets`, { headers: { ...scope.headers, 'X-API-Key': 'demo-free' } });
  expect(res.status).toBe(403);
});

test.concurrent('a pet created is there in its scope only', async () => {
  const { headers } = scopeFor('create');
  const created = await fetch(`${mock.url}/pets`, {
    method: 'POST',
    headers: { ...headers, 'X-API-Key': 'demo-free', 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Scoped', categoryId: 1 }),
  });
  const { id } = (await created.json()) as { id: number };
  const read = (scope: Record<string, string>) =>
    fetch(`${mock.url}/pets/by-id/${id}`, { headers: { ...scope, 'X-API-Key': 'demo-free' } });
  expect((await read(headers)).status).toBe(200);
  expect((await read({})).status).toBe(404); // the default scope never saw it
});

test.concurrent('over HTTP, as a test in any process or language: limits and a clock of its own', async () => {
  const scope = { 'X-Mock-Scope': `worker-${process.env.JEST_WORKER_ID ?? 0}-limits` };
  const control = (method: string, path: string, body: object) =>
    fetch(`${mock.origin}/__mock${path}`, {
      method,
      headers: { ...scope, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const listPets = () => fetch(`${mock.url}/pets`, { headers: { ...scope, 'X-API-Key': 'demo-free' } });

  await control('PUT', '/keys/demo-free', { plan: 'free', limits: { perMinute: 1, perDay: 100 } });
  await control('POST', '/clock', { frozen: true }); // both requests in one minute's window, however slow the machine
  expect((await listPets()).status).toBe(200);
  const limited = await listPets();
  expect(limited.status).toBe(429);
  await control('POST', '/clock', { advanceSeconds: Number(limited.headers.get('Retry-After')) }); // no sleeping
  expect((await listPets()).status).toBe(200);
});

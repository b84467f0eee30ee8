// The loads of the benchmark, as autocannon options against a server's origin.
import type { Options } from 'autocannon';

export const CONNECTIONS = 50;
export const DURATION_SECONDS = 5;
export const BENCH_KEY = 'bench-unlimited';
/** The largest limits the control contract's KeyPlan allows: far beyond what a load sends. */
export const BENCH_KEY_LIMITS = { perMinute: 100_000_000, perDay: 10_000_000_000 };
/** The key as `serve --key` takes it. */
export const BENCH_KEY_OPTION = `${BENCH_KEY}:enterprise:${BENCH_KEY_LIMITS.perMinute}:${BENCH_KEY_LIMITS.perDay}`;

const headers = { 'X-API-Key': BENCH_KEY, 'Content-Type': 'application/json' };
let created = 0;

export type Load = { name: string; options: (origin: string) => Options };

const base = (origin: string, path: string): Options => ({
  url: `${origin}${path}`,
  connections: CONNECTIONS,
  duration: DURATION_SECONDS,
  headers,
});

export const READ_ONE: Load = { name: 'read one pet', options: (origin) => base(origin, '/v1/pets/by-id/1') };
export const READ_PAGE: Load = { name: 'read a page of 20', options: (origin) => base(origin, '/v1/pets?limit=20') };
export const CREATE: Load = {
  name: 'create a pet',
  options: (origin) => ({
    ...base(origin, '/v1/pets'),
    method: 'POST',
    setupClient: (client) => {
      created += 1;
      client.setBody(JSON.stringify({ name: `bench-${created}`, categoryId: 1 }));
    },
  }),
};
export const UPDATE_STOCK: Load = {
  name: 'update inventory',
  options: (origin) => ({
    ...base(origin, '/v1/store/inventory/3'),
    method: 'PUT',
    body: JSON.stringify({ quantity: 12 }),
  }),
};
export const MIXED: Load = {
  name: 'mixed (60% reads, 20% pages, 10% creates, 10% updates)',
  options: (origin) => ({
    ...base(origin, '/v1/pets/by-id/1'),
    requests: [
      ...Array.from({ length: 6 }, () => ({ method: 'GET' as const, path: '/v1/pets/by-id/2' })),
      { method: 'GET' as const, path: '/v1/pets?limit=20' },
      { method: 'GET' as const, path: '/v1/pets?limit=20&offset=20' },
      { method: 'POST' as const, path: '/v1/pets', body: JSON.stringify({ name: 'bench-mixed', categoryId: 1 }) },
      { method: 'PUT' as const, path: '/v1/store/inventory/4', body: JSON.stringify({ quantity: 3 }) },
    ],
  }),
};

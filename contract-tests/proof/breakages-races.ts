// Rules kept one request at a time, broken at once: a name looked up, then taken, with a wait
// between; a cancel that puts the units back on every request that found the order.
import { bodyOf, type DepthBreakage, upstream } from './breakage-helpers.js';
import type { ProxiedResponse } from './broken-proxy.js';

const pause = () => new Promise((resolve) => setTimeout(resolve, 50));

/** An answer made by the proxy itself from what the mock said. */
function answer(status: number, body?: unknown, extra: Record<string, string> = {}): ProxiedResponse {
  return {
    status,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      'x-ratelimit-limit': '10000',
      'x-ratelimit-remaining': '9000',
      'x-ratelimit-reset': String(Math.ceil(Date.now() / 60_000) * 60),
      ...extra,
    },
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

export const RACE_BREAKAGES: DepthBreakage[] = [
  {
    depth: 'concurrency',
    name: 'a category name checked, then taken (every racer finds it free)',
    operation: 'createCategory',
    caughtAs: /createCategory: \d+ creates of one name[\s\S]*categories created of \d+ creates of one name/,
    checks: ['concurrency'],
    operations: ['createCategory'],
    breakage: (origin) => {
      let suffix = 0;
      return {
        request: async (request) => {
          if (request.method !== 'POST' || request.path !== '/v1/categories') return request;
          const name = bodyOf(request).name;
          if (typeof name !== 'string') return request;
          const found = await upstream(
            origin,
            request,
            'GET',
            `/v1/categories?limit=100&name=${encodeURIComponent(name)}`,
          );
          await pause();
          const taken = Array.isArray(found.body) && found.body.length > 0;
          // Free when looked up: stored under a spelling of its own, so the store's own rule never sees the race.
          suffix += 1;
          const stored = await upstream(origin, request, 'POST', '/v1/categories', {
            name: taken ? name : `${name}-${suffix}`,
          });
          if (stored.status !== 201) return answer(stored.status, stored.body);
          return answer(201, { ...stored.body, name }, { location: `/v1/categories/${String(stored.body.id)}` });
        },
      };
    },
  },
  {
    depth: 'concurrency',
    name: 'a cancel that puts the units back for every request that found the order',
    operation: 'cancelOrder',
    caughtAs: /cancelOrder: \d+ cancels of one order[\s\S]*orders cancelled of \d+ cancels/,
    checks: ['concurrency'],
    operations: ['cancelOrder'],
    breakage: (origin) => ({
      request: async (request) => {
        const match = /^\/v1\/store\/orders\/(\d+)$/.exec(request.path);
        if (request.method !== 'DELETE' || !match) return request;
        const order = await upstream(origin, request, 'GET', request.path);
        await pause();
        const cancelled = await upstream(origin, request, 'DELETE', request.path);
        if (order.status !== 200 || cancelled.status !== 404) return answer(cancelled.status, cancelled.body);
        // Found before, gone now: another racer cancelled it; this one puts the units back again.
        const petId = Number(order.body.petId);
        const item = await upstream(origin, request, 'GET', `/v1/store/inventory/${petId}`);
        await upstream(origin, request, 'PUT', `/v1/store/inventory/${petId}`, {
          quantity: Number(item.body.quantity) + Number(order.body.quantity),
        });
        return answer(204);
      },
    }),
  },
];

/** The third set's rule: a cancel that keeps the order's units out of the inventory. */
export const CANCEL_KEEPS_UNITS_BREAKAGE: DepthBreakage = {
  depth: 'rules',
  name: "a cancel that keeps the order's units out of the inventory",
  operation: 'cancelOrder',
  caughtAs: /cancelOrder: cancelling an open order puts its units back/,
  checks: ['rules'],
  operations: ['cancelOrder'],
  breakage: (origin) => ({
    request: async (request) => {
      if (request.method !== 'DELETE' || !/^\/v1\/store\/orders\/\d+$/.test(request.path)) return request;
      const order = await upstream(origin, request, 'GET', request.path);
      const cancelled = await upstream(origin, request, 'DELETE', request.path);
      if (order.status === 200 && cancelled.status === 204) {
        const path = `/v1/store/inventory/${Number(order.body.petId)}`;
        const item = await upstream(origin, request, 'GET', path);
        await upstream(origin, request, 'PUT', path, {
          quantity: Math.max(0, Number(item.body.quantity) - Number(order.body.quantity)),
        });
      }
      return answer(cancelled.status, cancelled.body);
    },
  }),
};

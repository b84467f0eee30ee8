// The suite's own proof: it passes against a correct implementation (a fresh mock), and it
// fails, naming the rule, against implementations broken in distinct ways.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createMockServer, type MockServer } from '../../src/server/server.js';
import type { CheckKind } from '../check-kinds.js';
import { renderSummary } from '../report/summary.js';
import { type ContractRunResult, runContractSuite } from '../run-contract-suite.js';
import { type Breakage, type ProxiedResponse, rewriteJson, startBrokenProxy } from './broken-proxy.js';

const API_KEY = 'demo-enterprise';

let mock: MockServer;
beforeAll(async () => {
  mock = await createMockServer({ data: ':memory:' });
});
afterAll(() => mock.close());

describe('the contract suite against a fresh mock', () => {
  it('passes every check, the rate-limit, plan and ban checks included, in a scope of its own', async () => {
    // The run's own world on the mock; the default scope meanwhile refuses everything (a storm),
    // which the run must never see.
    const scope = `contract-proof-${randomUUID().slice(0, 8)}`;
    const world = mock.scope(scope);
    await world.control.putKey('contract-free-2', 'free');
    await world.control.putKey('contract-day', 'free', { perMinute: 60, perDay: 6 });
    await mock.control.startStorm({});
    try {
      const result = await runContractSuite({
        baseUrl: mock.url,
        apiKey: API_KEY,
        // The key driven to its limit and ban is the one the run makes in its scope.
        checkBan: true,
        dayLimitKey: 'contract-day',
        planKeys: [
          { plan: 'free', key: 'demo-free' },
          { plan: 'free', key: 'contract-free-2' },
          { plan: 'pro', key: 'demo-pro' },
          { plan: 'business', key: 'demo-business' },
        ],
        scope,
        onProgress: () => undefined,
      });
      expect(renderSummary(result, mock.url)).toContain(' 0 failed');
      expect(result.failed).toBe(0);
      expect(result.passed).toBeGreaterThan(150);
      expect(result.skipped).toBe(0);
      // Every failure's curl line would carry the scope: the same header goes on every request.
      const answered = await world.control.requests(API_KEY);
      expect(answered.length).toBeGreaterThan(150);
      // The suite removes what it created (its names all start with "contract-"), and the
      // default scope's data was never touched.
      const headers = { 'X-API-Key': API_KEY, ...world.headers };
      for (const list of ['/pets', '/categories']) {
        const left = (await (
          await fetch(`${mock.url}${list}?name=contract-&limit=100`, { headers })
        ).json()) as unknown[];
        expect(left).toEqual([]);
      }
      const made = (name: string) => name.startsWith('contract-');
      expect(mock.store.data.pets.filter((pet) => made(pet.name))).toEqual([]);
      expect(await mock.control.requests(API_KEY)).toEqual([]);
    } finally {
      await mock.control.stopStorms();
    }
    // A bound on a hang: the whole suite took 32 s alone and over 120 s beside other work.
  }, 300_000);
});

/** A failure the suite reported that names the rule broken. */
function failureMentioning(result: ContractRunResult, pattern: RegExp): string | undefined {
  return result.checks.find((check) => check.status === 'failed' && pattern.test(check.failure ?? ''))?.failure;
}

const isListOf = (path: string) => /^\/v1\/(pets|categories|store\/orders|store\/inventory)(\?|$)/.test(path);

type Narrowing = { checks: CheckKind[]; operations?: string[] };

/** Each broken implementation, with the narrowest run that must catch it. */
const BREAKAGES: Array<{ name: string; breakage: Breakage; caughtAs: RegExp; run: Narrowing }> = [
  {
    name: 'a wrong field type (ids as strings)',
    run: { checks: ['conformance'] },
    breakage: {
      response: (response) =>
        rewriteJson(response, (body) =>
          Array.isArray(body) ? body.map((item) => (item?.id ? { ...item, id: String(item.id) } : item)) : body,
        ),
    },
    caughtAs: /body \/0\/id must be integer/,
  },
  {
    name: 'a missing header (X-RateLimit-Remaining)',
    run: { checks: ['conformance'] },
    breakage: {
      response: (response) => {
        const { 'x-ratelimit-remaining': _dropped, ...headers } = response.headers;
        return { ...response, headers };
      },
    },
    caughtAs: /header x-ratelimit-remaining is missing|required header X-RateLimit-Remaining is missing/,
  },
  {
    name: 'a wrong status (200 instead of 201 on create)',
    run: { checks: ['conformance'] },
    breakage: { response: (response) => (response.status === 201 ? { ...response, status: 200 } : response) },
    caughtAs: /status 200, expected 201|status 200 is not declared/,
  },
  {
    name: 'an ignored filter',
    run: { checks: ['lists'], operations: ['listPets'] },
    breakage: {
      request: (request) => {
        if (request.method !== 'GET' || !isListOf(request.path)) return request;
        const url = new URL(request.path, 'http://proxy');
        for (const name of [...url.searchParams.keys()])
          if (name !== 'limit' && name !== 'offset') url.searchParams.delete(name);
        return { ...request, path: url.pathname + url.search };
      },
    },
    caughtAs: /listPets: .*item\(s\) do not match (status|categoryId|name)=/,
  },
  {
    name: 'a lost update (PUT answered but never stored)',
    run: { checks: ['stateful'], operations: ['updatePet'] },
    breakage: {
      request: (request): ProxiedResponse | typeof request => {
        const match = /^\/v1\/pets\/(\d+)$/.exec(request.path);
        if (request.method !== 'PUT' || !match) return request;
        return {
          status: 200,
          headers: {
            'content-type': 'application/json',
            'x-ratelimit-limit': '10000',
            'x-ratelimit-remaining': '9000',
            'x-ratelimit-reset': String(Math.ceil(Date.now() / 60_000) * 60),
          },
          body: JSON.stringify({ id: Number(match[1]), ...(JSON.parse(request.body || '{}') as object) }),
        };
      },
    },
    caughtAs: /the pet read after the update/,
  },
  {
    name: 'an Error whose status differs from the HTTP status',
    run: { checks: ['negative'] },
    breakage: {
      response: (response) =>
        response.status >= 400 ? rewriteJson(response, (body) => ({ ...(body as object), status: 400 })) : response,
    },
    caughtAs: /Error\.status is 400, not the HTTP status 40[14]/,
  },
  {
    name: 'a 5xx for a bad request',
    run: { checks: ['generated'], operations: ['listPets'] },
    breakage: {
      response: (response) =>
        response.status === 400
          ? { ...response, status: 500, body: JSON.stringify({ code: 'INTERNAL_ERROR', message: 'boom', status: 500 }) }
          : response,
    },
    caughtAs: /status 500, expected 400/,
  },
  {
    name: "the web framework's HTML 404 for a path with no operation",
    run: { checks: ['negative'], operations: ['listCategories'] },
    breakage: {
      response: (response) =>
        response.status === 404 && response.body.includes('ROUTE_NOT_FOUND')
          ? {
              ...response,
              headers: { ...response.headers, 'content-type': 'text/html; charset=utf-8' },
              body: '<!DOCTYPE html><html><body><pre>Cannot GET</pre></body></html>',
            }
          : response,
    },
    caughtAs:
      /the error body is not a JSON object[\s\S]*Expected: +404 with the Error object[\s\S]*contract-no-such-operation/,
  },
  {
    name: 'a deprecated operation without its Sunset header',
    run: { checks: ['deprecation'] },
    breakage: {
      response: (response) => {
        const { sunset: _dropped, ...headers } = response.headers;
        return { ...response, headers };
      },
    },
    caughtAs: /Sunset is missing|required header Sunset is missing/,
  },
];

describe('the contract suite against broken implementations', () => {
  it.each(BREAKAGES)(
    'catches $name',
    async ({ breakage, caughtAs, run }) => {
      const proxy = await startBrokenProxy(mock.origin, breakage);
      try {
        const result = await runContractSuite({
          baseUrl: `${proxy.origin}/v1`,
          apiKey: API_KEY,
          ...run,
          examples: 5,
          onProgress: () => undefined,
        });
        expect(result.failed).toBeGreaterThan(0);
        const failure = failureMentioning(result, caughtAs);
        expect({
          caught: failure !== undefined,
          failures: result.checks
            .filter((check) => check.status === 'failed')
            .map((check) => check.failure?.split('\n')[0])
            .slice(0, 5),
        }).toMatchObject({ caught: true });
        // What a person reads: the operation, a curl line, what was expected and what came back.
        expect(failure).toMatch(/Expected: /);
        expect(failure).toMatch(/Reproduce: curl -i -X [A-Z]+ /);
        expect(failure).toMatch(/Got: +HTTP \d{3}/);
      } finally {
        await proxy.close();
      }
    },
    120_000,
  );
});

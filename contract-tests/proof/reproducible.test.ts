// A generated failure is reported so that it can be repeated and understood: with its seed, the
// smallest input that still fails (shrunk from whatever random case found it), and a curl line;
// the same seed finds the same failure again.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createMockServer, type MockServer } from '../../src/server/server.js';
import { runContractSuite } from '../run-contract-suite.js';
import { startBrokenProxy } from './broken-proxy.js';

let mock: MockServer;
beforeAll(async () => {
  mock = await createMockServer({ data: ':memory:' });
});
afterAll(() => mock.close());

/** Fails only for some values: a pet's name with a digit in it gets a 500. */
const failsOnDigits = {
  request: (request: { method: string; path: string; body: string; headers: Record<string, string> }) =>
    request.method === 'POST' && request.path === '/v1/pets' && /~/.test(String(JSON.parse(request.body || '{}').name))
      ? {
          status: 500,
          headers: {
            'content-type': 'application/json',
            'x-ratelimit-limit': '10000',
            'x-ratelimit-remaining': '9000',
            'x-ratelimit-reset': String(Math.ceil(Date.now() / 60_000) * 60),
          },
          body: JSON.stringify({ code: 'INTERNAL_ERROR', message: 'tilde', status: 500 }),
        }
      : request,
};

async function failureWithSeed(seed: number): Promise<string> {
  const proxy = await startBrokenProxy(mock.origin, failsOnDigits);
  try {
    const result = await runContractSuite({
      baseUrl: `${proxy.origin}/v1`,
      apiKey: 'demo-enterprise',
      checks: ['generated'],
      operations: ['createPet'],
      examples: 40,
      seed,
      onProgress: () => undefined,
    });
    const failure = result.checks.find((check) => check.title.startsWith('createPet: requests generated valid'));
    expect(failure?.status).toBe('failed');
    return failure?.failure ?? '';
  } finally {
    await proxy.close();
  }
}

describe('a failure of a generated request', () => {
  it('shows its seed, the smallest failing input and a curl line, and the same seed finds it again', async () => {
    const first = await failureWithSeed(777);
    expect(first).toMatch(/createPet: status 500, expected 201/);
    expect(first).toContain('Seed:      777 (run again with --seed 777;');
    // Shrunk from a random name to a character or two around the one that fails, and no optional field.
    const input = /Smallest failing input \(shrunk \d+ times\): (.*)/.exec(first)?.[1] ?? '';
    expect(input).toMatch(/^\{"query":\{\},"body":\{"name":"[^"]{0,2}","categoryId":\d+\}\}$/);
    const name = (JSON.parse(input) as { body: { name: string } }).body.name;
    expect(name).toContain('~');
    expect(first).toContain(`--data-raw '${JSON.stringify({ name, categoryId: 0 }).replace('0}', '')}`);
    expect(first).toMatch(/Reproduce: curl -i -X POST -H "X-API-Key: \$PETSTORE_API_KEY" /);

    const again = await failureWithSeed(777);
    // The same inputs; only the ids of the data each run made differ.
    const withoutIds = (text: string) =>
      text.replace(/"categoryId":\d+/g, '"categoryId":N').replace(/ seed -?\d+/g, '');
    expect(withoutIds(/Seed:.*\n.*Smallest failing input.*/.exec(again)?.[0] ?? '')).toBe(
      withoutIds(/Seed:.*\n.*Smallest failing input.*/.exec(first)?.[0] ?? ''),
    );
  }, 120_000);
});

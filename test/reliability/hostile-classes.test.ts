// Generated hostile requests of every class at a served mock (the built command, its own process)
// over real HTTP: API operations with odd paths, queries and bodies; Prefer values; integers in
// odd forms; Host and Origin headers; odd methods; control-API bodies; requests without Host.
// Every answer is below 500 and every 4xx is the Error object; the process is still up at the
// end. Bounded: a fixed count per class (fast-check, seeded) and a time limit for the whole.
import { mkdir, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { oneOfValues } from '../../contract-tests/generation/valid-values.js';
import { loadContract, type OperationInfo } from '../../src/openapi/load-contract.js';
import { CONTROL_SPEC_FILE, PETSTORE_SPEC_FILE } from '../../src/package-root.js';
import { type RunningCli, startCli } from '../support/cli.js';
import { type RawRequest, sendRaw } from '../support/raw-http.js';

const SEED = 20261126;
const RUNS_PER_CLASS = 300;
const TIME_LIMIT_MS = 150_000;
const COUNTS_FILE = new URL('../../test-output/hostile-classes.json', import.meta.url);

const api = loadContract(PETSTORE_SPEC_FILE);
const control = loadContract(CONTROL_SPEC_FILE);
const KEY = 'demo-enterprise';

const oddText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype', '', ' ', '💥', '%00', '..'),
);
/** What a header can carry: printable ASCII (Node's client refuses to send anything else). */
const headerText = oddText.filter((value) => /^[\x20-\x7e]*$/.test(value));
const oddInteger = fc.oneof(
  fc.integer({ min: -5, max: 100 }).map(String),
  fc.constantFrom('0x10', '+1', '01', '1.0', '1e0', ' 1', '1 ', '-0', '0b1', '0o7', '１', '1_000', 'Infinity', 'NaN'),
  fc.integer({ min: 0, max: 50 }).map((n) => `${'0'.repeat(3)}${n}`),
  fc.bigInt({ min: 2n ** 53n - 2n, max: 2n ** 64n }).map(String),
);
const oddDate = fc.oneof(
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  fc.constantFrom(
    '2026-12-31T23:59:60Z',
    '2016-12-31T23:59:60.999Z',
    '0001-01-01T00:00:00Z',
    '0000-01-01T00:00:00Z',
    '9999-12-31T23:59:59Z',
    '1969-12-31T23:59:59Z',
    '+275760-09-13T00:00:00.000Z',
    '2026-02-30T00:00:00Z',
    '2026-01-01t00:00:00z',
  ),
  fc.string({ maxLength: 25 }),
);
const oddNumber = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(31_536_000_000, 1e308, -1, 0.5), oddText);

/** Bodies for the control API: the fields of its operations, odd values, odd shapes. */
const controlBody = fc.oneof(
  fc
    .record(
      {
        now: oddDate,
        advanceSeconds: oddNumber,
        frozen: fc.oneof(fc.boolean(), oddText),
        plan: fc.oneof(fc.constantFrom('free', 'pro', 'business', 'enterprise'), oddText),
        limits: fc.record({ perMinute: oddNumber, perDay: oddNumber }, { requiredKeys: [] }),
        seconds: oddNumber,
        requests: oddNumber,
        fraction: oddNumber,
        keys: fc.array(oddText, { maxLength: 3 }),
        operations: fc.array(fc.oneof(fc.constantFrom('listPets', 'getPet'), oddText), { maxLength: 3 }),
        // Latency kept small: a valid one applies to the requests that follow.
        ms: fc.oneof(fc.integer({ min: -5, max: 20 }), oddText),
        minMs: fc.oneof(fc.integer({ min: -5, max: 20 }), oddText),
        maxMs: fc.oneof(fc.integer({ min: -5, max: 20 }), oddText),
        retryAfterFormat: fc.oneof(fc.constantFrom('seconds', 'http-date'), oddText),
        ban: fc.record({ threshold: oddNumber, seconds: oddNumber }, { requiredKeys: [] }),
      },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.constantFrom('{"__proto__":{"polluted":1}}', '{"now":', '', 'null', `{"x":"${'y'.repeat(40_000)}"}`),
);

const apiBody = fc.oneof(
  fc
    .record(
      {
        name: oddText,
        categoryId: oddNumber,
        petId: oddNumber,
        quantity: oddNumber,
        status: fc.oneof(fc.constantFrom('available', 'sold'), oddText),
        shipDate: oddDate,
        complete: fc.oneof(fc.boolean(), oddText),
      },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
);

const preferValue = fc.oneof(
  fc.constantFrom('code=404', 'code=418', 'code=500', 'example=sold', 'example=empty', 'example=nosuch'),
  fc.constantFrom('__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty').map((name) => `example=${name}`),
  fc.constantFrom('__proto__', 'constructor', '1e2', '0x1f4', '', '200 ').map((name) => `code=${name}`),
  fc
    .tuple(fc.constantFrom('code', 'example', 'return', 'wait', 'respond-async'), headerText)
    .map(([n, v]) => `${n}=${v}`),
  fc.string({ maxLength: 40 }),
);

const hostHeader = fc.oneof(
  fc.constantFrom(
    'localhost',
    '127.0.0.1',
    'a.localhost',
    '[::1]',
    'LOCALHOST.',
    'evil.example',
    'localhost.evil.example',
  ),
  fc.domain(),
  fc.ipV4(),
  fc.ipV6().map((address) => `[${address}]`),
  fc
    .tuple(
      fc.string({ maxLength: 20 }),
      fc.oneof(
        fc.constant(''),
        fc.integer({ min: 0, max: 99_999 }).map((p) => `:${p}`),
      ),
    )
    .map(([name, port]) => name + port),
);

const originHeader = fc.oneof(
  fc.constantFrom('null', 'http://evil.example', 'http://127.0.0.1', 'http://localhost:4010', 'file://'),
  fc.webUrl().map((url) => new URL(url).origin),
  fc.string({ maxLength: 30 }),
);

function pathOf(operation: OperationInfo, basePath: string, segment: string): string {
  return `${basePath}${operation.path.replace(/\{[^}]+\}/g, () => segment)}`;
}

/** One generated request of a class: what to send, from a generated operation and values. */
type Generated = { raw: RawRequest };
type RequestClass = { name: string; requests: fc.Arbitrary<Generated> };

const apiOperation = oneOfValues(api.operations);
const controlOperation = oneOfValues(control.operations);
const keyed = (headers: Record<string, string> = {}) => ({ 'X-API-Key': KEY, ...headers });

function requestClasses(port: number): RequestClass[] {
  const host = `127.0.0.1:${port}`;
  return [
    {
      name: 'API operations: odd path segments, queries and bodies',
      requests: fc
        .record({
          operation: apiOperation,
          segment: fc.oneof(oddInteger, oddText).map(encodeURIComponent),
          query: fc.array(fc.tuple(fc.constantFrom('limit', 'offset', 'status', 'petId', 'x', '__proto__'), oddText), {
            maxLength: 3,
          }),
          body: fc.option(apiBody, { freq: 3 }),
        })
        .map(({ operation, segment, query, body }) => {
          const search = query.map(([n, v]) => `${n}=${encodeURIComponent(v)}`).join('&');
          return {
            raw: {
              method: operation.method.toUpperCase(),
              path: `${pathOf(operation, api.basePath, segment)}${search ? `?${search}` : ''}`,
              headers: keyed({ 'Content-Type': 'application/json' }),
              ...(body === null ? {} : { body }),
            },
          };
        }),
    },
    {
      name: 'API operations: Prefer values',
      requests: fc
        .record({ operation: apiOperation, prefer: preferValue, body: apiBody })
        .map(({ operation, prefer, body }) => ({
          raw: {
            method: operation.method.toUpperCase(),
            path: pathOf(operation, api.basePath, '1'),
            headers: keyed({ Prefer: prefer, 'Content-Type': 'application/json' }),
            ...(operation.hasRequestBody ? { body } : {}),
          },
        })),
    },
    {
      name: 'integers in paths and queries in odd forms',
      requests: fc
        .record({
          path: fc.constantFrom(
            '/pets/by-id/{}',
            '/categories/{}',
            '/store/orders/{}',
            '/store/inventory/{}',
            '/pets?limit={}',
            '/pets?categoryId={}',
            '/store/orders?petId={}&offset={}',
          ),
          value: oddInteger,
        })
        .map(({ path, value }) => ({
          raw: {
            method: 'GET',
            path: `${api.basePath}${path.replaceAll('{}', encodeURIComponent(value))}`,
            headers: keyed(),
          },
        })),
    },
    {
      name: 'Host headers, on the API, the control API, docs and the dashboard',
      requests: fc
        .record({
          host: hostHeader,
          path: fc.constantFrom('/v1/pets', '/__mock/state', '/docs', '/__mock/ui', '/openapi.json', '/x'),
        })
        .map(({ host: sent, path }) => ({ raw: { method: 'GET', path, headers: keyed({ Host: sent }) } })),
    },
    {
      name: 'Origin and Sec-Fetch-Site on the control API',
      requests: fc
        .record({
          operation: controlOperation,
          origin: fc.option(originHeader),
          site: fc.option(fc.constantFrom('cross-site', 'same-site', 'same-origin', 'none', 'bogus')),
          mode: fc.option(fc.constantFrom('navigate', 'cors', 'no-cors')),
        })
        .map(({ operation, origin, site, mode }) => ({
          raw: {
            method: operation.method.toUpperCase(),
            path: pathOf(operation, '/__mock', 'demo-free'),
            headers: {
              Host: host,
              ...(origin === null ? {} : { Origin: origin }),
              ...(site === null ? {} : { 'Sec-Fetch-Site': site }),
              ...(mode === null ? {} : { 'Sec-Fetch-Mode': mode }),
            },
          },
        })),
    },
    {
      name: 'control-API bodies',
      requests: fc
        .record({
          operation: oneOfValues(control.operations.filter((operation) => operation.hasRequestBody)),
          key: fc.oneof(fc.constantFrom('demo-free', 'demo-pro', 'fresh-key'), oddText.map(encodeURIComponent)),
          body: controlBody,
        })
        .map(({ operation, key, body }) => ({
          raw: {
            method: operation.method.toUpperCase(),
            path: pathOf(operation, '/__mock', key),
            headers: { 'Content-Type': 'application/json' },
            body,
          },
        })),
    },
    {
      name: 'methods: HEAD, OPTIONS and odd ones on every path',
      requests: fc
        .record({
          operation: fc.oneof(
            apiOperation.map((o) => [o, api.basePath] as const),
            controlOperation.map((o) => [o, '/__mock'] as const),
          ),
          method: fc.constantFrom('HEAD', 'OPTIONS', 'TRACE', 'PATCH', 'PUT', 'DELETE', 'PROPFIND', 'get'),
        })
        .map(({ operation: [operation, base], method }) => ({
          raw: { method, path: pathOf(operation, base, '1'), headers: keyed() },
        })),
    },
  ];
}

/** `applied`: the answer's Preference-Applied; a 5xx the request asked for (Prefer: code=500) is no fault. */
function problemsWith(method: string, status: number, text: string, applied?: unknown): string[] {
  const problems: string[] = [];
  if (status >= 500 && applied !== `code=${status}`) problems.push(`a ${status}`);
  if (status >= 400 && method !== 'HEAD') {
    let body: { code?: unknown; status?: unknown; message?: unknown } | undefined;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (body?.status !== status || typeof body?.code !== 'string' || typeof body?.message !== 'string')
      problems.push(`not the Error object: ${text.slice(0, 200)}`);
  }
  return problems;
}

/** Sends bytes as they are (no Host at all) and reads the answer's status line and body. */
function sendBytes(port: number, text: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () =>
      resolve({
        status: Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1] ?? 0),
        body: answer.slice(answer.indexOf('\r\n\r\n') + 4),
      }),
    );
    socket.on('error', reject);
  });
}

describe('generated hostile requests of every class, at the served command', () => {
  let cli: RunningCli;
  let port: number;
  beforeAll(async () => {
    cli = await startCli(['serve', '--port', '0', '--data', ':memory:', '-q']);
    port = Number(new URL(cli.apiUrl).port);
  });
  afterAll(async () => {
    await cli?.stop('SIGTERM');
  });

  it(
    'answers every one below 500, every 4xx with the Error object, and stays up',
    async () => {
      const deadline = Date.now() + TIME_LIMIT_MS;
      const counts: Record<string, number> = {};
      const origin = `http://127.0.0.1:${port}`;
      for (const { name, requests } of requestClasses(port)) {
        counts[name] = 0;
        await fc.assert(
          fc.asyncProperty(requests, async ({ raw }) => {
            counts[name] = (counts[name] ?? 0) + 1;
            const response = await sendRaw(origin, raw);
            const problems = problemsWith(
              raw.method,
              response.status,
              response.text,
              response.headers['preference-applied'],
            );
            if (problems.length > 0)
              throw new Error(`${raw.method} ${raw.path} ${JSON.stringify(raw.headers)} -> ${problems.join('; ')}`);
          }),
          {
            seed: SEED,
            numRuns: RUNS_PER_CLASS,
            endOnFailure: true,
            interruptAfterTimeLimit: Math.max(1, deadline - Date.now()),
          },
        );
      }
      const withoutHost = 'requests without Host (HTTP/1.1 and 1.0)';
      counts[withoutHost] = 0;
      for (const request of [
        'GET /v1/pets HTTP/1.1',
        'GET /__mock/state HTTP/1.0',
        'POST /__mock/reset HTTP/1.1',
        'HEAD /docs HTTP/1.1',
      ]) {
        counts[withoutHost] += 1;
        const { status, body } = await sendBytes(port, `${request}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
        expect(problemsWith(request.startsWith('HEAD') ? 'HEAD' : 'GET', status, body)).toEqual([]);
        expect(status).toBe(400);
      }
      await mkdir(new URL('.', COUNTS_FILE), { recursive: true });
      await writeFile(COUNTS_FILE, `${JSON.stringify(counts, null, 2)}\n`);
      process.stderr.write(`hostile request classes and counts:\n${JSON.stringify(counts, null, 2)}\n`);
      for (const [name, count] of Object.entries(counts)) {
        if (name !== withoutHost) expect([name, count]).toEqual([name, RUNS_PER_CLASS]);
      }
      // The process is up and answers as before.
      expect(cli.child.exitCode).toBeNull();
      const health = await sendRaw(origin, { method: 'GET', path: '/v1/categories', headers: keyed() });
      expect([200, 403, 429]).toContain(health.status);
      expect(cli.output()).not.toMatch(/INTERNAL ERROR|CONTRACT BUG/);
    },
    TIME_LIMIT_MS + 30_000,
  );
});

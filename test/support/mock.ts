// Starts a fresh in-memory mock on an OS-assigned loopback port for one test file, and collects
// what it logs, so that a test can assert that no response ever broke the contract.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from '@jest/globals';
import request from 'supertest';
import type { MockServerOptions } from '../../src/server/config.js';
import { createMockServer, type MockServer } from '../../src/server/server.js';

export const DEMO_KEY = 'demo-business';

export type TestMock = {
  server: MockServer;
  logLines: string[];
  /** supertest bound to the server's origin; paths start with the base path (/v1/...). */
  http: ReturnType<typeof request>;
  /** Lines the mock logged about its own responses breaking the contract, or internal errors. */
  contractBugs(): string[];
};

/**
 * By default the mock keeps its data in a fresh file of its own, as users run it: the durable
 * write path (and its rule that records are replaced, never edited in place) is in every test.
 */
export async function startTestMock(options: MockServerOptions = {}): Promise<TestMock> {
  const logLines: string[] = [];
  const folder = options.data === undefined ? await mkdtemp(join(tmpdir(), 'petstore-test-')) : undefined;
  const started = await createMockServer({
    ...(folder ? { data: join(folder, 'db.json') } : {}),
    ...options,
    log: (line) => logLines.push(line),
  });
  // Wrapped in place: a spread would read `store`, which throws when the data is in Redis.
  const server: MockServer = started;
  const closeServer = started.close.bind(started);
  server.close = async () => {
    await closeServer();
    if (folder) await rm(folder, { recursive: true, force: true });
  };
  return {
    server,
    logLines,
    http: request(server.origin),
    contractBugs: () => logLines.filter((line) => /CONTRACT BUG|INTERNAL ERROR/.test(line)),
  };
}

/** The seed's Error object, exactly its three fields, with `status` equal to the HTTP status. */
export function errorShape(status: number, code?: string): Record<string, unknown> {
  return { status, code: code ?? expect.stringMatching(/^[A-Z][A-Z0-9_]*$/), message: expect.stringMatching(/\S/) };
}

/** Brings a mock back to its start: data, keys, counters, bans, storms, settings, clock, records, and no scope. */
async function resetTestMock(mock: TestMock): Promise<void> {
  await mock.server.control.reset();
  const { scopes } = (await mock.http.get('/__mock/scopes')).body as { scopes: Array<{ name: string }> };
  for (const { name } of scopes) await mock.http.delete(`/__mock/scopes/${name}`);
}

/**
 * Starts a mock for the enclosing describe block and closes it after, checking that no answer
 * broke the contract. `all`: one mock for every test; `reset`: one mock, brought back to its
 * start before each test (POST /__mock/reset, scopes dropped), as a fresh one would be without
 * its start's cost; `each`: a new mock for each test, for tests of the start itself. Its fields
 * read the current mock. Options that need work first (a draft written to its files) may be given
 * as a function.
 */
export function useTestMock(
  options: MockServerOptions | (() => Promise<MockServerOptions>) = {},
  scope: 'all' | 'reset' | 'each' = 'all',
): TestMock {
  let current: TestMock | undefined;
  const [before, after] = scope === 'each' ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    current = await startTestMock(typeof options === 'function' ? await options() : options);
  });
  if (scope === 'reset')
    beforeEach(async () => {
      if (current) await resetTestMock(current);
    });
  after(async () => {
    const bugs = current?.contractBugs() ?? [];
    await current?.server.close();
    expect(bugs).toEqual([]);
  });
  const active = () => {
    if (!current) throw new Error('useTestMock: the mock is only there inside the tests of its describe block.');
    return current;
  };
  return {
    get server() {
      return active().server;
    },
    get logLines() {
      return active().logLines;
    },
    get http() {
      return active().http;
    },
    contractBugs: () => active().contractBugs(),
  };
}

/** The options of a mock serving `document` (another API's contract), written to a file of its own, from memory. */
export async function servingDocument(document: object): Promise<MockServerOptions> {
  const file = join(await mkdtemp(join(tmpdir(), 'contract-')), 'openapi.json');
  await writeFile(file, JSON.stringify(document));
  return { data: ':memory:', contract: file, lintContract: false };
}

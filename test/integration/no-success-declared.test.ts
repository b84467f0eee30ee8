// An operation that declares no success at all (a redirect, a teapot, a status-code reference like
// readme's http-status-codes document) is answered with what it declares: its lowest 3xx, else
// its lowest 4xx or 5xx, with the body its schema gives; never a 200 it does not declare (a 500).
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestMock, type TestMock } from '../support/mock.js';
import { NO_SUCCESS_DOCUMENT } from '../support/no-success-document.js';

let mock: TestMock;
beforeAll(async () => {
  const file = join(await mkdtemp(join(tmpdir(), 'statuses-')), 'openapi.json');
  await writeFile(file, JSON.stringify(NO_SUCCESS_DOCUMENT));
  mock = await startTestMock({ data: ':memory:', contract: file, lintContract: false });
});
afterAll(async () => {
  const bugs = mock.contractBugs();
  await mock.server.close();
  expect(bugs).toEqual([]);
});

describe('an operation that declares no success', () => {
  it('answers its lowest 3xx before any error', async () => {
    expect((await mock.http.get('/old-home')).status).toBe(301);
  });

  it('answers its lowest 4xx or 5xx, with a body of its schema', async () => {
    const res = await mock.http.get('/teapot');
    expect(res.status).toBe(418);
    expect(typeof res.body.message).toBe('string');
    expect((await mock.http.delete('/gone')).status).toBe(410);
  });

  it('answers 200 where `default` stands for its success, and says how in its description', async () => {
    expect((await mock.http.get('/default-only')).status).toBe(200);
    const operations = (await mock.http.get('/__mock/operations')).body.operations as Array<{
      operationId: string;
      how: string;
    }>;
    expect(operations.find((operation) => operation.operationId === 'brewCoffee')?.how).toMatch(/^answers 418 /);
  });
});

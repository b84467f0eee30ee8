// A check that counts a made key's day runs from the start of the next UTC day of that key's
// clock (the start of a minute too), and the clock is put back afterwards, whatever the check did.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createMockServer, type MockServer } from '../../src/server/server.js';
import { CONFIG_VARIABLE } from './target.js';
import { inNextDay } from './window-end.js';

const SCOPE = 'window-end-test';
let mock: MockServer;
let folder: string;
const before = process.env[CONFIG_VARIABLE];
beforeAll(async () => {
  mock = await createMockServer({ data: ':memory:', host: '127.0.0.1', port: 0, log: false });
  folder = mkdtempSync(join(tmpdir(), 'window-end-'));
  const config = { baseUrl: `${mock.url}`, apiKey: 'demo-enterprise', seed: 1, mockControlOrigin: mock.origin };
  writeFileSync(join(folder, 'config.json'), JSON.stringify(config));
  process.env[CONFIG_VARIABLE] = join(folder, 'config.json');
});
afterAll(async () => {
  if (before === undefined) delete process.env[CONFIG_VARIABLE];
  else process.env[CONFIG_VARIABLE] = before;
  rmSync(folder, { recursive: true, force: true });
  await mock.close();
});

const scopeNow = async () => Date.parse(String(mock.scope(SCOPE).control.clock().now));

describe('inNextDay', () => {
  it('runs from the start of the next UTC day, then puts the clock back', async () => {
    for (const now of ['2027-03-01T23:55:00Z', '2027-03-01T00:00:30Z', '2027-03-01T10:00:00Z']) {
      await mock.scope(SCOPE).control.moveClock({ now: new Date(now), frozen: true });
      expect(new Date(await inNextDay(SCOPE, scopeNow)).toISOString()).toBe('2027-03-02T00:00:01.000Z');
      expect(new Date(await scopeNow()).toISOString()).toBe(new Date(now).toISOString());
    }
  });

  it('puts the clock back when the check fails', async () => {
    await mock.scope(SCOPE).control.moveClock({ now: new Date('2027-03-01T10:00:00Z'), frozen: true });
    await expect(inNextDay(SCOPE, () => Promise.reject(new Error('the check failed')))).rejects.toThrow(
      'the check failed',
    );
    expect(new Date(await scopeNow()).toISOString()).toBe('2027-03-01T10:00:00.000Z');
  });
});

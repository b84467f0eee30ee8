// A check that reads a made key's day across a wait of minutes runs within one UTC day of that
// key's clock: near midnight, from the start of the next day, and the clock put back afterwards.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createMockServer, type MockServer } from '../../src/server.js';
import { CONFIG_VARIABLE } from './target.js';
import { withinOneDay } from './window-end.js';

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

describe('withinOneDay', () => {
  it('runs from the start of the next UTC day when the day ends within the wait, then puts the clock back', async () => {
    await mock.scope(SCOPE).control.moveClock({ now: new Date('2027-03-01T23:55:00Z'), frozen: true });
    const during = await withinOneDay(SCOPE, 720, scopeNow);
    expect(new Date(during).toISOString()).toBe('2027-03-02T00:00:01.000Z');
    expect(new Date(await scopeNow()).toISOString()).toBe('2027-03-01T23:55:00.000Z');
  });

  it('runs where the clock stands when the day has room for the wait', async () => {
    await mock.scope(SCOPE).control.moveClock({ now: new Date('2027-03-01T10:00:00Z'), frozen: true });
    expect(new Date(await withinOneDay(SCOPE, 720, scopeNow)).toISOString()).toBe('2027-03-01T10:00:00.000Z');
  });
});

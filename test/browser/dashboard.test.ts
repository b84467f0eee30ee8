// The dashboard in a real browser: Debian's Chromium, driven by playwright-core.

import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { startTestMock, type TestMock, useTestMock } from '../support/mock.js';
import { launchChromium, waitFor } from './chromium.js';

const SCREENSHOT = new URL('../../test-output/dashboard.png', import.meta.url);

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

async function openDashboard(mock: TestMock): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  await page.goto(`${mock.server.origin}/__mock/ui`);
  await page.locator('tr[data-key="demo-free"]').waitFor();
  return page;
}

describe('the dashboard at /__mock/ui', () => {
  const mock = useTestMock({ clockStart: '2026-11-21T10:00:00Z', clockFrozen: true });
  let page: Page;
  beforeAll(async () => {
    page = await openDashboard(mock);
  });
  afterAll(() => page?.close());

  it('bans a key with its button, and the control API says it is banned', async () => {
    await page.getByRole('button', { name: 'Ban demo-free' }).click();
    await waitFor('the ban over the API', async () => (await mock.server.control.key('demo-free')).banned);
    await page.locator('tr[data-key="demo-free"][data-banned="true"]').waitFor();
    await expect(page.locator('tr[data-key="demo-free"]').textContent()).resolves.toContain('banned, 10 min left');
  });

  it('advances the clock with a button, and the ban lifts', async () => {
    await page.getByRole('button', { name: 'Advance 1 hour' }).click();
    await waitFor('the ban to lift', async () => !(await mock.server.control.key('demo-free')).banned);
    await page.locator('tr[data-key="demo-free"][data-banned="false"]').waitFor();
    expect(mock.server.clock.now().toISOString()).toBe('2026-11-21T11:00:00.000Z');
    await expect(page.locator('#clock-now').textContent()).resolves.toBe('Sat, 21 Nov 2026 11:00:00 GMT');
  });

  it('starts a storm from its form, and the 429s show in the request list, linked to the reference', async () => {
    await page.getByLabel('Storm keys').fill('demo-pro');
    await page.getByRole('button', { name: 'Start storm' }).click();
    await waitFor('the storm over the API', async () =>
      (await mock.server.control.storms()).some((storm) => storm.running),
    );
    for (let sent = 0; sent < 3; sent += 1) await mock.http.get('/v1/pets?limit=1').set('X-API-Key', 'demo-pro');
    const stormRow = page.locator('#requests tbody tr', { hasText: '429 RATE_LIMITED (storm)' });
    // The list follows by polling: wait for all three, then no more appear.
    await waitFor('three storm answers in the list', async () => (await stormRow.count()) === 3);
    await page.waitForTimeout(1_200);
    expect(await stormRow.count()).toBe(3);
    await expect(stormRow.first().getByRole('link', { name: 'listPets' }).getAttribute('href')).resolves.toBe(
      '/docs#/Pets/listPets',
    );
    await expect(page.locator('#storms').textContent()).resolves.toContain('3 of 3 answered 429');
    await mkdir(new URL('.', SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT.pathname, fullPage: true });
  });

  it('starts a fault from its form: the reset and the 503 show in the request list and the panel, and it stops', async () => {
    const form = page.locator('#fault-form');
    await form.locator('select[name="kind"]').selectOption('unavailable');
    await form.getByLabel('Fault keys').fill('demo-business');
    await form.getByLabel('Fault for requests').fill('2');
    await page.getByRole('button', { name: 'Start fault' }).click();
    await waitFor('the fault over the API', async () =>
      (await mock.server.control.faults()).some((fault) => fault.kind === 'unavailable' && fault.running),
    );
    for (let sent = 0; sent < 2; sent += 1) await mock.http.get('/v1/categories').set('X-API-Key', 'demo-business');
    await mock.server.control.startFault({ kind: 'reset', keys: ['demo-business'], requests: 1 });
    await mock.http
      .get('/v1/categories')
      .set('X-API-Key', 'demo-business')
      .catch(() => undefined);
    await waitFor('two 503s and a reset in the list', async () => {
      const rows = page.locator('#requests tbody tr.faulted');
      return (await rows.count()) === 3;
    });
    await expect(page.locator('#requests tbody tr.faulted').first().textContent()).resolves.toContain(
      '200 (fault: reset)',
    );
    await expect(page.locator('#faults').textContent()).resolves.toContain(
      'Over: 503 with Retry-After, on 100% of requests of demo-business; every operation; 2 of 2 failed',
    );
    await mock.server.control.startFault({ kind: 'stall', stallSeconds: 30, keys: ['nobody'] });
    await page.locator('#faults li.fault-stall').waitFor();
    await expect(page.locator('#faults li.fault-stall').textContent()).resolves.toContain(
      'head, then silence for 30 s',
    );
    await page.getByRole('button', { name: 'Stop all faults' }).click();
    await waitFor('no fault', async () => (await mock.server.control.faults()).length === 0);
    await page.locator('#faults', { hasText: 'No fault.' }).waitFor();
  });

  it('shows a key compliance report at a click', async () => {
    await page.getByRole('button', { name: 'Compliance of demo-pro' }).click();
    await expect(page.locator('#compliance-hint')).toBeDefined();
    await waitFor('the report', async () =>
      ((await page.locator('#compliance').textContent()) ?? '').includes('"key": "demo-pro"'),
    );
    await expect(page.locator('#compliance-hint').textContent()).resolves.toMatch(/demo-pro: \d+ violation/);
  });

  it('polls without counting against any key', async () => {
    const used = (await mock.server.control.key('demo-business')).minute.used;
    await page.waitForTimeout(2_500);
    expect((await mock.server.control.key('demo-business')).minute.used).toBe(used);
  });
});

describe("the dashboard's first paint", () => {
  const mock = useTestMock({ clockStart: '2026-11-21T10:00:00Z', clockFrozen: true });

  it('shows no empty panel while the state is read, says what is under way, then shows the panels filled', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    try {
      // The first read of the state is held, as a slow network or a busy mock would hold it.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/__mock/state', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${mock.server.origin}/__mock/ui`);
      await expect(page.locator('#status').textContent()).resolves.toBe(
        "Reading the mock's state (GET /__mock/state)…",
      );
      expect(await page.locator('main').isVisible()).toBe(false);
      expect(await page.locator('.scope-bar').isVisible()).toBe(false);

      release();
      await page.locator('tr[data-key="demo-free"]').waitFor();
      expect(await page.locator('main').isVisible()).toBe(true);
      await expect(page.locator('#status').textContent()).resolves.toMatch(/^Connected; control API open/);
      await expect(page.locator('#clock-now').textContent()).resolves.not.toBe('–');
    } finally {
      await page.close();
    }
  });
});

describe("the dashboard's scope picker", () => {
  const mock = useTestMock({ clockStart: '2026-11-21T10:00:00Z', clockFrozen: true });
  let page: Page;
  beforeAll(async () => {
    // A scope made by a test's first request, with a ban of its own.
    await mock.http.post('/__mock/keys/demo-free/ban').set('X-Mock-Scope', 'browser-test').send({ seconds: 30 });
    page = await openDashboard(mock);
  });
  afterAll(() => page?.close());
  const row = (key: string, banned: boolean) => page.locator(`tr[data-key="${key}"][data-banned="${banned}"]`);

  it('lists the scopes, and shows and steers the one picked, leaving the default scope alone', async () => {
    await row('demo-free', false).waitFor();
    await page.locator('#scope option[value="browser-test"]').waitFor({ state: 'attached' });
    await page.getByLabel('Showing').selectOption('browser-test');
    await row('demo-free', true).waitFor();
    await page.getByRole('button', { name: 'Ban demo-pro' }).click();
    const scope = mock.server.scope('browser-test');
    await waitFor('the ban in the scope', async () => (await scope.control.key('demo-pro')).banned);
    expect((await mock.server.control.key('demo-pro')).banned).toBe(false);
    await page.getByLabel('Showing').selectOption('');
    await row('demo-free', false).waitFor();
    await row('demo-pro', false).waitFor();
  });

  it('drops the scope picked, and goes back to the default scope', async () => {
    await page.getByLabel('Showing').selectOption('browser-test');
    await row('demo-pro', true).waitFor();
    await page.getByRole('button', { name: 'Drop this scope' }).click();
    await waitFor('the scope to go', async () => (await mock.http.get('/__mock/scopes')).body.scopes.length === 0);
    await expect(page.locator('#scope').inputValue()).resolves.toBe('');
    await page.waitForTimeout(1_200);
    expect((await mock.http.get('/__mock/scopes')).body.scopes).toEqual([]);
  });

  it('keeps its polls out of the request log', async () => {
    const polls = () => mock.logLines.filter((line) => /^GET \/__mock\/(state|requests|scopes)/.test(line));
    const before = polls().length;
    await page.waitForTimeout(2_500);
    expect(polls().length).toBe(before);
    expect(mock.logLines.some((line) => line.startsWith('POST /__mock/keys/demo-pro/ban 200'))).toBe(true);
  });
});

describe('the dashboard with a control token', () => {
  it('asks for the token once, keeps it in the tab, and then works', async () => {
    const mock = await startTestMock({ controlToken: 'dashboard-token' });
    const page = await browser.newPage();
    try {
      await page.goto(`${mock.server.origin}/__mock/ui`);
      await page.getByLabel('Token', { exact: true }).fill('dashboard-token');
      await page.getByRole('button', { name: 'Use token' }).click();
      await page.locator('tr[data-key="demo-free"]').waitFor();
      await expect(page.locator('#status').textContent()).resolves.toContain('control API token');
      await page.getByRole('button', { name: 'Ban demo-pro' }).click();
      await waitFor('the ban over the API', async () => (await mock.server.control.key('demo-pro')).banned);
    } finally {
      await page.close();
      await mock.server.close();
    }
  });
});

// The control API belongs to the machine's user: a page of another origin (another port of
// 127.0.0.1, as Chromium counts origins) and a DNS-rebinding page (a name of its own pointed at
// 127.0.0.1) can neither read nor change anything, while the API keeps its CORS for frontends.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DEMO_KEY, useTestMock } from '../support/mock.js';
import { launchChromium } from './chromium.js';

const REBINDING_NAME = 'rebind.test';

let browser: Browser;
let attacker: Server;
let attackerOrigin: string;
beforeAll(async () => {
  // The rebinding name resolves to 127.0.0.1, as an attacker's DNS answers once the page is loaded.
  browser = await launchChromium([`--host-resolver-rules=MAP ${REBINDING_NAME} 127.0.0.1`]);
  attacker = createServer((_req, res) => res.end('<!doctype html><title>another site</title>'));
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => attacker?.close(resolve));
});

/** What a fetch from the page gave: its status and text, or the error the browser threw. */
type Outcome = { status: number; text: string } | { error: string };

async function fetchFrom(page: Page, url: string, init: RequestInit = {}): Promise<Outcome> {
  return await page.evaluate(
    async ([target, options]) => {
      try {
        const res = await fetch(target, options);
        return { status: res.status, text: await res.text() };
      } catch (error) {
        return { error: String(error) };
      }
    },
    [url, init] as const,
  );
}

describe('a page of another origin (another port of 127.0.0.1)', () => {
  const mock = useTestMock();
  let page: Page;
  beforeAll(async () => {
    page = await browser.newPage();
    await page.goto(`${attackerOrigin}/`);
  });
  afterAll(() => page?.close());

  it('cannot read the control state: no CORS on /__mock, and the mock refuses the request', async () => {
    const outcome = await fetchFrom(page, `${mock.server.origin}/__mock/state`);
    expect(outcome).toEqual({ error: expect.stringContaining('Failed to fetch') });
    expect(mock.logLines).toContainEqual(expect.stringMatching(/^GET \/__mock\/state 403 ORIGIN_NOT_ALLOWED /));
  });

  it('cannot change anything, not even with requests that need no preflight', async () => {
    await mock.server.control.putKey('kept-key', 'pro');
    // A no-cors POST reaches the server unread by the page: the server itself must refuse it.
    const reset = await fetchFrom(page, `${mock.server.origin}/__mock/reset`, { method: 'POST', mode: 'no-cors' });
    const ban = await fetchFrom(page, `${mock.server.origin}/__mock/keys/demo-free/ban`, {
      method: 'POST',
      mode: 'no-cors',
      headers: { 'Content-Type': 'text/plain' },
      body: '{"seconds":31536000}',
    });
    // A JSON body needs a preflight, which gets no CORS: the browser never sends the request.
    const json = await fetchFrom(page, `${mock.server.origin}/__mock/keys/demo-free/ban`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"seconds":31536000}',
    });
    expect([reset, ban]).toEqual([
      { status: 0, text: '' },
      { status: 0, text: '' },
    ]);
    expect(json).toEqual({ error: expect.stringContaining('Failed to fetch') });
    expect((await mock.server.control.key('kept-key')).plan).toBe('pro');
    expect((await mock.server.control.key('demo-free')).banned).toBe(false);
    const refusals = mock.logLines.filter((line) => line.includes(' 403 ORIGIN_NOT_ALLOWED '));
    expect(refusals).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^POST \/__mock\/reset /),
        expect.stringMatching(/^POST \/__mock\/keys\/demo-free\/ban /),
      ]),
    );
  });

  it('still uses the API itself, with its CORS', async () => {
    const outcome = await fetchFrom(page, `${mock.server.url}/pets?limit=1`, { headers: { 'X-API-Key': DEMO_KEY } });
    expect(outcome).toEqual({ status: 200, text: expect.stringContaining('"id"') });
  });
});

describe('a DNS-rebinding page (its own name, resolving to 127.0.0.1)', () => {
  const mock = useTestMock();

  it('is refused on every route, and says which option would allow the name', async () => {
    const page = await browser.newPage();
    const rebound = `http://${REBINDING_NAME}:${mock.server.port}`;
    // Once the attacker's name points at 127.0.0.1, its page's requests reach the mock under
    // that name, same-origin for the browser (the page itself is refused as well).
    const landing = await page.goto(`${rebound}/attack.html`);
    expect(landing?.status()).toBe(403);
    await mock.server.control.putKey('kept-key', 'pro');
    const state = await fetchFrom(page, '/__mock/state');
    const reset = await fetchFrom(page, '/__mock/reset', { method: 'POST' });
    const pets = await fetchFrom(page, '/v1/pets', { headers: { 'X-API-Key': DEMO_KEY } });
    for (const outcome of [state, reset, pets]) {
      expect(outcome).toEqual({ status: 403, text: expect.stringContaining('"code":"HOST_NOT_ALLOWED"') });
    }
    expect('text' in state && JSON.parse(state.text).message).toContain(`--allowed-hosts ${REBINDING_NAME}`);
    expect((await mock.server.control.key('kept-key')).plan).toBe('pro');
    await page.close();
  });
});

describe('the dashboard at its own origin', () => {
  const mock = useTestMock();

  it('reads and changes the control API as before', async () => {
    const page = await browser.newPage();
    await page.goto(`${mock.server.origin}/__mock/ui`);
    await page.locator('tr[data-key="demo-free"]').waitFor();
    await page.getByRole('button', { name: 'Ban demo-free' }).click();
    await page.locator('tr[data-key="demo-free"][data-banned="true"]').waitFor();
    expect((await mock.server.control.key('demo-free')).banned).toBe(true);
    await page.close();
  });
});

// `sdk-check --html`: the page of a real run (a client that reads an HTTP-date Retry-After as
// 1 s), opened from disk in Debian's Chromium with every other request refused: each case's
// verdict, and its timeline drawn by the dashboard's own chart. Writes the README's screenshot.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { writeHtmlReport } from '../../src/sdk-check/html-report.js';
import type { CaseResult } from '../../src/sdk-check/run-case.js';
import { runSdkCheck } from '../../src/sdk-check/run-sdk-check.js';
import { launchChromium } from './chromium.js';

const SCREENSHOT = new URL('../../docs/sdk-check.png', import.meta.url);
const CLIENT = fileURLToPath(new URL('../../examples/sdk-clients/ignores-http-date.mjs', import.meta.url));

let browser: Browser;
let page: Page;
let folder: string;
let results: CaseResult[];
let file: string;
const requested: string[] = [];

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'petstore-sdk-check-report-'));
  results = await runSdkCheck({
    client: { command: process.execPath, args: [CLIENT] },
    cases: ['limit-seconds', 'limit-http-date', 'day-exhausted'],
    timeoutSeconds: 20,
    parallel: 3,
  });
  file = await writeHtmlReport(
    join(folder, 'sdk-check.html'),
    results,
    'node examples/sdk-clients/ignores-http-date.mjs',
  );
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1100, height: 1300 } });
  await page.route('**/*', (route) => {
    requested.push(route.request().url());
    return route.request().url().startsWith('file://') ? route.continue() : route.abort();
  });
  await page.goto(pathToFileURL(file).href);
}, 60_000);

afterAll(async () => {
  await page?.close();
  await browser?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('the HTML page of an sdk-check run', () => {
  it("shows each case's verdict and why", async () => {
    await expect(page.locator('.summary .passed').textContent()).resolves.toBe('2 passed');
    await expect(page.locator('.summary .failed').textContent()).resolves.toBe('1 failed');
    const failed = page.locator('section.case.fail');
    await expect(failed.getAttribute('data-case')).resolves.toBe('limit-http-date');
    await expect(failed.locator('.reasons li').first().textContent()).resolves.toMatch(
      /^retried 1(\.\d)? s after a 429 that said Retry-After: an HTTP-date [23] s ahead/,
    );
  });

  it("draws each case's timeline with the dashboard's chart, a mark per request", async () => {
    for (const [index, result] of results.entries()) {
      const section = page.locator(`section.case[data-index="${index}"]`);
      await section.locator('.chart canvas').waitFor();
      const marks = await section
        .locator('.chart')
        .evaluate((holder) => (holder as HTMLElement & { timeline?: { points: unknown[] } }).timeline?.points.length);
      expect(marks).toBe(result.timeline.points.length);
      expect(marks).toBeGreaterThan(0);
      await expect(section.locator('.legend span').first().textContent()).resolves.toMatch(/^answered: \d+$/);
    }
  });

  it('loads nothing but itself', async () => {
    expect(requested).toEqual([pathToFileURL(file).href]);
    await page.screenshot({ path: SCREENSHOT.pathname, fullPage: true });
  });
});

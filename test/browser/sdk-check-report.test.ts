// `sdk-check --html`: the page of a real run (a client that reads an HTTP-date Retry-After as
// 1 s), opened from disk in Debian's Chromium with every other request refused: each case's
// verdict, and its timeline drawn by the dashboard's own chart, read at a glance. Writes the
// docs' screenshot (test-output/ in a test run).
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
import { screenshotPath } from './screenshots.js';

const CLIENT = fileURLToPath(new URL('../../examples/sdk-clients/ignores-http-date.mjs', import.meta.url));

let browser: Browser;
let page: Page;
let folder: string;
let results: CaseResult[];
let file: string;
const requested: string[] = [];

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'petstore-sdk-check-report-'));
  ({ results } = await runSdkCheck({
    client: { command: process.execPath, args: [CLIENT] },
    cases: ['limit-seconds', 'limit-http-date', 'storm-partial', 'day-exhausted', 'fault-create-reset'],
    timeoutSeconds: 20,
    parallel: 5,
  }));
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
    // The run's own verdicts: a busy machine can leave a case undetermined, which the page says.
    const count = (status: string) => results.filter((result) => result.verdict.status === status).length;
    await expect(page.locator('.summary .passed').textContent()).resolves.toBe(`${count('passed')} passed`);
    await expect(page.locator('.summary .failed').textContent()).resolves.toBe(`${count('failed')} failed`);
    expect(count('passed')).toBeGreaterThan(0);
    // It takes an HTTP-date for 1 s: that case is never passed, and failed wherever the machine lets it be judged.
    const httpDate = results.find((result) => result.case.name === 'limit-http-date');
    const section = page.locator('section.case[data-case="limit-http-date"]');
    if (httpDate?.verdict.status === 'failed') {
      await expect(section.getAttribute('class')).resolves.toBe('case fail');
      await expect(section.locator('.reasons li').first().textContent()).resolves.toMatch(
        /^retried [0-2](\.\d)? s after a 429 that said Retry-After: an HTTP-date [34] s after the answer's Date/,
      );
    } else {
      expect(httpDate?.verdict.status).toBe('undetermined');
      await expect(section.locator('.mark').textContent()).resolves.toBe('? undetermined');
      await expect(section.locator('.notes li').last().textContent()).resolves.toMatch(/^undetermined: /);
    }
    // The client reads only: the create case is neither passed nor failed, and says why.
    await expect(page.locator('.summary').textContent()).resolves.toContain('1 not exercised');
    const idle = page.locator('section.case[data-case="fault-create-reset"]');
    await expect(idle.getAttribute('class')).resolves.toBe('case idle');
    await expect(idle.locator('.mark').textContent()).resolves.toBe('– not exercised');
    await expect(idle.locator('.notes li').last().textContent()).resolves.toMatch(
      /^not exercised: the client made no create/,
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

  it('labels its time axis without repeating a label, and keeps a far-off limit off the scale', async () => {
    type Drawn = { axes: { _values?: string[] }[]; scales: { y: { max?: number } } };
    for (const [index, result] of results.entries()) {
      const section = page.locator(`section.case[data-index="${index}"]`);
      const drawn = await section.locator('.chart').evaluate((holder) => {
        const chart = (holder as HTMLElement & { chart: Drawn }).chart;
        return { labels: chart.axes[0]?._values ?? [], top: chart.scales.y.max ?? 0 };
      });
      expect(drawn.labels.length).toBeGreaterThan(1);
      expect(new Set(drawn.labels).size).toBe(drawn.labels.length);
      const highest = result.timeline.points.reduce((most, point) => Math.max(most, point.minuteCount), 0);
      if (result.timeline.perMinute > 3 * highest) {
        // storm-partial's limit of 1,000 a minute: the marks fill the chart, the legend says where the limit is.
        expect(drawn.top).toBeLessThan(2 * highest + 2);
        await expect(section.locator('.legend').textContent()).resolves.toContain(
          `per-minute limit: ${result.timeline.perMinute} (above the chart)`,
        );
      } else expect(drawn.top).toBeGreaterThanOrEqual(result.timeline.perMinute);
    }
    expect(results.some((result) => result.timeline.perMinute > 100)).toBe(true);
  });

  it('loads nothing but itself', async () => {
    expect(requested).toEqual([pathToFileURL(file).href]);
    await page.screenshot({ path: screenshotPath('sdk-check.png'), fullPage: true });
  });
});

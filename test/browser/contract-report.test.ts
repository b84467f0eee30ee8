// `contract --html`: the page of a real run against a broken implementation, opened from disk in
// Debian's Chromium with every request but the file itself refused. Its screenshot is docs/contract-report.png.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { startBrokenProxy } from '../../contract-tests/proof/broken-proxy.js';
import { type Cause, groupByCause } from '../../contract-tests/report/causes.js';
import { type ContractRunResult, runContractSuite } from '../../contract-tests/run-contract-suite.js';
import { createMockServer, type MockServer } from '../../src/server/server.js';
import { launchChromium } from './chromium.js';
import { screenshotPath } from './screenshots.js';

let browser: Browser;
let mock: MockServer;
let broken: { origin: string; close(): Promise<void> };
let folder: string;
let result: ContractRunResult;
let causes: Cause[];
let page: Page;
const requested: string[] = [];

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'petstore-contract-report-'));
  // A frozen clock: the failures' times, and so the page, read the same on every run.
  mock = await createMockServer({ data: ':memory:', clockStart: '2026-11-21T10:00:00Z', clockFrozen: true });
  // Two faults: a Reset that is no time at all on every answer, and 200 where a create says 201.
  broken = await startBrokenProxy(new URL(mock.url).origin, {
    response: (response) => ({
      ...response,
      status: response.status === 201 ? 200 : response.status,
      headers: { ...response.headers, 'x-ratelimit-reset': '0' },
    }),
  });
  result = await runContractSuite({
    baseUrl: `${broken.origin}/v1`,
    apiKey: 'demo-enterprise',
    checks: ['conformance'],
    operations: ['listPets', 'createPet', 'getPet', 'createCategory'],
    seed: 1,
    html: join(folder, 'report', 'contract.html'),
    onProgress: () => undefined,
  });
  causes = groupByCause(result.checks);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.route('**/*', (route) => {
    requested.push(route.request().url());
    return route.request().url().startsWith('file://') ? route.continue() : route.abort();
  });
  await page.goto(pathToFileURL(result.html as string).href);
}, 120_000);

afterAll(async () => {
  await page?.close();
  await browser?.close();
  await broken?.close();
  await mock?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const shownFailures = async () => Number(await page.locator('#shown').textContent());

describe('the HTML report of a contract run', () => {
  it('shows the counts and each distinct cause with its number of checks, most frequent first', async () => {
    expect(result.failed).toBeGreaterThan(0);
    await expect(page.locator('.counts .failed').textContent()).resolves.toBe(`${result.failed} failed`);
    const rows = page.locator('#causes tbody tr');
    await expect(rows.count()).resolves.toBe(causes.length);
    expect(causes.map((cause) => cause.cause)).toEqual(
      expect.arrayContaining([expect.stringContaining('X-RateLimit-Reset N'), 'status 200, expected 201']),
    );
    const counts = await rows.locator('td.n:nth-child(2)').allTextContents();
    expect(counts.map(Number)).toEqual(causes.map((cause) => cause.checks.length));
    expect(causes[0]?.cause).toContain('X-RateLimit-Reset');
    await expect(rows.first().locator('pre').textContent()).resolves.toMatch(/^curl -i -X /);
  });

  it('lists every failure, and filters them by cause and by operation', async () => {
    await expect(page.locator('details.failure').count()).resolves.toBe(result.failed);
    const statusCause = causes.findIndex((cause) => cause.cause === 'status 200, expected 201');
    await page.locator(`button.show[data-cause="${statusCause + 1}"]`).click();
    await expect(shownFailures()).resolves.toBe(causes[statusCause]?.checks.length);
    await page.locator('#cause-filter').selectOption('');
    await page.locator('#operation-filter').selectOption('createPet');
    const createPetFailures = result.checks.filter(
      (check) => check.status === 'failed' && check.title.startsWith('createPet: '),
    );
    await expect(shownFailures()).resolves.toBe(createPetFailures.length);
    const first = page.locator('details.failure:not([hidden])').first();
    await first.locator('summary').click();
    await expect(first.locator('pre').textContent()).resolves.toMatch(/Expected:[\s\S]*Reproduce: curl[\s\S]*Got:/);
    await page.locator('#operation-filter').selectOption('');
    await expect(shownFailures()).resolves.toBe(result.failed);
  });

  it('loads nothing but itself', async () => {
    expect(requested).toEqual([pathToFileURL(result.html as string).href]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath('contract-report.png') });
  });
});

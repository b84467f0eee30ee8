// The dashboard's Operations panel in a real browser: the contract served (a draft here), and how
// each of its operations is answered, as GET /__mock/operations tells it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { owners, storeStats, writeDraft } from '../support/drafts.js';
import { startTestMock, type TestMock } from '../support/mock.js';
import { launchChromium } from './chromium.js';

let browser: Browser;
let mock: TestMock;
beforeAll(async () => {
  [browser, mock] = await Promise.all([
    launchChromium(),
    writeDraft(owners, storeStats).then((draft) => startTestMock({ contract: draft, lintContract: false })),
  ]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), mock?.server.close()]);
});

describe("the dashboard's Operations panel", () => {
  it('lists each operation of the draft with how it is answered, linked to the reference', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await page.goto(`${mock.server.origin}/__mock/ui`);
    const row = (operationId: string) => page.locator('#operations tbody tr', { hasText: operationId });
    await row('listOwners').waitFor();
    await expect(page.locator('#operations-contract').textContent()).resolves.toBe(
      'Pet Store 1.0.0, from the contract openapi.yaml: 26 operations.',
    );
    await expect(row('listOwners').locator('.badge').textContent()).resolves.toBe('convention');
    await expect(row('listOwners').textContent()).resolves.toContain('GET /owners');
    await expect(row('getStoreStats').locator('.badge').textContent()).resolves.toBe('examples');
    await expect(row('createPet').locator('.badge').textContent()).resolves.toBe('rules');
    await expect(row('changeOwner').getByRole('link', { name: 'changeOwner' }).getAttribute('href')).resolves.toBe(
      '/docs#/Owners/changeOwner',
    );
    await expect(page.locator('#operations tbody tr').count()).resolves.toBe(26);
    await page.close();
  });
});

// The dashboard's timeline in Chromium: two clients driven over HTTP against a real mock, one
// that waits as told and one that hammers into a ban, and what the page draws of each, checked
// against the control API's GET /__mock/keys/{key}/timeline. Its screenshots are docs/timeline-*.png.

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { startTestMock, type TestMock, useTestMock } from '../support/mock.js';
import { launchChromium, waitFor } from './chromium.js';
import { screenshotPath } from './screenshots.js';

const SCREENSHOTS = {
  wellBehaved: 'timeline-well-behaved.png',
  misbehaving: 'timeline-misbehaving.png',
};
const OUTCOME_LABELS = {
  answered: 'answered',
  'rate-limited': '429 from the limit',
  storm: '429 from a storm',
  banned: '403 while banned',
  fault: 'fault (reset, cut, stall, 503)',
  error: 'other error',
} as const;
const TOO_EARLY_LABEL = 'too early (inside a wait)';
type Outcome = keyof typeof OUTCOME_LABELS;
type Counts = Record<Outcome | 'tooEarly', number>;
type Point = { index: number; at: string; outcome: Outcome; tooEarly: boolean; minuteCount: number };
type Mark = [seconds: number, height: number];

/** A client of the Pet Store API over HTTP, in one scope; it "waits" by moving the scope's clock. */
function clientOf(mock: TestMock, key: string, scope: Record<string, string> = {}) {
  const control = (method: string, path: string, body?: object) =>
    fetch(`${mock.server.origin}/__mock${path}`, {
      method,
      headers: { ...scope, 'Content-Type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  return {
    control,
    send: (path = '/pets?limit=1') => fetch(`${mock.server.url}${path}`, { headers: { ...scope, 'X-API-Key': key } }),
    wait: async (seconds: number) => {
      await control('POST', '/clock', { advanceSeconds: seconds });
    },
  };
}

/** Waits Retry-After, or its own backoff if longer, doubling it on each refusal of a call. */
async function politeClient(client: ReturnType<typeof clientOf>, paths: string[]): Promise<void> {
  for (const path of paths) {
    let backoffSeconds = 1;
    for (;;) {
      const res = await client.send(path);
      if (res.status !== 429 && res.status !== 403) break;
      await client.wait(Math.max(Number(res.headers.get('Retry-After')), backoffSeconds));
      backoffSeconds *= 2;
    }
    await client.wait(1);
  }
}

/** Retries every second whatever Retry-After says, into a ban, and then every 5 s. */
async function hammeringClient(client: ReturnType<typeof clientOf>): Promise<void> {
  let banned = 0;
  while (banned < 7) {
    const res = await client.send();
    if (res.status === 403) banned += 1;
    await client.wait(banned > 0 ? 5 : 1);
  }
}

/** What the page holds: the counts of its legend, and the marks of each series in uPlot's data. */
async function drawnTimeline(page: Page): Promise<{ counts: Record<string, number>; marks: Record<string, Mark[]> }> {
  return await page.evaluate(() => {
    const holder = document.querySelector('#timeline-chart') as HTMLElement & {
      chart?: { series: Array<{ label?: string }>; data: Array<ArrayLike<number | null>> };
    };
    const counts: Record<string, number> = {};
    for (const item of Array.from(document.querySelectorAll<HTMLElement>('#timeline-legend li[data-count]')))
      counts[item.dataset.kind ?? ''] = Number(item.dataset.count);
    const marks: Record<string, Array<[number, number]>> = {};
    const chart = holder.chart;
    if (chart) {
      const xs = Array.from(chart.data[0] ?? []) as number[];
      chart.series.forEach((series, position) => {
        const ys = Array.from(chart.data[position] ?? []);
        marks[series.label ?? ''] = xs.flatMap((x, row) => {
          const y = ys[row];
          return y === null || y === undefined ? [] : [[x, y] as [number, number]];
        });
      });
    }
    return { counts, marks };
  });
}

const marksOf = (points: Point[]): Mark[] => points.map((point) => [Date.parse(point.at) / 1000, point.minuteCount]);

/** The timeline the page shows checked against the data operation's, mark by mark. */
async function expectPageToDraw(page: Page, client: ReturnType<typeof clientOf>, key: string, counts: Counts) {
  const expectedLegend = {
    answered: counts.answered,
    'rate-limited': counts['rate-limited'],
    storm: counts.storm,
    banned: counts.banned,
    fault: counts.fault,
    error: counts.error,
    'too-early': counts.tooEarly,
  };
  const legend = async () => {
    const { counts: shown } = await drawnTimeline(page);
    return Object.fromEntries(Object.keys(expectedLegend).map((kind) => [kind, shown[kind]]));
  };
  // The page follows the mock by polling: the counts arrive once the client is done.
  await waitFor(
    `the timeline of ${key}`,
    async () => JSON.stringify(await legend()) === JSON.stringify(expectedLegend),
  );
  const timeline = (await (await client.control('GET', `/keys/${key}/timeline?minutes=10`)).json()) as {
    points: Point[];
    counts: Counts;
  };
  expect(timeline.counts).toEqual(counts);
  const { marks } = await drawnTimeline(page);
  for (const [outcome, label] of Object.entries(OUTCOME_LABELS))
    expect(marks[label]).toEqual(marksOf(timeline.points.filter((point) => point.outcome === outcome)));
  expect(marks[TOO_EARLY_LABEL]).toEqual(marksOf(timeline.points.filter((point) => point.tooEarly)));
  return timeline.points;
}

/** Moves the pointer onto a mark's place on the chart, as a person would. */
async function pointAt(page: Page, point: Point): Promise<void> {
  await page.locator('#timeline-chart').scrollIntoViewIfNeeded();
  const at = await page.evaluate(
    ({ x, y }) => {
      const holder = document.querySelector('#timeline-chart') as HTMLElement & {
        chart: { valToPos(value: number, scale: string): number; over: HTMLElement };
      };
      const box = holder.chart.over.getBoundingClientRect();
      return { left: box.left + holder.chart.valToPos(x, 'x'), top: box.top + holder.chart.valToPos(y, 'y') };
    },
    { x: Date.parse(point.at) / 1000, y: point.minuteCount },
  );
  await page.mouse.move(at.left, at.top);
}

/** Clicks the mark under the pointer, then moves away: the mark clicked stays described. */
async function pinAndLeave(page: Page): Promise<void> {
  const described = await page.locator('#timeline-detail').textContent();
  await page.mouse.down();
  await page.mouse.up();
  await page.mouse.move(1, 1);
  await expect(page.locator('#timeline-detail').textContent()).resolves.toBe(described);
  expect(await page.locator('#timeline-detail.pinned').count()).toBe(1);
}

/**
 * The panel as docs/sdk-check.md shows it. Square corners: Chromium smooths round ones differently from
 * run to run under load, and the committed images are to be exactly what the test writes.
 */
async function screenshot(page: Page, name: string): Promise<void> {
  await page
    .locator('#timeline-panel')
    .screenshot({ path: screenshotPath(name), style: '#timeline-panel { border-radius: 0; }' });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

async function openTimeline(mock: TestMock, key: string, scope?: string): Promise<Page> {
  // Tall enough that nothing scrolls: the screenshots come out the same, pixel for pixel, each run.
  const page = await browser.newPage({ viewport: { width: 1100, height: 1800 } });
  await page.goto(`${mock.server.origin}/__mock/ui`);
  if (scope) {
    await page.locator(`#scope option[value="${scope}"]`).waitFor({ state: 'attached' });
    await page.getByLabel('Showing').selectOption(scope);
  }
  await page.getByRole('button', { name: `Timeline of ${key}` }).click();
  await page.locator('#timeline-chart canvas').waitFor();
  return page;
}

describe('the timeline of a key on the dashboard', () => {
  const mock = useTestMock({ clockStart: '2026-11-21T10:00:00Z', clockFrozen: true });
  const pages: Page[] = [];
  afterAll(async () => {
    for (const page of pages) await page.close();
  });

  it('draws a client that waits as told: no mark too early, its 429s followed by a wait', async () => {
    const client = clientOf(mock, 'polite-sdk');
    await mock.server.control.putKey('polite-sdk', 'free', { perMinute: 5, perDay: 1000 });
    const page = await openTimeline(mock, 'polite-sdk');
    pages.push(page);

    const calls = Array.from({ length: 12 }, (_, call) => (call === 7 ? '/pets/by-id/999999' : '/pets?limit=1'));
    await politeClient(client, calls.slice(0, 11));
    await client.control('POST', '/storms', { requests: 2, keys: ['polite-sdk'] });
    await politeClient(client, calls.slice(11));

    const points = await expectPageToDraw(page, client, 'polite-sdk', {
      answered: 11,
      'rate-limited': 2,
      storm: 2,
      banned: 0,
      fault: 0,
      error: 1,
      tooEarly: 0,
    });
    expect((await mock.server.control.compliance('polite-sdk')).compliant).toBe(true);

    const limited = points.find((point) => point.outcome === 'rate-limited') as Point;
    await pointAt(page, limited);
    await expect(page.locator('#timeline-detail').textContent()).resolves.toBe(
      `Request ${limited.index}: listPets (GET /v1/pets?limit=1) at 10:00:05 UTC, answered 429 RATE_LIMITED; told to wait 55 s (Retry-After), until 10:01:00 UTC.`,
    );
    await pinAndLeave(page);
    await screenshot(page, SCREENSHOTS.wellBehaved);
  });

  it('draws a client that hammers through a 429 into a ban: its retries marked too early, the ban shaded', async () => {
    const scope = { 'X-Mock-Scope': 'sdk-hammer' };
    const client = clientOf(mock, 'hammering-sdk', scope);
    await client.control('POST', '/clock', { now: '2026-11-21T10:05:00Z', frozen: true });
    await client.control('PUT', '/keys/hammering-sdk', { plan: 'free', limits: { perMinute: 5, perDay: 1000 } });
    const page = await openTimeline(mock, 'hammering-sdk', 'sdk-hammer');
    pages.push(page);

    for (let call = 0; call < 5; call += 1) {
      expect((await client.send()).status).toBe(200);
      await client.wait(1);
    }
    await hammeringClient(client);

    const points = await expectPageToDraw(page, client, 'hammering-sdk', {
      answered: 5,
      'rate-limited': 10,
      storm: 0,
      banned: 7,
      fault: 0,
      error: 0,
      tooEarly: 16,
    });
    const { bans } = (await (await client.control('GET', '/keys/hammering-sdk/timeline')).json()) as {
      bans: unknown[];
    };
    expect(bans).toEqual([{ from: '2026-11-21T10:05:15.000Z', until: '2026-11-21T10:15:15.000Z', requestIndex: 16 }]);

    const early = points.find((point) => point.tooEarly && point.outcome === 'rate-limited') as Point;
    await pointAt(page, early);
    await expect(page.locator('#timeline-detail').textContent()).resolves.toMatch(
      new RegExp(`^Request ${early.index}: listPets .* answered 429 RATE_LIMITED; told to wait \\d+ s .*; too early`),
    );
    await pinAndLeave(page);
    await screenshot(page, SCREENSHOTS.misbehaving);
  });
});

describe('the timeline behind the control token, with no network but the mock', () => {
  it('loads nothing from elsewhere, and draws once the token is given', async () => {
    const mock = await startTestMock({
      controlToken: 'timeline-token',
      clockStart: '2026-11-21T10:00:00Z',
      clockFrozen: true,
    });
    const page = await browser.newPage();
    const asked: string[] = [];
    const outside: string[] = [];
    // Every request the page makes goes through here: only the mock's origin is reachable.
    await page.route('**/*', (route) => {
      const url = route.request().url();
      asked.push(url);
      if (new URL(url).origin === mock.server.origin) return route.continue();
      outside.push(url);
      return route.abort('internetdisconnected');
    });
    try {
      await mock.server.control.putKey('demo-free', 'free', { perMinute: 2, perDay: 100 });
      const client = clientOf(mock, 'demo-free');
      for (let call = 0; call < 3; call += 1) await client.send();

      await page.goto(`${mock.server.origin}/__mock/ui`);
      await page.getByLabel('Token', { exact: true }).fill('timeline-token');
      await page.getByRole('button', { name: 'Use token' }).click();
      await page.getByRole('button', { name: 'Timeline of demo-free' }).click();
      await waitFor('the timeline', async () => {
        const { counts } = await drawnTimeline(page);
        return counts.answered === 2 && counts['rate-limited'] === 1;
      });
      const { marks } = await drawnTimeline(page);
      expect(marks[OUTCOME_LABELS.answered]).toHaveLength(2);
      expect(await page.locator('#timeline-chart canvas').count()).toBe(1);
      expect(outside).toEqual([]);
      expect(asked).toContain(`${mock.server.origin}/__mock/ui/vendor/uplot.js`);
    } finally {
      await page.close();
      await mock.server.close();
    }
  });
});

// Lists paged as real APIs page theirs, served as their document declares: by a cursor (Stripe's
// starting_after and ending_before, OpenAI's after with its order, Slack's cursor, Google's
// pageToken, an iterator, Asana's text offset, Ory's page_token), or by a page number with
// RFC 8288 Link headers (GitHub's) and links in the body (DigitalOcean's). Each list is walked
// page by page to its end, as a client would walk it: nothing missed, nothing repeated, every
// envelope filled and every answer judged against the document by a validator other than the
// mock's. A cursor stays good while records are added and removed before it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import { writeDocument } from '../support/documents.js';
import { startTestMock, type TestMock } from '../support/mock.js';
import { createOutsideJudge, type OutsideJudge } from '../support/outside-judge.js';
import { pagedDocument } from '../support/paged-documents.js';

let mock: TestMock;
let judge: OutsideJudge;

beforeAll(async () => {
  mock = await startTestMock({ data: ':memory:', contract: await writeDocument(pagedDocument), lintContract: false });
  judge = createOutsideJudge(pagedDocument);
});
afterAll(async () => {
  expect(mock.contractBugs()).toEqual([]);
  await mock.server.close();
});

type Body = Record<string, unknown> & { [key: string]: unknown };

/** GETs a path and query (or an absolute URL the mock gave), judged. */
async function get(url: string): Promise<Response> {
  const path = url.startsWith('http') ? url.slice(new URL(url).origin.length) : url;
  const res = await mock.http.get(path);
  expect(res.status).toBe(200);
  expect(judge.faults({ method: 'GET', path, status: res.status, headers: res.headers, body: res.body })).toEqual([]);
  return res;
}

const idsOf = (records: unknown) => (records as Array<{ id: string }>).map((record) => record.id);

/**
 * Walks a list from `first` until `next` says there is no next page, as a client follows its
 * cursors: the ids of every page in order, and how many pages it took.
 */
async function walk(
  first: string,
  records: (res: Response) => unknown,
  next: (res: Response) => string | undefined,
): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let url: string | undefined = first;
  let pages = 0;
  while (url !== undefined) {
    const res = await get(url);
    for (const id of idsOf(records(res))) ids.push(id);
    pages += 1;
    expect(pages).toBeLessThan(50);
    url = next(res);
  }
  return { ids, pages };
}

/** The URL of the page a Link header names with `rel`, if any. */
function linked(res: Response, rel: string): string | undefined {
  const link = String(res.headers.link ?? '');
  return link
    .split(',')
    .map((part) => /<([^>]*)>\s*;\s*rel="([^"]*)"/.exec(part.trim()))
    .find((match) => match?.[2] === rel)?.[1];
}

const sorted = (ids: readonly string[]) => [...ids].sort((one, other) => (one < other ? -1 : one > other ? 1 : 0));

describe("Stripe's starting_after and ending_before", () => {
  it('walks forward by the last id of each page until has_more is false, every record once', async () => {
    const all = (await get('/v1/customers?limit=100')).body as Body;
    expect(all).toMatchObject({ object: 'list', has_more: false, url: '/v1/customers?limit=100' });
    const everyId = idsOf(all.data);
    expect(everyId.length).toBeGreaterThanOrEqual(10);
    expect(everyId).toEqual(sorted(everyId));
    const walked = await walk(
      '/v1/customers?limit=3',
      (res) => res.body.data,
      (res) => (res.body.has_more ? `/v1/customers?limit=3&starting_after=${res.body.data.at(-1).id}` : undefined),
    );
    expect(walked.ids).toEqual(everyId);
    expect(walked.pages).toBe(Math.ceil(everyId.length / 3));
  });

  it('walks back by ending_before from the last page to the first', async () => {
    const everyId = idsOf((await get('/v1/customers?limit=100')).body.data);
    const last = everyId.at(-1) as string;
    let back: string[] = [last];
    let res = await get(`/v1/customers?limit=4&ending_before=${last}`);
    for (;;) {
      back = idsOf(res.body.data).concat(back);
      if (!res.body.has_more) break;
      res = await get(`/v1/customers?limit=4&ending_before=${res.body.data[0].id}`);
    }
    expect(back).toEqual(everyId);
  });

  it('keeps its place while records are added and removed: nothing there throughout is missed or repeated', async () => {
    const before = idsOf((await get('/v1/customers?limit=100')).body.data);
    const removed = before.at(-2) as string;
    const seen: string[] = [];
    const made: string[] = [];
    let res = await get('/v1/customers?limit=3');
    for (let step = 0; ; step += 1) {
      for (const id of idsOf(res.body.data)) seen.push(id);
      // While this client pages, another adds a record (its id anywhere in the order) and removes one not seen yet.
      const created = await mock.http.post('/v1/customers').send({ name: `New ${step}` });
      expect(created.status).toBe(200);
      made.push(created.body.id);
      if (step === 0) expect((await mock.http.delete(`/v1/customers/${removed}`)).status).toBe(204);
      if (!res.body.has_more) break;
      res = await get(`/v1/customers?limit=3&starting_after=${res.body.data.at(-1).id}`);
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(sorted(seen));
    expect(seen).not.toContain(removed);
    for (const id of before.filter((id) => id !== removed)) expect(seen).toContain(id);
    for (const id of made) await mock.http.delete(`/v1/customers/${id}`);
  });

  it('makes the ids of new records of their pattern, and answers a made record at its id', async () => {
    const created = await mock.http.post('/v1/customers').send({ name: 'Jenny Rosen' });
    expect(created.body).toEqual({
      id: expect.stringMatching(/^cus_[A-Za-z0-9]{14}$/),
      name: 'Jenny Rosen',
      created: expect.any(Number),
    });
    expect((await get(`/v1/customers/${created.body.id}`)).body).toEqual(created.body);
  });
});

describe("OpenAI's after, with its order newest first", () => {
  it('walks in the order it declares by default, first_id and last_id naming each page', async () => {
    const all = (await get('/v1/files')).body as Body;
    const everyId = idsOf(all.data);
    expect(everyId).toEqual(sorted(everyId).reverse());
    expect(all).toMatchObject({ object: 'list', first_id: everyId[0], last_id: everyId.at(-1), has_more: false });
    const walked = await walk(
      '/v1/files?limit=5',
      (res) => res.body.data,
      (res) => (res.body.has_more ? `/v1/files?limit=5&after=${res.body.last_id}` : undefined),
    );
    expect(walked.ids).toEqual(everyId);
  });

  it('walks oldest first when asked, and an empty page names no ids', async () => {
    const ascending = idsOf((await get('/v1/files?order=asc')).body.data);
    expect(ascending).toEqual(sorted(ascending));
    const walked = await walk(
      '/v1/files?limit=4&order=asc',
      (res) => res.body.data,
      (res) => (res.body.has_more ? `/v1/files?limit=4&order=asc&after=${res.body.last_id}` : undefined),
    );
    expect(walked.ids).toEqual(ascending);
    const past = (await get(`/v1/files?order=asc&after=${ascending.at(-1)}`)).body;
    expect(past).toEqual({ object: 'list', data: [], first_id: '', last_id: '', has_more: false });
  });

  it('answers a limit of no size, which its schema allows (no minimum), with an empty page leading nowhere', async () => {
    for (const limit of [0, -2147483648]) {
      const page = (await get(`/v1/files?limit=${limit}`)).body;
      expect(page).toEqual({ object: 'list', data: [], first_id: '', last_id: '', has_more: false });
    }
  });
});

describe('a size typed number', () => {
  it("refuses a size no page can be of (2.5 records) with the contract's own 400, and honours a whole one", async () => {
    for (const limit of ['2.5', '1.5', '99.9']) {
      const path = `/v1/batches?limit=${limit}`;
      const res = await mock.http.get(path);
      expect(res.status).toBe(400);
      expect(res.headers['x-mock-contract-gap']).toBeUndefined();
      expect(res.body.message).toMatch(/limit must be a whole number/);
      expect(judge.faults({ method: 'GET', path, status: res.status, headers: res.headers, body: res.body })).toEqual(
        [],
      );
    }
    const all = idsOf((await get('/v1/batches?limit=100')).body.data);
    const walked = await walk(
      '/v1/batches?limit=3',
      (res) => res.body.data,
      (res) => (res.body.has_more ? `/v1/batches?limit=3&after=${res.body.data.at(-1).id}` : undefined),
    );
    expect(walked.ids).toEqual(all);
    expect(walked.pages).toBe(Math.ceil(all.length / 3));
  });
});

describe('cursors the server makes', () => {
  it("walks Slack's cursor by response_metadata.next_cursor, empty at the end", async () => {
    const everyId = idsOf((await get('/channels')).body.channels);
    const walked = await walk(
      '/channels?limit=5',
      (res) => res.body.channels,
      (res) => {
        expect(res.body.ok).toBe(true);
        const cursor = res.body.response_metadata.next_cursor;
        return cursor === '' ? undefined : `/channels?limit=5&cursor=${encodeURIComponent(cursor)}`;
      },
    );
    expect(walked.ids).toEqual(everyId);
    expect(walked.pages).toBe(Math.ceil(everyId.length / 5));
  });

  it("walks Google's pageToken by nextPageToken, left out at the end", async () => {
    const everyId = idsOf((await get('/v1/books?pageSize=1000')).body.books);
    const walked = await walk(
      '/v1/books?pageSize=4',
      (res) => res.body.books,
      (res) =>
        res.body.nextPageToken === undefined ? undefined : `/v1/books?pageSize=4&pageToken=${res.body.nextPageToken}`,
    );
    expect(walked.ids).toEqual(everyId);
  });

  it('walks an iterator until done', async () => {
    const everyId = idsOf((await get('/events')).body.events);
    const walked = await walk(
      '/events?limit=5',
      (res) => res.body.events,
      (res) => (res.body.done ? undefined : `/events?limit=5&iterator=${res.body.iterator}`),
    );
    expect(walked.ids).toEqual(everyId);
  });

  it("walks Asana's text offset by next_page, null at the end, its uri absolute", async () => {
    const everyId = idsOf((await get('/tasks?limit=100')).body.data);
    const walked = await walk(
      '/tasks?limit=5',
      (res) => res.body.data,
      (res) => {
        const next = res.body.next_page;
        if (next === null) return undefined;
        expect(next.uri).toBe(`${mock.server.origin}${next.path}`);
        expect(next.path).toContain(`offset=${encodeURIComponent(next.offset)}`);
        return next.uri;
      },
    );
    expect(walked.ids).toEqual(everyId);
  });

  it("walks Ory's page_token by the Link header over a bare array", async () => {
    const everyId = idsOf((await get('/admin/identities')).body);
    const walked = await walk(
      '/admin/identities?page_size=5',
      (res) => res.body,
      (res) => linked(res, 'next'),
    );
    expect(walked.ids).toEqual(everyId);
    const second = await get(linked(await get('/admin/identities?page_size=5'), 'next') as string);
    expect(linked(second, 'first')).toBe('/admin/identities?page_size=5');
    expect(idsOf((await get(linked(second, 'prev') as string)).body)).toEqual(everyId.slice(0, 5));
  });

  it("pages Ory's list by page and per_page where a request names its page by number or its size", async () => {
    const everyId = idsOf((await get('/admin/identities')).body);
    expect(idsOf((await get('/admin/identities?page=2&per_page=2')).body)).toEqual(everyId.slice(2, 4));
    expect(idsOf((await get('/admin/identities?page=1&per_page=3')).body)).toEqual(everyId.slice(0, 3));
    // per_page alone: the first page of that size, not the cursor's page of page_size's default.
    expect(idsOf((await get('/admin/identities?per_page=1')).body)).toEqual(everyId.slice(0, 1));
  });

  it('gives the same cursor for the same place, and refuses one it never gave', async () => {
    const one = (await get('/channels?limit=2')).body.response_metadata.next_cursor;
    const two = (await get('/channels?limit=2')).body.response_metadata.next_cursor;
    expect(one).toBe(two);
    const refused = await mock.http.get('/channels?cursor=not-a-cursor');
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('is not a cursor this list gave');
  });
});

describe('pages by number, linked', () => {
  it("walks GitHub's Link rel=next to the end, rel=last naming the last page", async () => {
    const everyId = idsOf((await get('/repos?per_page=100')).body);
    const first = await get('/repos?per_page=5');
    expect(linked(first, 'last')).toBe(`/repos?page=${Math.ceil(everyId.length / 5)}&per_page=5`);
    const walked = await walk(
      '/repos?per_page=5',
      (res) => res.body,
      (res) => linked(res, 'next'),
    );
    expect(walked.ids).toEqual(everyId);
  });

  it("walks DigitalOcean's links.pages.next, meta.total saying how many there are", async () => {
    const all = (await get('/v2/droplets?per_page=200')).body;
    const walked = await walk(
      '/v2/droplets?per_page=5',
      (res) => {
        expect(res.body.meta).toEqual({ total: all.droplets.length });
        return res.body.droplets;
      },
      (res) => res.body.links.pages.next,
    );
    expect(walked.ids).toEqual(idsOf(all.droplets));
    const second = (await get('/v2/droplets?per_page=5&page=2')).body;
    expect(second.links.pages).toEqual({
      first: `${mock.server.origin}/v2/droplets?page=1&per_page=5`,
      prev: `${mock.server.origin}/v2/droplets?page=1&per_page=5`,
      next: `${mock.server.origin}/v2/droplets?page=3&per_page=5`,
      last: `${mock.server.origin}/v2/droplets?page=${Math.ceil(all.droplets.length / 5)}&per_page=5`,
    });
  });
});

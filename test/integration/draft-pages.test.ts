// A draft's list paged by number (page and size) and answered in an envelope, as Spring Data and
// many others do: the page asked for, with its number, size and totals filled in; and one paged
// by limit and offset in an envelope with the URLs of the pages beside it.
import { describe, expect, it } from '@jest/globals';
import type { DraftEdit } from '../support/drafts.js';
import { owners, ownersPagedByNumber, writeDraft } from '../support/drafts.js';
import { DEMO_KEY, useTestMock } from '../support/mock.js';

/** listOwners by limit and offset, answered as { results, count, next, previous } (Django REST's). */
const ownersInResults: DraftEdit = (document) => {
  const list = document.paths['/owners'].get;
  const ok = list.responses['200'];
  ok.content['application/json'].schema = {
    type: 'object',
    required: ['count', 'next', 'previous', 'results'],
    properties: {
      count: { type: 'integer' },
      next: { type: ['string', 'null'], format: 'uri' },
      previous: { type: ['string', 'null'], format: 'uri' },
      results: { type: 'array', items: { $ref: '#/components/schemas/Owner' } },
    },
  };
  ok.headers = { ...ok.headers, Link: { $ref: '#/components/headers/PageLink' } };
};

describe('a list paged by number, in an envelope', () => {
  const mock = useTestMock(async () => ({
    contract: await writeDraft(owners, ownersPagedByNumber),
    lintContract: false,
  }));
  const list = (query: string) => mock.http.get(`/v1/owners${query}`).set('X-API-Key', DEMO_KEY);

  it('answers the page asked for, with its number, size and totals', async () => {
    const all = (await list('?size=50')).body;
    expect(all).toMatchObject({ page: 1, size: 50, totalPages: 1 });
    const total = all.totalElements;
    expect(all.content).toHaveLength(total);
    expect(total).toBeGreaterThan(5);

    const first = await list('');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      content: all.content.slice(0, 10),
      page: 1,
      size: 10,
      totalElements: total,
      totalPages: Math.ceil(total / 10),
    });
    const second = (await list('?page=2&size=4')).body;
    expect(second).toMatchObject({ page: 2, size: 4, totalElements: total, totalPages: Math.ceil(total / 4) });
    expect(second.content).toEqual(all.content.slice(4, 8));
  });

  it('answers a page past the last with no records, and says the totals', async () => {
    const past = (await list('?page=999&size=50')).body;
    expect(past.content).toEqual([]);
    expect(past).toMatchObject({ page: 999, size: 50, totalPages: 1 });
  });

  it('keeps the page parameters out of the filters, and refuses a page of 0', async () => {
    const listed = await mock.http.get('/__mock/operations');
    const how = listed.body.operations.find(
      (operation: { operationId: string }) => operation.operationId === 'listOwners',
    );
    expect(how.how).toContain('paged by page (the first is 1) and size');
    expect(how.how).not.toMatch(/ignores.*page/);
    expect((await list('?page=0')).status).toBe(400);
  });
});

describe('a list by limit and offset, in an envelope with the URLs of the pages', () => {
  const mock = useTestMock(async () => ({ contract: await writeDraft(owners, ownersInResults), lintContract: false }));
  const list = (query: string) => mock.http.get(`/v1/owners${query}`).set('X-API-Key', DEMO_KEY);

  it('links the next and the previous page in the body and in Link, its filters kept', async () => {
    const first = await list('?limit=2&vip=false');
    expect(first.status).toBe(200);
    const origin = mock.server.origin;
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toBe(`${origin}/v1/owners?vip=false&limit=2&offset=2`);
    expect(first.headers.link).toContain('</v1/owners?vip=false&limit=2&offset=2>; rel="next"');
    const second = await list('?vip=false&limit=2&offset=2');
    expect(second.body.previous).toBe(`${origin}/v1/owners?vip=false&limit=2&offset=0`);
    expect(second.body.results).toHaveLength(2);
    expect(second.body.results[0].id).toBeGreaterThan(first.body.results[1].id);
    expect(second.body.count).toBe(first.body.count);
  });

  it('says null where there is no next page', async () => {
    const all = (await list('?limit=100')).body;
    expect(all.next).toBeNull();
    expect(all.results).toHaveLength(all.count);
  });
});

/** listOwners with these query parameters (besides city and vip) and this answer's schema. */
const ownersListedWith =
  (parameters: object[], schema?: object): DraftEdit =>
  (document) => {
    const list = document.paths['/owners'].get;
    list.parameters = [...list.parameters.slice(0, 2), ...parameters];
    if (schema) list.responses['200'].content['application/json'].schema = schema;
    list.responses['200'].headers = {
      ...list.responses['200'].headers,
      Link: { $ref: '#/components/headers/PageLink' },
    };
  };
const OWNER_ARRAY = { type: 'array', items: { $ref: '#/components/schemas/Owner' } };

describe('lists paged otherwise', () => {
  const mockOf = (edit: DraftEdit) =>
    useTestMock(async () => ({ contract: await writeDraft(owners, edit), lintContract: false }));

  describe('a text `size` beside limit and offset', () => {
    const mock = mockOf(
      ownersListedWith([
        { name: 'size', in: 'query', schema: { type: 'string', enum: ['small', 'large'] } },
        { $ref: '#/components/parameters/Limit' },
        { $ref: '#/components/parameters/Offset' },
      ]),
    );
    it('is not the page size: limit is', async () => {
      const page = await mock.http.get('/v1/owners?limit=2').set('X-API-Key', DEMO_KEY);
      expect(page.status).toBe(200);
      expect(page.body).toHaveLength(2);
      expect(page.headers.link).toContain('limit=2&offset=2>; rel="next"');
    });
  });

  describe('a page number without a size, in an envelope', () => {
    const mock = mockOf(
      ownersListedWith([{ name: 'page', in: 'query', schema: { type: 'integer' } }], {
        type: 'object',
        required: ['items', 'page'],
        properties: { items: OWNER_ARRAY, page: { type: 'integer' }, size: { type: 'integer', format: 'int32' } },
      }),
    );
    it('gives pages of the default size, and a page before the first with no records, as the schema allows it', async () => {
      const first = await mock.http.get('/v1/owners').set('X-API-Key', DEMO_KEY);
      expect(first.body).toMatchObject({ page: 1, size: 20 });
      for (const page of [0, -2147483648]) {
        const before = await mock.http.get(`/v1/owners?page=${page}`).set('X-API-Key', DEMO_KEY);
        expect(before.status).toBe(200);
        expect(before.body).toMatchObject({ items: [], page, size: 20 });
      }
    });
    it('refuses a page so far on that no list reaches it with a 400, not a 5xx', async () => {
      const far = await mock.http.get(`/v1/owners?page=1${'0'.repeat(308)}`).set('X-API-Key', DEMO_KEY);
      expect(far.status).toBe(400);
      expect(far.body.message).toMatch(/page is too large/);
    });
  });

  describe('an offset without a limit, and a size of 0 the schema allows', () => {
    const mock = mockOf(
      ownersListedWith(
        [
          { name: 'offset', in: 'query', schema: { type: 'integer' } },
          { name: 'per_page', in: 'query', schema: { type: 'integer' } },
        ],
        {
          type: 'object',
          properties: { items: OWNER_ARRAY, per_page: { type: 'integer', format: 'int32' } },
        },
      ),
    );
    it('links pages by per_page and offset, and answers a page of no size or before the start with no records', async () => {
      const page = await mock.http.get('/v1/owners?per_page=3&offset=3').set('X-API-Key', DEMO_KEY);
      expect(page.body).toMatchObject({ per_page: 3 });
      expect(page.body.items).toHaveLength(3);
      expect(page.headers.link).toContain('per_page=3&offset=0>; rel="prev"');
      const none = await mock.http.get('/v1/owners?per_page=0').set('X-API-Key', DEMO_KEY);
      expect(none.status).toBe(200);
      expect(none.body).toMatchObject({ items: [], per_page: 0 });
      // No page follows a page of no size: a client following the links must not go round for ever.
      expect(none.headers.link ?? '').not.toMatch(/rel="(next|prev|last)"/);
      const before = await mock.http.get('/v1/owners?per_page=3&offset=-5').set('X-API-Key', DEMO_KEY);
      expect(before.status).toBe(200);
      expect(before.body.items).toEqual([]);
    });
  });

  describe('no page parameters, in an envelope with a size field', () => {
    const mock = mockOf(
      ownersListedWith([{ name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0 } }], {
        type: 'object',
        properties: { items: OWNER_ARRAY, total: { type: 'integer' }, limit: { type: 'integer', format: 'int32' } },
      }),
    );
    it('answers every record from the offset as one page, and no Link to pages it cannot name', async () => {
      const all = await mock.http.get('/v1/owners?offset=2').set('X-API-Key', DEMO_KEY);
      expect(all.status).toBe(200);
      expect(all.body.items).toHaveLength(all.body.total - 2);
      expect(all.body.limit).toBe(all.body.items.length);
      expect(all.headers.link).toBeUndefined();
    });
  });
  describe('an envelope that requires fields no page fills', () => {
    const mock = mockOf(
      ownersListedWith([{ $ref: '#/components/parameters/Limit' }], {
        type: 'object',
        required: ['items', 'kind', 'region'],
        properties: {
          items: OWNER_ARRAY,
          kind: { type: 'string', example: 'list' },
          region: { type: 'string', pattern: '^[a-z]{2}-[0-9]$' },
        },
      }),
    );
    it('draws them from their schemas once (an example first), and says so where the operation says how it is answered', async () => {
      const { operations } = (await mock.http.get('/__mock/operations')).body as {
        operations: Array<{ operationId: string; how: string }>;
      };
      expect(operations.find((operation) => operation.operationId === 'listOwners')?.how).toContain(
        'answers in an object: the records in items; kind, region drawn from their schemas',
      );
      const first = await mock.http.get('/v1/owners?limit=1').set('X-API-Key', DEMO_KEY);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        items: [expect.any(Object)],
        kind: 'list',
        region: expect.stringMatching(/^[a-z]{2}-[0-9]$/),
      });
      const again = await mock.http.get('/v1/owners?limit=2').set('X-API-Key', DEMO_KEY);
      expect(again.body.region).toBe(first.body.region);
    });
  });
  describe('limit and offset typed number, and the records after another array', () => {
    const mock = mockOf(
      ownersListedWith(
        [
          { name: 'limit', in: 'query', schema: { type: 'number', minimum: 1 } },
          { name: 'offset', in: 'query', schema: { type: 'number', minimum: 0 } },
        ],
        {
          type: 'object',
          required: ['content'],
          properties: { links: { type: 'array', items: { type: 'string' } }, content: OWNER_ARRAY },
        },
      ),
    );
    it('pages by them, and puts the records in content', async () => {
      const all = await mock.http.get('/v1/owners?limit=100').set('X-API-Key', DEMO_KEY);
      const page = await mock.http.get('/v1/owners?limit=2&offset=1').set('X-API-Key', DEMO_KEY);
      expect(page.status).toBe(200);
      expect(page.body.content).toEqual(all.body.content.slice(1, 3));
      expect(page.body).not.toHaveProperty('links');
    });
    it("refuses a limit or an offset that is no whole number with the contract's 400, never a page shifted by half a record", async () => {
      for (const query of ['limit=1.5', 'limit=2&offset=0.5', 'limit=2.5&offset=2.5']) {
        const refused = await mock.http.get(`/v1/owners?${query}`).set('X-API-Key', DEMO_KEY);
        expect(refused.status).toBe(400);
        expect(refused.headers['x-mock-contract-gap']).toBeUndefined();
        expect(refused.body.message).toMatch(/(limit|offset) must be a whole number/);
      }
    });
  });
});

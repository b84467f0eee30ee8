// The Link header of RFC 8288 between a list's pages (spec: "Lists"), in the list's own terms.
import { describe, expect, it } from '@jest/globals';
import type { Request } from 'express';
import { createPageLinks, type PageQuery } from './pagination.js';

/** A request as the validator hands it on: the URL as sent, its query parsed. */
function listRequest(url: string): Request {
  const query = Object.fromEntries(new URL(url, 'http://localhost').searchParams);
  return { originalUrl: url, query } as unknown as Request;
}

const BY_LIMIT_AND_OFFSET: PageQuery = {
  parameters: new Set(['limit', 'offset']),
  query: (offset, limit) => `limit=${limit}&offset=${offset}`,
};
const linksByOffset = createPageLinks(BY_LIMIT_AND_OFFSET);

/** The Link of a page of `total` items for `url`, paged by limit (20 unless sent) and offset. */
function answer(url: string, total: number) {
  const req = listRequest(url);
  const page = { limit: Number(req.query.limit ?? 20), offset: Number(req.query.offset ?? 0) };
  return { link: linksByOffset(req, page, total) };
}

describe('the links between pages', () => {
  it('link the first, next and last pages from the first one', () => {
    expect(answer('/v1/pets?limit=20', 60)).toEqual({
      link:
        '</v1/pets?limit=20&offset=0>; rel="first", </v1/pets?limit=20&offset=20>; rel="next", ' +
        '</v1/pets?limit=20&offset=40>; rel="last"',
    });
  });

  it('link the previous page from a later one, and no next page from the last', () => {
    expect(answer('/v1/pets?limit=20&offset=20', 60).link).toBe(
      '</v1/pets?limit=20&offset=0>; rel="first", </v1/pets?limit=20&offset=0>; rel="prev", ' +
        '</v1/pets?limit=20&offset=40>; rel="next", </v1/pets?limit=20&offset=40>; rel="last"',
    );
    expect(answer('/v1/pets?offset=45&limit=20', 60).link).toBe(
      '</v1/pets?limit=20&offset=0>; rel="first", </v1/pets?limit=20&offset=25>; rel="prev", ' +
        '</v1/pets?limit=20&offset=40>; rel="last"',
    );
  });

  it('keep the filters in every link, and set limit and offset themselves', () => {
    expect(answer('/v1/pets?status=sold&offset=5&name=the%20cat&limit=5', 12).link).toBe(
      '</v1/pets?status=sold&name=the+cat&limit=5&offset=0>; rel="first", ' +
        '</v1/pets?status=sold&name=the+cat&limit=5&offset=0>; rel="prev", ' +
        '</v1/pets?status=sold&name=the+cat&limit=5&offset=10>; rel="next", ' +
        '</v1/pets?status=sold&name=the+cat&limit=5&offset=10>; rel="last"',
    );
  });

  it('use the default page size without a limit, and link page 0 as the last of an empty list', () => {
    expect(answer('/v1/categories', 0)).toMatchObject({
      link: '</v1/categories?limit=20&offset=0>; rel="first", </v1/categories?limit=20&offset=0>; rel="last"',
    });
  });

  it('follow the total when the same URL is read again after the list changed', () => {
    expect(answer('/v1/orders?limit=10', 10).link).toBe(
      '</v1/orders?limit=10&offset=0>; rel="first", </v1/orders?limit=10&offset=0>; rel="last"',
    );
    expect(answer('/v1/orders?limit=10', 11)).toMatchObject({
      link:
        '</v1/orders?limit=10&offset=0>; rel="first", </v1/orders?limit=10&offset=10>; rel="next", ' +
        '</v1/orders?limit=10&offset=10>; rel="last"',
    });
  });

  it('are the same for a long URL, one that is not kept', () => {
    const name = 'a'.repeat(100);
    const url = `/v1/pets?${'&'.repeat(600)}name=${name}&limit=10&offset=10`;
    expect(answer(url, 25).link).toBe(
      `</v1/pets?name=${name}&limit=10&offset=0>; rel="first", </v1/pets?name=${name}&limit=10&offset=0>; rel="prev", ` +
        `</v1/pets?name=${name}&limit=10&offset=20>; rel="next", </v1/pets?name=${name}&limit=10&offset=20>; rel="last"`,
    );
  });

  it('stay right over many more URLs than are kept', () => {
    for (let offset = 0; offset < 2000; offset += 1) {
      const { link } = answer(`/v1/pets?limit=1&offset=${offset}`, 3000);
      expect(link).toContain(`</v1/pets?limit=1&offset=${offset + 1}>; rel="next"`);
    }
    expect(answer('/v1/pets?limit=1&offset=0', 1).link).toBe(
      '</v1/pets?limit=1&offset=0>; rel="first", </v1/pets?limit=1&offset=0>; rel="last"',
    );
  });

  it('name pages by number and size where the list does, and keep the links of one list from those of another', () => {
    const byNumber = createPageLinks({
      parameters: new Set(['page', 'size']),
      query: (offset, limit) => `page=${offset / limit + 1}&size=${limit}`,
    });
    const req = listRequest('/v1/owners?city=Oslo&page=2&size=10');
    expect(byNumber(req, { limit: 10, offset: 10 }, 35)).toBe(
      '</v1/owners?city=Oslo&page=1&size=10>; rel="first", </v1/owners?city=Oslo&page=1&size=10>; rel="prev", ' +
        '</v1/owners?city=Oslo&page=3&size=10>; rel="next", </v1/owners?city=Oslo&page=4&size=10>; rel="last"',
    );
    // The same URL of a list paged otherwise (a contract edited meanwhile) gets its own links.
    expect(linksByOffset(req, { limit: 20, offset: 0 }, 35)).toContain('page=2&size=10&limit=20&offset=0');
  });
});

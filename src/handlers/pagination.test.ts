// The pagination headers of a list's page: X-Total-Count and the Link of RFC 8288 (spec: "Lists").
import { describe, expect, it } from '@jest/globals';
import type { Request, Response } from 'express';
import { sendPage } from './pagination.js';

/** A request as the validator hands it on: the URL as sent, its query parsed. */
function listRequest(url: string): Request {
  const query = Object.fromEntries(new URL(url, 'http://localhost').searchParams);
  return { originalUrl: url, query } as unknown as Request;
}

/** Sends a page of `total` items for `url`, and answers the headers and body sent. */
function answer(url: string, total: number, items: unknown[] = []) {
  const headers: Record<string, string> = {};
  let body: unknown;
  const res = {
    setHeader: (name: string, value: string) => {
      headers[name] = value;
    },
    json: (sent: unknown) => {
      body = sent;
    },
  } as unknown as Response;
  sendPage(listRequest(url), res, { items, total });
  return { total: headers['X-Total-Count'], link: headers.Link, body };
}

describe('the headers of a page', () => {
  it('give the total and link the first, next and last pages from the first one', () => {
    const items = [{ id: 1 }, { id: 2 }];
    expect(answer('/v1/pets?limit=20', 60, items)).toEqual({
      total: '60',
      link:
        '</v1/pets?limit=20&offset=0>; rel="first", </v1/pets?limit=20&offset=20>; rel="next", ' +
        '</v1/pets?limit=20&offset=40>; rel="last"',
      body: items,
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
      total: '0',
      link: '</v1/categories?limit=20&offset=0>; rel="first", </v1/categories?limit=20&offset=0>; rel="last"',
    });
  });

  it('follow the total when the same URL is read again after the list changed', () => {
    expect(answer('/v1/orders?limit=10', 10).link).toBe(
      '</v1/orders?limit=10&offset=0>; rel="first", </v1/orders?limit=10&offset=0>; rel="last"',
    );
    expect(answer('/v1/orders?limit=10', 11)).toMatchObject({
      total: '11',
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
});

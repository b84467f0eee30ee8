// The links between the pages of a list: an RFC 8288 Link header with first, prev, next and last
// (spec: "Lists"), and the URL of another page, each in the list's own terms (limit and offset,
// a page number and size, or a cursor: convention/list-paging.ts), its filters kept.
import type { Request } from 'express';
import type { Page } from '../store/data-store.js';

/** How a list names its pages in the query. */
export type PageQuery = {
  /** The query parameters that page the list: replaced in a link, where the filters are kept. */
  parameters: ReadonlySet<string>;
  /** The query of the page at `offset`, `limit` records long. */
  query(offset: number, limit: number): string;
};

const LINKS_KEPT = 512;
const LONGEST_URL_KEPT = 512;

/** This request's path and the query parameters it sent but `replaced`, as a query: its filters. */
function keptQuery(req: Request, replaced: ReadonlySet<string>): { path: string; kept: string } {
  const path = req.originalUrl.split('?')[0] ?? '';
  let filters: URLSearchParams | undefined;
  for (const [name, value] of Object.entries(req.query)) {
    if (replaced.has(name) || value === undefined) continue;
    filters ??= new URLSearchParams();
    filters.set(name, String(value));
  }
  return { path, kept: filters?.toString() ?? '' };
}

/** Builds the URL of another page of this request's list: its filters kept, its page set. */
export function pageUrls(req: Request, paging: PageQuery): (offset: number, limit: number) => string {
  const { path, kept } = keptQuery(req, paging.parameters);
  const prefix = `${path}?${kept ? `${kept}&` : ''}`;
  return (offset, limit) => `${prefix}${paging.query(offset, limit)}`;
}

/** The URL of another page of this request's list named by `query` (a cursor's): its filters kept. */
export function pageUrlWith(req: Request, replaced: ReadonlySet<string>, query: string): string {
  const { path, kept } = keptQuery(req, replaced);
  const joined = [kept, query].filter((part) => part !== '').join('&');
  return joined === '' ? path : `${path}?${joined}`;
}

/** The offset of the page after or before `page` in a list of `total` items; undefined when there is none. */
export function adjacentOffset({ limit, offset }: Page, total: number, which: 'next' | 'previous'): number | undefined {
  // Pages of no size lead nowhere: following them would never move.
  if (limit < 1) return undefined;
  if (which === 'next') return offset + limit < total ? offset + limit : undefined;
  return offset > 0 ? Math.max(0, offset - limit) : undefined;
}

/** The Link header of a page of `total` items: first, prev and next where they exist, last. */
function buildPageLinks(req: Request, page: Page, total: number, paging: PageQuery): string {
  const { limit } = page;
  const pageUrl = pageUrls(req, paging);
  const links: string[] = [`<${pageUrl(0, limit)}>; rel="first"`];
  const previous = adjacentOffset(page, total, 'previous');
  if (previous !== undefined) links.push(`<${pageUrl(previous, limit)}>; rel="prev"`);
  const next = adjacentOffset(page, total, 'next');
  if (next !== undefined) links.push(`<${pageUrl(next, limit)}>; rel="next"`);
  if (limit < 1) return links.join(', ');
  const lastOffset = total === 0 ? 0 : Math.floor((total - 1) / limit) * limit;
  links.push(`<${pageUrl(lastOffset, limit)}>; rel="last"`);
  return links.join(', ');
}

/**
 * The Link header of the page a request of one list asked for (buildPageLinks). Values already
 * written are kept by total and request URL: for one list the URL fixes the filters and the page,
 * so only the total can change the value. Clients read the same pages over and over; a URL not
 * seen before costs one build. Emptied when full, and long URLs are not kept, so that it stays
 * small whatever the URLs sent.
 */
export function createPageLinks(paging: PageQuery): (req: Request, page: Page, total: number) => string {
  const linksByRequest = new Map<string, string>();
  return (req, page, total) => {
    if (req.originalUrl.length > LONGEST_URL_KEPT) return buildPageLinks(req, page, total, paging);
    const key = `${total} ${req.originalUrl}`;
    let links = linksByRequest.get(key);
    if (links === undefined) {
      links = buildPageLinks(req, page, total, paging);
      if (linksByRequest.size >= LINKS_KEPT) linksByRequest.clear();
      linksByRequest.set(key, links);
    }
    return links;
  };
}

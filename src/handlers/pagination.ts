// Offset pagination for every list: X-Total-Count and an RFC 8288 Link header with first,
// prev, next and last (spec: "Lists"). The page size bounds come from the contract.
import type { Request, Response } from 'express';
import type { Page, PageOf } from '../store/data-store.js';

export const DEFAULT_PAGE_SIZE = 20;

/**
 * Link values already written, by total and request URL: the URL fixes the path, the filters,
 * limit and offset, so only the total can change the value. Clients read the same pages over
 * and over; a URL not seen before costs one build. Emptied when full, and long URLs are not
 * kept, so that it stays small whatever the URLs sent.
 */
const LINKS_KEPT = 512;
const LONGEST_URL_KEPT = 512;
const linksByRequest = new Map<string, string>();

/** Builds the URL of another page of this request's list: its filters kept, limit and offset set. */
function pageUrls(req: Request): (offset: number, limit: number) => string {
  const path = req.originalUrl.split('?')[0] ?? '';
  let filters: URLSearchParams | undefined;
  for (const [name, value] of Object.entries(req.query)) {
    if (name === 'offset' || name === 'limit' || value === undefined) continue;
    filters ??= new URLSearchParams();
    filters.set(name, String(value));
  }
  const kept = filters?.toString();
  const prefix = `${path}?${kept ? `${kept}&` : ''}`;
  return (offset, limit) => `${prefix}limit=${limit}&offset=${offset}`;
}

/** The Link header of a page of `total` items: first, prev and next where they exist, last. */
function buildPageLinks(req: Request, { limit, offset }: Page, total: number): string {
  const pageUrl = pageUrls(req);
  const links: string[] = [`<${pageUrl(0, limit)}>; rel="first"`];
  if (offset > 0) links.push(`<${pageUrl(Math.max(0, offset - limit), limit)}>; rel="prev"`);
  if (offset + limit < total) links.push(`<${pageUrl(offset + limit, limit)}>; rel="next"`);
  const lastOffset = total === 0 ? 0 : Math.floor((total - 1) / limit) * limit;
  links.push(`<${pageUrl(lastOffset, limit)}>; rel="last"`);
  return links.join(', ');
}

/** buildPageLinks, kept by URL and total. */
function pageLinks(req: Request, total: number): string {
  if (req.originalUrl.length > LONGEST_URL_KEPT) return buildPageLinks(req, requestedPage(req), total);
  const key = `${total} ${req.originalUrl}`;
  let links = linksByRequest.get(key);
  if (links === undefined) {
    links = buildPageLinks(req, requestedPage(req), total);
    if (linksByRequest.size >= LINKS_KEPT) linksByRequest.clear();
    linksByRequest.set(key, links);
  }
  return links;
}

/** The page a list request asks for (the validator has bounded limit and offset already). */
export function requestedPage(req: Request): Page {
  return { limit: Number(req.query.limit ?? DEFAULT_PAGE_SIZE), offset: Number(req.query.offset ?? 0) };
}

/** Answers one page of a list with the pagination headers. */
/** Which of the page's headers the operation's answer declares (a draft's list may declare neither). */
export type PageHeaders = { totalCount: boolean; link: boolean };

export function sendPage<T>(
  req: Request,
  res: Response,
  { items, total }: PageOf<T>,
  headers: PageHeaders = { totalCount: true, link: true },
): void {
  if (headers.totalCount) res.setHeader('X-Total-Count', String(total));
  if (headers.link) res.setHeader('Link', pageLinks(req, total));
  res.json(items);
}

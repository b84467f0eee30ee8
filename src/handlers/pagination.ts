// Offset pagination for every list: X-Total-Count and an RFC 8288 Link header with first,
// prev, next and last (spec: "Lists"). The page size bounds come from the contract.
import type { Request, Response } from 'express';
import type { Page, PageOf } from '../store/data-store.js';

export const DEFAULT_PAGE_SIZE = 20;

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

/** The page a list request asks for (the validator has bounded limit and offset already). */
export function requestedPage(req: Request): Page {
  return { limit: Number(req.query.limit ?? DEFAULT_PAGE_SIZE), offset: Number(req.query.offset ?? 0) };
}

/** Answers one page of a list with the pagination headers. */
export function sendPage<T>(req: Request, res: Response, { items, total }: PageOf<T>): void {
  const { limit, offset } = requestedPage(req);
  const pageUrl = pageUrls(req);
  const links: string[] = [`<${pageUrl(0, limit)}>; rel="first"`];
  if (offset > 0) links.push(`<${pageUrl(Math.max(0, offset - limit), limit)}>; rel="prev"`);
  if (offset + limit < total) links.push(`<${pageUrl(offset + limit, limit)}>; rel="next"`);
  const lastOffset = total === 0 ? 0 : Math.floor((total - 1) / limit) * limit;
  links.push(`<${pageUrl(lastOffset, limit)}>; rel="last"`);
  res.setHeader('X-Total-Count', String(total));
  res.setHeader('Link', links.join(', '));
  res.json(items);
}

// The fields a list's envelope commonly holds, known by their name and type, and what fills each
// from the page answered: its totals and numbers (Spring Data's totalElements, totalPages,
// number, size), whether more follow (has_more, hasNext, done), the URLs of other pages (next,
// next_page_uri, links.pages.last, self, url), the cursors that ask for them (next_cursor,
// nextPageToken, iterator, next_page.offset), and the keys of the page's first and last records
// (first_id, last_id). Inside an object named after a page (next_page, previous), its URL,
// path and cursor are that page's.
import type { JsonObject } from '../../openapi/json-pointer.js';
import { schemaType } from '../../openapi/schema-shape.js';
import type { RecordKey } from '../../store/data-set.js';
import type { OtherPage, PageFacts } from './list-page.js';

/** What a field of an envelope can be filled from: one page of a list. */
export type PageView = {
  facts: PageFacts;
  /** Whether the list has such a page (a cursor list knows no last page). */
  exists(page: OtherPage): boolean;
  /** The URL of a page (this one: self), its filters kept: a path and query, or absolute. */
  url(page: OtherPage | 'self', absolute: boolean): string | undefined;
  /** The cursor that asks for the next or the previous page. */
  token(page: 'next' | 'previous'): string | undefined;
  /** The key of the page's first or last record. */
  key(record: 'first' | 'last'): RecordKey | undefined;
};

export type Fill = (view: PageView) => unknown;

type Rule = {
  types: readonly string[];
  names: RegExp;
  fill: (view: PageView, absolute: boolean, type: string) => unknown;
};

const keyAs = (key: RecordKey | undefined, type: string) =>
  key === undefined
    ? undefined
    : type === 'string'
      ? String(key)
      : Number.isFinite(Number(key))
        ? Number(key)
        : undefined;

/** Fields of an envelope itself, or of an object in it that names no page (meta, pagination, links.pages). */
const RULES: readonly Rule[] = [
  {
    types: ['integer', 'number'],
    names:
      /^(total|count|totalCount|total_count|totalElements|total_elements|totalItems|total_items|totalResults|total_results|totalRecords|total_records|totalSize|total_size)$/,
    fill: (view) => view.facts.total,
  },
  {
    types: ['integer', 'number'],
    names: /^(page|number|pageNumber|page_number|currentPage|current_page|pageIndex|page_index)$/,
    fill: (view) => view.facts.number,
  },
  {
    types: ['integer', 'number'],
    names: /^(size|limit|pageSize|page_size|perPage|per_page)$/,
    fill: (view) => view.facts.size,
  },
  { types: ['integer', 'number'], names: /^(offset|skip)$/, fill: (view) => view.facts.offset },
  {
    types: ['integer', 'number'],
    names: /^(totalPages|total_pages|pageCount|page_count|pages|lastPage|last_page|numPages|num_pages)$/,
    fill: (view) => view.facts.totalPages,
  },
  {
    types: ['integer', 'number'],
    names: /^(numberOfElements|number_of_elements|itemCount|item_count)$/,
    fill: (view) => view.facts.itemsOnPage,
  },
  {
    types: ['boolean'],
    names: /^(hasMore|has_more|more|moreResults|more_results)$/,
    fill: (view) => view.facts.hasMore,
  },
  {
    types: ['boolean'],
    names: /^(hasNext|has_next|hasNextPage|has_next_page)$/,
    fill: (view) => view.facts.hasNext,
  },
  {
    types: ['boolean'],
    names: /^(hasPrevious|has_previous|hasPrev|has_prev|hasPreviousPage|has_previous_page)$/,
    fill: (view) => view.facts.hasPrevious,
  },
  { types: ['boolean'], names: /^(first|isFirst|is_first)$/, fill: (view) => !view.facts.hasPrevious },
  {
    types: ['boolean'],
    names: /^(last|isLast|is_last|done|isDone|is_done|finished|complete|isComplete|is_complete|end|isEnd|is_end)$/,
    fill: (view) => !view.facts.hasNext,
  },
  { types: ['boolean'], names: /^empty$/, fill: (view) => view.facts.itemsOnPage === 0 },
  // Slack's ok: an answer the mock gives is a success.
  { types: ['boolean'], names: /^(ok|success|successful)$/, fill: () => true },
  {
    types: ['string'],
    names:
      /^(next|nextPage|next_page|nextUrl|next_url|nextLink|next_link|nextHref|next_href|nextPageUrl|next_page_url|nextPageUri|next_page_uri|nextPageLink|next_page_link)$/,
    fill: (view, absolute) => view.url('next', absolute),
  },
  {
    types: ['string'],
    names:
      /^(previous|prev|previousPage|previous_page|prevPage|prev_page|prevUrl|prev_url|previousUrl|previous_url|previousLink|previous_link|prevLink|prev_link|prevPageUrl|prev_page_url|previousPageUrl|previous_page_url|previousPageUri|previous_page_uri|prevPageUri|prev_page_uri)$/,
    fill: (view, absolute) => view.url('previous', absolute),
  },
  {
    types: ['string'],
    names: /^(first|firstUrl|first_url|firstPageUrl|first_page_url|firstPageUri|first_page_uri|firstLink|first_link)$/,
    fill: (view, absolute) => view.url('first', absolute),
  },
  {
    types: ['string'],
    names: /^(last|lastUrl|last_url|lastPageUrl|last_page_url|lastPageUri|last_page_uri|lastLink|last_link)$/,
    fill: (view, absolute) => view.url('last', absolute),
  },
  { types: ['string'], names: /^(self|url|uri|href)$/, fill: (view, absolute) => view.url('self', absolute) },
  {
    types: ['string'],
    names:
      /^(nextCursor|next_cursor|nextPageToken|next_page_token|nextToken|next_token|continuationToken|continuation_token|nextMarker|next_marker|iterator|endCursor|end_cursor|after|cursor)$/,
    fill: (view) => view.token('next'),
  },
  {
    types: ['string'],
    names:
      /^(prevCursor|prev_cursor|previousCursor|previous_cursor|prevPageToken|prev_page_token|previousPageToken|previous_page_token|startCursor|start_cursor|before)$/,
    fill: (view) => view.token('previous'),
  },
  {
    types: ['string', 'integer', 'number'],
    names: /^(firstId|first_id|firstKey|first_key)$/,
    fill: (view, _absolute, type) => keyAs(view.key('first'), type),
  },
  {
    types: ['string', 'integer', 'number'],
    names: /^(lastId|last_id|lastKey|last_key)$/,
    fill: (view, _absolute, type) => keyAs(view.key('last'), type),
  },
];

/** Fields of an object named after a page (Asana's next_page): that page's URL, path and cursor. */
function pageRule(name: string, type: string, page: OtherPage): Rule['fill'] | undefined {
  if (type !== 'string') return undefined;
  if (/^(url|uri|href|link|self)$/.test(name)) return (view, absolute) => view.url(page, absolute);
  if (name === 'path') return (view) => view.url(page, false);
  const cursor = page === 'next' || page === 'previous' ? page : undefined;
  if (
    cursor &&
    /^(offset|cursor|token|page_token|pageToken|after|before|marker|starting_after|ending_before)$/.test(name)
  )
    return (view) => view.token(cursor);
  return undefined;
}

/** The page an object of this name stands for: next_page, previous, first_page... */
export function pageNamedBy(name: string): OtherPage | undefined {
  if (/^(next|nextPage|next_page)$/.test(name)) return 'next';
  if (/^(prev|previous|prevPage|prev_page|previousPage|previous_page)$/.test(name)) return 'previous';
  if (/^(first|firstPage|first_page)$/.test(name)) return 'first';
  if (/^(last|lastPage|last_page)$/.test(name)) return 'last';
  return undefined;
}

/** What fills a field of this name and schema, inside an object of `page` if any; undefined when none does. */
export function fillOf(name: string, property: JsonObject, page: OtherPage | undefined): Fill | undefined {
  // The validator's "url" refuses a loopback or private host, where the mock serves (ajv-formats
  // takes it from a regex that leaves those out): such a field is drawn, never the page's URL.
  if (property.format === 'url') return undefined;
  const type = schemaType(property) ?? '';
  const absolute = typeof property.format === 'string' && /^(uri|url|iri)$/.test(property.format);
  const fill = page
    ? pageRule(name, type, page)
    : RULES.find((rule) => rule.types.includes(type) && rule.names.test(name))?.fill;
  return fill && ((view) => fill(view, absolute, type));
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The names a count of the records takes after their array: articlesCount, total_articles, num_results. */
export function recordsCountOf(items: string): RegExp {
  const name = escaped(items);
  const capital = escaped(items.charAt(0).toUpperCase() + items.slice(1));
  return new RegExp(
    `^(${name}Count|${name}_count|total_${name}|total${capital}|num_${name}|num${capital}|${name}Total|${name}_total)$`,
  );
}

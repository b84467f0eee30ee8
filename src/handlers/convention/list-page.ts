// One page of a list, as every way of paging reads it (list-paging.ts, cursor-paging.ts) and as
// its envelope and Link header tell it (envelope-fields.ts, list-page-view.ts): its records, its
// facts (where it stands among the pages, what comes after), and how another page is asked for.
import type { Request } from 'express';
import { HttpError } from '../../errors.js';
import type { JsonObject } from '../../openapi/json-pointer.js';
import type { Contract, OperationInfo } from '../../openapi/load-contract.js';
import { PAGE_SIZE } from '../../openapi/page-parameters.js';
import { resolveSchema, schemaType } from '../../openapi/schema-shape.js';
import type { Collection, RecordKey, StoredRecord } from '../../store/data-set.js';
import type { DataReader, Page, RecordFilter } from '../../store/data-store.js';
import { adjacentOffset } from '../pagination.js';
import { queryParameters } from './list-filter.js';

/** Pages another than the one answered. */
export type OtherPage = 'next' | 'previous' | 'first' | 'last';

export const DEFAULT_SIZE = 20;

/** A page as an envelope tells it: where it is among the pages, and what comes after. */
export type PageFacts = {
  /** Its number, counted as the contract's page parameter counts (from 1 when it has none). */
  number: number;
  /** For a list the contract does not page by size, the records answered: its one page holds them all. */
  size: number;
  offset: number;
  total: number;
  totalPages: number;
  itemsOnPage: number;
  hasNext: boolean;
  hasPrevious: boolean;
  /** Whether more follow the way the client pages: the previous pages for a page asked before a cursor (Stripe's ending_before). */
  hasMore: boolean;
};

/** One page of a list, read. */
export type ListPage = {
  items: readonly StoredRecord[];
  total: number;
  facts: PageFacts;
  /** The window of the records it is (in the list's order). */
  window: Page;
  /** The query of another page in the list's own terms; undefined where there is none, or the list names none. */
  queryOf(page: OtherPage): string | undefined;
  /** The cursor that asks for the next or the previous page (cursor lists only). */
  tokenOf(page: 'next' | 'previous'): string | undefined;
};

export type ListPaging = {
  /** The query parameters that page or order the list: never read as filters. */
  parameters: ReadonlySet<string>;
  /** How a request names its page, for the start's listing: '' when the list is not paged. */
  described: string;
  /** The page a request asks for (the validator bounded the values; their defaults apply). */
  read(view: DataReader, collection: Collection, req: Request, matches: RecordFilter | undefined): Promise<ListPage>;
  /** The RFC 8288 Link header of a page: undefined when the list names no pages. */
  link(req: Request, page: ListPage): string | undefined;
  /** The URL (path and query, its filters kept) of another page; undefined where there is none. */
  urlOf(req: Request, page: ListPage, which: OtherPage): string | undefined;
};

export type Declared = { name: string; schema: JsonObject };

/** The parameters that size a page: named as a size, and numbers (a `size` of small, medium and large is a filter). */
export const pageSizes = (declared: readonly Declared[]): Declared[] =>
  declared.filter(
    (parameter) => PAGE_SIZE.test(parameter.name) && ['integer', 'number'].includes(schemaType(parameter.schema) ?? ''),
  );

/** The query parameters of a list, their schemas resolved. */
export const declaredParameters = (contract: Contract, operation: OperationInfo): Declared[] =>
  queryParameters(operation).map((parameter) => ({
    name: parameter.name,
    schema: resolveSchema(contract.document, parameter.schema),
  }));

/**
 * The whole number a page parameter was sent as, else `fallback`. A schema of type number lets
 * through 2.5 or 1e400, which no page can be: refused rather than answered with a page of two.
 */
export function wholeNumberSent(req: Request, parameter: Declared | undefined, fallback: number): number {
  if (parameter === undefined) return fallback;
  const sent = req.query[parameter.name];
  if (sent === undefined) return fallback;
  const value = Number(sent);
  if (Number.isInteger(value)) return value;
  throw new HttpError(
    'INVALID_PARAMETER',
    `Invalid request: query ${parameter.name} must be a whole number, not "${String(sent).slice(0, 40)}" (the contract allows it: give its schema type: integer).`,
  );
}

/** A page whose first record's place is past any number (a page number times its size): none can be answered. */
export function refusePastAnyList(number: Declared, size: number): never {
  throw new HttpError(
    'INVALID_PARAMETER',
    `Invalid request: query ${number.name} is too large: a page of ${size} records so far on starts past any list.`,
  );
}

/** The facts of the window at `offset` of `limit` records, `itemsOnPage` of them answered, in a list of `total`. */
export function factsOf(
  window: Page,
  total: number,
  itemsOnPage: number,
  firstPage: number,
  sized: boolean,
): PageFacts {
  const hasNext = adjacentOffset(window, total, 'next') !== undefined;
  return {
    number: window.limit < 1 ? firstPage : Math.floor(window.offset / window.limit) + firstPage,
    size: sized ? window.limit : itemsOnPage,
    offset: window.offset,
    total,
    totalPages: sized ? (window.limit < 1 ? 0 : Math.ceil(total / window.limit)) : Math.min(1, total),
    itemsOnPage,
    hasNext,
    hasPrevious: adjacentOffset(window, total, 'previous') !== undefined,
    hasMore: hasNext,
  };
}

/** The key of a record of `collection`. */
export const keyOf = (collection: Collection, record: StoredRecord | undefined): RecordKey | undefined =>
  record?.[collection.keyField] as RecordKey | undefined;

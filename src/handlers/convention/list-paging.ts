// How a list of the contract is paged, read from its query parameters: by limit and offset (the
// Pet Store's own), by a page number and a size (`page` and `size`, `per_page`, `pageSize`...,
// as Spring Data, GitHub or Laravel page theirs), or by a cursor (cursor-paging.ts). The page
// number counts from the minimum its schema allows (0 or 1; 1 when it says neither). Either way
// a request asks for a window of the records, in the order its `order` parameter asks
// (list-order.ts); what an envelope or a Link header says of it comes from the page read.
import type { Request } from 'express';
import type { Contract, OperationInfo } from '../../openapi/load-contract.js';
import { firstPageNumber, OFFSET, PAGE_NUMBER, PAGE_SIZE } from '../../openapi/page-parameters.js';
import type { Resource } from '../../openapi/resource-model.js';
import { schemaType } from '../../openapi/schema-shape.js';
import type { Collection, StoredRecord } from '../../store/data-set.js';
import type { DataReader, Page, RecordFilter } from '../../store/data-store.js';
import { adjacentOffset, createPageLinks, pageUrls } from '../pagination.js';
import { cursorPaging } from './cursor-paging.js';
import { type Direction, listOrder } from './list-order.js';
import {
  DEFAULT_SIZE,
  type Declared,
  declaredParameters,
  factsOf,
  type ListPage,
  type ListPaging,
  type OtherPage,
  pageSizes,
  refusePastAnyList,
  wholeNumberSent,
} from './list-page.js';

/** The records of `window` in a list of `direction`: descending windows are counted from the end. */
async function readWindow(
  view: DataReader,
  collection: Collection,
  window: Page,
  matches: RecordFilter | undefined,
  direction: Direction,
): Promise<{ items: readonly StoredRecord[]; total: number }> {
  // A page before the first, or of no size, holds no records: the contract allows asking for it.
  if (window.limit < 1 || window.offset < 0) return { items: [], total: await view.count(collection, matches) };
  if (direction === 'asc') return view.list(collection, window, matches);
  const total = await view.count(collection, matches);
  const end = total - window.offset;
  if (end <= 0) return { items: [], total };
  const start = Math.max(0, end - window.limit);
  const { items } = await view.list(collection, { offset: start, limit: end - start }, matches);
  return { items: [...items].reverse(), total };
}

/** How a list names its pages by number or offset: the window a request asks for, and another page's query. */
type NumberedTerms = {
  paged: ReadonlySet<string>;
  /** The page number's parameter, where pages go by number, and the size's beside it. */
  number: string | undefined;
  size: string | undefined;
  described: string;
  firstPage: number;
  /** Whether pages have a size (else one page holds the whole list from its offset). */
  sized: boolean;
  windowOf(req: Request): Page;
  query: ((offset: number, limit: number) => string) | undefined;
};

function numberedTerms(declared: readonly Declared[], mostItems: number): NumberedTerms {
  // Numbers only: a `size` of small, medium and large is a filter.
  const numeric = declared.filter((parameter) => ['integer', 'number'].includes(schemaType(parameter.schema) ?? ''));
  const find = (names: RegExp) => numeric.find((parameter) => names.test(parameter.name));
  const number = find(PAGE_NUMBER);
  const size = find(PAGE_SIZE);
  const offset = number ? undefined : find(OFFSET);
  // A page number without a size: pages of the default size.
  const sized = size !== undefined || number !== undefined;
  // Pages of the most the answer's array holds, where it says (Box's classification: one field).
  const defaultSize = Math.min(
    sized ? Number(size?.schema.default ?? DEFAULT_SIZE) : Number.MAX_SAFE_INTEGER,
    mostItems,
  );
  const firstPage = number ? firstPageNumber(number.schema) : 1;
  const defaultNumber = number ? Number(number.schema.default ?? firstPage) : firstPage;
  return {
    paged: new Set([number, size, offset].flatMap((parameter) => (parameter ? [parameter.name] : []))),
    number: number?.name,
    size: size?.name,
    described: number
      ? `, paged by ${number.name} (the first is ${firstPage})${size ? ` and ${size.name}` : ''}`
      : size
        ? `, paged by ${size.name}${offset ? ` and ${offset.name}` : ''}`
        : '',
    firstPage,
    sized,
    windowOf(req) {
      const limit = Math.min(wholeNumberSent(req, size, defaultSize), mostItems);
      if (!number) return { limit, offset: wholeNumberSent(req, offset, 0) };
      const at = (wholeNumberSent(req, number, defaultNumber) - firstPage) * limit;
      if (!Number.isFinite(at)) refusePastAnyList(number, limit);
      return { limit, offset: at };
    },
    // Pages another than the first are named by their number, or by a size and an offset.
    query: number
      ? (at, limit) => `${number.name}=${Math.floor(at / limit) + firstPage}${size ? `&${size.name}=${limit}` : ''}`
      : size && offset
        ? (at, limit) => `${size.name}=${limit}&${offset.name}=${at}`
        : undefined,
  };
}

/** The offset of another page than `page`: undefined where there is none. */
function offsetOf({ window, total }: Pick<ListPage, 'window' | 'total'>, which: OtherPage): number | undefined {
  if (which === 'first') return 0;
  if (which === 'last') return total === 0 ? 0 : Math.floor((total - 1) / window.limit) * window.limit;
  return adjacentOffset(window, total, which);
}

/**
 * How a list is paged: by a cursor, or by number or offset. A list that takes both (Ory's
 * page and per_page beside page_token and page_size) is paged as each request names its page.
 * A page holds `mostItems` records at most (the maxItems of the answer's array).
 */
export function listPaging(
  contract: Contract,
  operation: OperationInfo,
  resource?: Resource,
  mostItems = Number.POSITIVE_INFINITY,
): ListPaging {
  const declared = declaredParameters(contract, operation);
  const terms = numberedTerms(declared, mostItems);
  // The cursor's own size where pages also go by number (page_size beside page and per_page).
  const cursors = cursorPaging(
    contract,
    operation,
    resource,
    terms.number === undefined ? undefined : terms,
    mostItems,
  );
  if (!cursors) return numberedPaging(operation, terms);
  const { number, size } = terms;
  if (number === undefined) return cursors;
  const numbered = numberedPaging(operation, terms);
  // By their number, or by their size where the cursor has one of its own (per_page beside page_size).
  const cursorHasItsOwn = pageSizes(declared).some((parameter) => parameter.name !== size);
  const ownNames = [number, ...(size !== undefined && cursorHasItsOwn ? [size] : [])];
  // As the client named it: the validator writes a page's default into req.query.
  const chosen = (req: Request) => {
    const sent = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
    return ownNames.some((name) => sent.has(name)) ? numbered : cursors;
  };
  return {
    parameters: new Set([...cursors.parameters, ...numbered.parameters]),
    described: `${cursors.described}, or${numbered.described.slice(1)}`,
    read: (view, collection, req, matches) => chosen(req).read(view, collection, req, matches),
    link: (req, page) => chosen(req).link(req, page),
    urlOf: (req, page, which) => chosen(req).urlOf(req, page, which),
  };
}

function numberedPaging(operation: OperationInfo, terms: NumberedTerms): ListPaging {
  const { query, firstPage, sized } = terms;
  const order = listOrder(operation);
  const pageQuery = query && { parameters: terms.paged, query };
  const links = pageQuery && createPageLinks(pageQuery);
  return {
    parameters: new Set([...terms.paged, ...(order ? [order.parameter] : [])]),
    described: terms.described + (order?.described ?? ''),
    async read(view, collection, req, matches) {
      const window = terms.windowOf(req);
      const { items, total } = await readWindow(view, collection, window, matches, order?.read(req) ?? 'asc');
      const facts = factsOf(window, total, items.length, firstPage, sized);
      return {
        items,
        total,
        window,
        facts,
        queryOf: (which) => {
          const at = query && offsetOf({ window, total }, which);
          return query && at !== undefined ? query(at, window.limit) : undefined;
        },
        tokenOf: () => undefined,
      };
    },
    link: (req, page) => links?.(req, page.window, page.total),
    urlOf(req, page, which) {
      const at = pageQuery && offsetOf(page, which);
      return pageQuery && at !== undefined ? pageUrls(req, pageQuery)(at, page.window.limit) : undefined;
    },
  };
}

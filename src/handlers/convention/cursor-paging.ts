// Lists paged by a cursor, as many APIs page theirs: a token the server gives with each page and
// the client sends back for the next (Slack's cursor and next_cursor, Google's page_token and
// next_page_token, an iterator, Asana's text offset), or the key of the record a page starts
// after or ends before (Stripe's starting_after and ending_before, OpenAI's after and before).
// A cursor names a place between two keys, not a count of records, so a page's neighbours stay
// the same whatever is added or removed before them: a list walked page by page misses nothing
// that was there throughout and repeats nothing. The mock's tokens are opaque to the client (a
// place written in base64url), and the same place always gives the same token.
import type { Request } from 'express';
import { HttpError } from '../../errors.js';
import type { Contract, OperationInfo } from '../../openapi/load-contract.js';
import { CURSOR_AFTER, CURSOR_BEFORE, CURSOR_TOKEN } from '../../openapi/page-parameters.js';
import type { Resource } from '../../openapi/resource-model.js';
import { schemaType } from '../../openapi/schema-shape.js';
import type { Collection, RecordKey, StoredRecord } from '../../store/data-set.js';
import type { DataReader, RecordFilter } from '../../store/data-store.js';
import { compareKeys } from '../../store/key-order.js';
import { pageUrlWith } from '../pagination.js';
import { type Direction, listOrder } from './list-order.js';
import {
  DEFAULT_SIZE,
  type Declared,
  declaredParameters,
  factsOf,
  keyOf,
  type ListPage,
  type ListPaging,
  type OtherPage,
  pageSizes,
  wholeNumberSent,
} from './list-page.js';

/** A place in a list: after the record of a key, or before it. */
type Place = { side: 'after' | 'before'; key: RecordKey };

/** The parameters that name a place: one token for both sides, or one key for each. */
type CursorParameters = { token: Declared } | { after: Declared; before: Declared | undefined };

function findCursorParameters(declared: readonly Declared[]): CursorParameters | undefined {
  const text = (parameter: Declared) => schemaType(parameter.schema) === 'string';
  const token = declared.find((parameter) => CURSOR_TOKEN.test(parameter.name) && text(parameter));
  if (token) return { token };
  const after = declared.find((parameter) => CURSOR_AFTER.test(parameter.name));
  if (!after) return undefined;
  return { after, before: declared.find((parameter) => CURSOR_BEFORE.test(parameter.name)) };
}

const encodeToken = ({ side, key }: Place) => Buffer.from(JSON.stringify([side[0], key])).toString('base64url');

function decodeToken(text: string): Place | undefined {
  try {
    const [side, key] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as [unknown, unknown];
    const named = side === 'a' ? 'after' : side === 'b' ? 'before' : undefined;
    return named && (typeof key === 'number' || typeof key === 'string') ? { side: named, key } : undefined;
  } catch {
    return undefined;
  }
}

/** A key sent as text, typed as the resource keys its records (a number for numbered records). */
function keyFromText(resource: Resource | undefined, text: string): RecordKey {
  return resource?.keyType !== 'string' && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

/** The records of `filter` at one end of the list's order: `limit` of them, in that order, and how many it keeps. */
async function takeEnd(
  view: DataReader,
  collection: Collection,
  filter: RecordFilter | undefined,
  fromEnd: boolean,
  limit: number,
): Promise<{ items: StoredRecord[]; count: number }> {
  if (!fromEnd) {
    const { items, total } = await view.list(collection, { offset: 0, limit }, filter);
    return { items: [...items], count: total };
  }
  const count = await view.count(collection, filter);
  const start = Math.max(0, count - limit);
  const { items } =
    count === start ? { items: [] } : await view.list(collection, { offset: start, limit: count - start }, filter);
  return { items: [...items], count };
}

/** How a list's cursors are written in its query, and read back from a request. */
type CursorTerms = {
  /** The place a request names, if any; a token this list never gave is refused. */
  placeOf(req: Request): Place | undefined;
  /** The value that asks for a place: a token, or the key itself where a parameter takes keys (undefined where none does). */
  cursorValue(place: Place): string | undefined;
  /** The query of the page at a place, `limit` records long; of the first page without one. */
  queryOf(place: Place | undefined, limit: number): string | undefined;
};

function cursorTerms(cursors: CursorParameters, size: Declared | undefined, resource?: Resource): CursorTerms {
  const withSize = (query: string, limit: number) =>
    [query, size ? `${size.name}=${limit}` : ''].filter((part) => part !== '').join('&');
  const cursorValue = (place: Place) =>
    'token' in cursors
      ? encodeToken(place)
      : place.side === 'before' && !cursors.before
        ? undefined
        : String(place.key);
  return {
    placeOf(req) {
      if ('token' in cursors) {
        const sent = req.query[cursors.token.name];
        if (sent === undefined || sent === '') return undefined;
        const place = decodeToken(String(sent));
        if (place) return place;
        throw new HttpError(
          'INVALID_PARAMETER',
          `Invalid request: query ${cursors.token.name} "${String(sent).slice(0, 80)}" is not a cursor this list gave. Ask for the first page without ${cursors.token.name}, then send the cursor each page gives for the next.`,
        );
      }
      for (const [side, parameter] of [
        ['after', cursors.after],
        ['before', cursors.before],
      ] as const) {
        const sent = parameter && req.query[parameter.name];
        if (sent !== undefined && sent !== '') return { side, key: keyFromText(resource, String(sent)) };
      }
      return undefined;
    },
    cursorValue,
    queryOf(place, limit) {
      if (place === undefined) return withSize('', limit);
      const parameter = 'token' in cursors ? cursors.token : place.side === 'after' ? cursors.after : cursors.before;
      const value = cursorValue(place);
      return parameter && value !== undefined
        ? withSize(`${parameter.name}=${encodeURIComponent(value)}`, limit)
        : undefined;
    },
  };
}

/** The records of one page around a place, in the list's order, and where the page stands in it. */
type Around = { items: StoredRecord[]; total: number; before: number; backward: boolean };

/**
 * Reads the `limit` records after a place (or before it) in the list's order: keys compared,
 * never counted, so that a page's neighbours do not move when records come and go before it.
 */
async function readAround(
  view: DataReader,
  collection: Collection,
  matches: RecordFilter | undefined,
  place: Place | undefined,
  direction: Direction,
  limit: number,
): Promise<Around> {
  const sign = direction === 'asc' ? 1 : -1;
  const field = collection.keyField;
  const beyond =
    place &&
    ((record: StoredRecord) =>
      (matches === undefined || matches(record)) &&
      sign * compareKeys(record[field], place.key) * (place.side === 'after' ? 1 : -1) > 0);
  const backward = place?.side === 'before';
  const taken = await takeEnd(view, collection, beyond ?? matches, backward !== (direction === 'desc'), limit);
  const items = direction === 'desc' ? taken.items.reverse() : taken.items;
  const total = place ? await view.count(collection, matches) : taken.count;
  // How many records of the list come before the page, in its order.
  const before = backward ? taken.count - items.length : total - taken.count;
  return { items, total, before, backward };
}

/** A page read around a place, with its facts, its neighbours' cursors and queries. */
function cursorPage(terms: CursorTerms, collection: Collection, around: Around, limit: number): ListPage {
  const { items, total, before } = around;
  const window = factsOf({ offset: before, limit }, total, items.length, 1, true);
  const facts = around.backward ? { ...window, hasMore: window.hasPrevious } : window;
  const first = keyOf(collection, items[0]);
  const last = keyOf(collection, items.at(-1));
  const neighbour = (which: 'next' | 'previous'): Place | undefined =>
    which === 'next'
      ? facts.hasNext && last !== undefined
        ? { side: 'after', key: last }
        : undefined
      : facts.hasPrevious && first !== undefined
        ? { side: 'before', key: first }
        : undefined;
  return {
    items,
    total,
    window: { offset: before, limit },
    facts,
    tokenOf(which) {
      const place = neighbour(which);
      return place && terms.cursorValue(place);
    },
    queryOf(which: OtherPage) {
      if (which === 'last') return undefined;
      if (which === 'first') return terms.queryOf(undefined, limit);
      const place = neighbour(which);
      return place && terms.queryOf(place, limit);
    },
  };
}

export function cursorPaging(
  contract: Contract,
  operation: OperationInfo,
  resource?: Resource,
  numbered?: { size: string | undefined; paged: ReadonlySet<string> },
  mostItems = Number.POSITIVE_INFINITY,
): ListPaging | undefined {
  const declared = declaredParameters(contract, operation);
  const cursors = findCursorParameters(declared);
  if (!cursors) return undefined;
  const sizes = pageSizes(declared);
  // Beside numbered pages (Ory's page and per_page), the size that is not theirs.
  const size = sizes.find((parameter) => parameter.name !== numbered?.size) ?? sizes[0];
  const order = listOrder(operation);
  const defaultSize = Number(size?.schema.default ?? DEFAULT_SIZE);
  const names = 'token' in cursors ? [cursors.token] : [cursors.after, ...(cursors.before ? [cursors.before] : [])];
  // The numbered pages' parameters are no filters either: a cursor's page URL leaves them out.
  const paged = new Set([
    ...[...names, ...(size ? [size] : [])].map((parameter) => parameter.name),
    ...(numbered?.paged ?? []),
  ]);
  const terms = cursorTerms(cursors, size, resource);
  const urlOf = (req: Request, page: ListPage, which: OtherPage) => {
    const query = page.queryOf(which);
    return query === undefined ? undefined : pageUrlWith(req, paged, query);
  };

  return {
    parameters: new Set([...paged, ...(order ? [order.parameter] : [])]),
    described:
      `, paged by ${names.map((parameter) => parameter.name).join(' and ')} (a cursor)${size ? ` and ${size.name}` : ''}` +
      (order?.described ?? ''),
    async read(view, collection, req, matches) {
      const limit = Math.min(wholeNumberSent(req, size, defaultSize), mostItems);
      const place = terms.placeOf(req);
      // A page of no size holds no records: the contract allows asking for it (as numbered lists answer it).
      const around = await readAround(view, collection, matches, place, order?.read(req) ?? 'asc', Math.max(0, limit));
      return cursorPage(terms, collection, around, limit);
    },
    link(req, page) {
      const links = (['first', 'previous', 'next'] as const).flatMap((which) => {
        const url = urlOf(req, page, which);
        return url === undefined ? [] : [`<${url}>; rel="${which === 'previous' ? 'prev' : which}"`];
      });
      return links.join(', ');
    },
    urlOf,
  };
}

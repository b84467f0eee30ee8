// How a list of the contract is paged, read from its integer query parameters: by limit and
// offset (the Pet Store's own), or by a page number and a size (`page` and `size`, `per_page`,
// `pageSize`..., as Spring Data, GitHub or Laravel page theirs). The page number counts from the
// minimum its schema allows (0 or 1; 1 when it says neither). Either way a request asks for a
// window of the records, an offset and a limit; what an envelope says of it comes from `facts`.
import type { Request } from 'express';
import { HttpError } from '../../errors.js';
import type { JsonObject } from '../../openapi/json-pointer.js';
import type { Contract, OperationInfo } from '../../openapi/load-contract.js';
import { firstPageNumber, OFFSET, PAGE_NUMBER, PAGE_SIZE } from '../../openapi/page-parameters.js';
import { resolveSchema, schemaType } from '../../openapi/schema-shape.js';
import type { Page } from '../../store/data-store.js';
import { adjacentOffset } from '../pagination.js';
import { queryParameters } from './list-filter.js';

const DEFAULT_SIZE = 20;

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
};

export type ListPaging = {
  /** The query parameters that page the list: never read as filters. */
  parameters: ReadonlySet<string>;
  /** How a request names its page, for the start's listing: '' when the list is not paged. */
  described: string;
  /** The window a request asks for (the validator bounded the values; their defaults apply). */
  page(req: Request): Page;
  facts(page: Page, total: number, itemsOnPage: number): PageFacts;
  /** The query of the page at `offset`, `limit` records long, in the request's own terms; undefined when the list names no pages. */
  query: ((offset: number, limit: number) => string) | undefined;
};

type Declared = { name: string; schema: JsonObject };

export function listPaging(contract: Contract, operation: OperationInfo): ListPaging {
  // Numbers only: a `size` of small, medium and large is a filter.
  const declared: Declared[] = queryParameters(operation)
    .map((parameter) => ({ name: parameter.name, schema: resolveSchema(contract.document, parameter.schema) }))
    .filter((parameter) => ['integer', 'number'].includes(schemaType(parameter.schema) ?? ''));
  const find = (names: RegExp) => declared.find((parameter) => names.test(parameter.name));
  const number = find(PAGE_NUMBER);
  const size = find(PAGE_SIZE);
  const offset = number ? undefined : find(OFFSET);
  // A page number without a size: pages of the default size.
  const sized = size !== undefined || number !== undefined;
  const defaultSize = sized ? Number(size?.schema.default ?? DEFAULT_SIZE) : Number.MAX_SAFE_INTEGER;
  const firstPage = number ? firstPageNumber(number.schema) : 1;
  const defaultNumber = number ? Number(number.schema.default ?? firstPage) : firstPage;
  const read = (req: Request, parameter: Declared | undefined, fallback: number) => {
    const value = parameter === undefined ? undefined : req.query[parameter.name];
    return value === undefined ? fallback : Number(value);
  };
  // The validator holds values to their schema; a draft's schema may still allow a page that is none.
  const refuse = (parameter: Declared, least: number) => {
    throw new HttpError(
      'INVALID_PARAMETER',
      `Invalid request: query ${parameter.name} must be at least ${least} (the contract allows less: give its schema minimum: ${least}).`,
    );
  };

  return {
    parameters: new Set([number, size, offset].flatMap((parameter) => (parameter ? [parameter.name] : []))),
    described: number
      ? `, paged by ${number.name} (the first is ${firstPage})${size ? ` and ${size.name}` : ''}`
      : size
        ? `, paged by ${size.name}${offset ? ` and ${offset.name}` : ''}`
        : '',
    page(req) {
      const limit = read(req, size, defaultSize);
      if (size && limit < 1) refuse(size, 1);
      if (!number) {
        const at = read(req, offset, 0);
        if (offset && at < 0) refuse(offset, 0);
        return { limit, offset: at };
      }
      const asked = read(req, number, defaultNumber);
      if (asked < firstPage) refuse(number, firstPage);
      return { limit, offset: (asked - firstPage) * limit };
    },
    facts(page, total, itemsOnPage) {
      return {
        number: Math.floor(page.offset / page.limit) + firstPage,
        size: sized ? page.limit : itemsOnPage,
        offset: page.offset,
        total,
        totalPages: sized ? Math.ceil(total / page.limit) : Math.min(1, total),
        itemsOnPage,
        hasNext: adjacentOffset(page, total, 'next') !== undefined,
        hasPrevious: adjacentOffset(page, total, 'previous') !== undefined,
      };
    },
    // Pages another than the first are named by their number, or by a size and an offset.
    query: number
      ? (at, limit) => `${number.name}=${Math.floor(at / limit) + firstPage}${size ? `&${size.name}=${limit}` : ''}`
      : size && offset
        ? (at, limit) => `${size.name}=${limit}&${offset.name}=${at}`
        : undefined,
  };
}

// A list answered in an object around its records (an envelope), as many APIs answer theirs: the
// records go in its array, and the fields an envelope commonly holds are filled from the page by
// their name and type (Spring Data's totalElements, totalPages, number, size, first, last; the
// total, count, page, per_page, has_more, next and previous of others). A field of another name
// is left out; one the schema requires then breaks the answer, which names it.
import type { JsonObject } from '../../openapi/json-pointer.js';
import { describeObjectSchema, schemaType } from '../../openapi/schema-shape.js';
import { setOwn } from '../../store/own-keys.js';
import type { PageFacts } from './list-paging.js';

/** What an envelope's field is filled with: a fact of the page, or the URL of another page (undefined if none). */
type Fill = (facts: PageFacts, urlOf: (page: 'next' | 'previous') => string | undefined) => unknown;

/** The fields an envelope's schema may name, by type then name, with what fills them. */
const FIELDS: ReadonlyArray<{ type: string; names: RegExp; fill: Fill }> = [
  {
    type: 'integer',
    names:
      /^(total|count|totalCount|total_count|totalElements|total_elements|totalItems|total_items|totalResults|total_results|totalRecords|total_records)$/,
    fill: (facts) => facts.total,
  },
  {
    type: 'integer',
    names: /^(page|number|pageNumber|page_number|currentPage|current_page|pageIndex|page_index)$/,
    fill: (facts) => facts.number,
  },
  {
    type: 'integer',
    names: /^(size|limit|pageSize|page_size|perPage|per_page)$/,
    fill: (facts) => facts.size,
  },
  { type: 'integer', names: /^(offset|skip)$/, fill: (facts) => facts.offset },
  {
    type: 'integer',
    names: /^(totalPages|total_pages|pageCount|page_count|pages|lastPage|last_page)$/,
    fill: (facts) => facts.totalPages,
  },
  {
    type: 'integer',
    names: /^(numberOfElements|number_of_elements|itemCount|item_count)$/,
    fill: (facts) => facts.itemsOnPage,
  },
  {
    type: 'boolean',
    names: /^(hasMore|has_more|hasNext|has_next|hasNextPage|has_next_page)$/,
    fill: (facts) => facts.hasNext,
  },
  {
    type: 'boolean',
    names: /^(hasPrevious|has_previous|hasPrev|has_prev|hasPreviousPage|has_previous_page)$/,
    fill: (facts) => facts.hasPrevious,
  },
  { type: 'boolean', names: /^(first|isFirst|is_first)$/, fill: (facts) => !facts.hasPrevious },
  { type: 'boolean', names: /^(last|isLast|is_last)$/, fill: (facts) => !facts.hasNext },
  { type: 'boolean', names: /^empty$/, fill: (facts) => facts.itemsOnPage === 0 },
  {
    type: 'string',
    names: /^(next|nextPage|next_page|nextUrl|next_url|nextLink|next_link)$/,
    fill: (_facts, urlOf) => urlOf('next'),
  },
  {
    type: 'string',
    names:
      /^(previous|prev|previousPage|previous_page|prevUrl|prev_url|previousUrl|previous_url|previousLink|prev_link)$/,
    fill: (_facts, urlOf) => urlOf('previous'),
  },
];

const RECORDS = /^(content|items|data|results|records|list|elements|entries|rows|values)$/;

export type ListEnvelope = {
  /** The array field the records go in. */
  items: string;
  /** The fields it fills, for the start's listing. */
  filled: readonly string[];
  /** The required fields it cannot fill: its answers break the contract until the draft names them otherwise. */
  unknownRequired: readonly string[];
  /** Whether a URL it holds must be absolute (format uri). */
  absoluteUrls: boolean;
  body(items: unknown[], facts: PageFacts, urlOf: (page: 'next' | 'previous') => string | undefined): JsonObject;
};

/** The envelope an answer's schema describes; undefined when it answers a bare array. */
export function listEnvelope(document: JsonObject, schema: unknown): ListEnvelope | undefined {
  const shape = describeObjectSchema(document, schema);
  const arrays = [...shape.properties].filter(([, property]) => schemaType(property) === 'array');
  // The records' array by its name where it has a usual one (an envelope may hold `links` too).
  const items = (arrays.find(([name]) => RECORDS.test(name)) ?? arrays[0])?.[0];
  if (items === undefined) return undefined;
  const fills: Array<[string, Fill]> = [];
  let absoluteUrls = false;
  for (const [name, property] of shape.properties) {
    const type = schemaType(property);
    const field = FIELDS.find((candidate) => candidate.type === type && candidate.names.test(name));
    if (!field || name === items) continue;
    if (field.type === 'string' && property.format === 'uri') absoluteUrls = true;
    // Where there is no such page, a URL field is null if it may be, else left out.
    const nullable = Array.isArray(property.type) ? property.type.includes('null') : property.nullable === true;
    fills.push([name, nullable ? (facts, urlOf) => field.fill(facts, urlOf) ?? null : field.fill]);
  }
  const filled = fills.map(([name]) => name);
  return {
    items,
    filled,
    unknownRequired: [...shape.required].filter((name) => name !== items && !filled.includes(name)),
    absoluteUrls,
    body(records, facts, urlOf) {
      const body: JsonObject = { [items]: records };
      for (const [name, fill] of fills) {
        const value = fill(facts, urlOf);
        if (value !== undefined) setOwn(body, name, value);
      }
      return body;
    },
  };
}

// Lists paged by a page number and a size (`page` and `size`, `per_page`...), as Spring Data,
// GitHub or Laravel page theirs: consecutive pages tile the list (every record once, in order,
// none left out), the last page ends it, and an envelope around the records says the truth of its
// page (the size asked for, the total, the number of pages, whether another follows, page numbers
// one apart). The first page is the minimum the page parameter allows (0 or 1; 1 when it says
// neither), which catches the classic off-by-one of 0- against 1-based pages. Judged against a
// still view: the run's own writes wait, and pages read while others wrote are read again.

import { isMultipleOf } from '../../src/openapi/multiple-of.js';
import { firstPageNumber, PAGE_NUMBER, PAGE_SIZE } from '../../src/openapi/page-parameters.js';
import { type JsonSchema, propertiesOf, schemaOf } from '../generation/json-schema.js';
import { eachCheck, kindOfChecks } from '../support/checks.js';
import { expectConforms } from '../support/conformance.js';
import { resolve, type SpecOperation } from '../support/contract-spec.js';
import { type Exchange, send } from '../support/exchange.js';
import { identityField, pageParameter } from '../support/list-semantics.js';
import { selectedOperations } from '../support/operations.js';
import { holds, ownField } from '../support/own-fields.js';
import { alone, WRITES } from '../support/run-locks.js';
import { CheckSkipped } from '../support/scheduler.js';
import { requireNoProblems } from '../support/violation.js';

/** Envelope fields whose names leave no doubt about what they say of the page. */
const TOTAL =
  /^(total|totalCount|total_count|totalElements|total_elements|totalItems|total_items|totalResults|total_results)$/;
const NUMBER = /^(page|pageNumber|page_number|number|currentPage|current_page)$/;
const SIZE = /^(size|pageSize|page_size|perPage|per_page)$/;
const TOTAL_PAGES = /^(totalPages|total_pages|pageCount|page_count)$/;
const HAS_NEXT = /^(hasNext|has_next|hasMore|has_more|hasNextPage|has_next_page)$/;
const RECORDS = /^(content|items|data|results|records|list|elements|entries|rows|values)$/;
/** Three pages of two records, compared with the first page of six. */
const PAGES = 3;
const SMALL = 2;
const TRIES = 3;

type Parameter = { name: string; in: string; required?: boolean; schema?: unknown };
type Paging = { number: string; size: string; first: number; last: number | undefined };
type Envelope = { items: string; fields: Array<[string, RegExp]> };

/** Whether a value keeps a numeric schema's bounds. */
function allows(schema: JsonSchema, value: number): boolean {
  const bounds = schema as JsonSchema & { exclusiveMinimum?: number; exclusiveMaximum?: number };
  return (
    (bounds.minimum === undefined || value >= bounds.minimum) &&
    (bounds.maximum === undefined || value <= bounds.maximum) &&
    (typeof bounds.exclusiveMinimum !== 'number' || value > bounds.exclusiveMinimum) &&
    (typeof bounds.exclusiveMaximum !== 'number' || value < bounds.exclusiveMaximum) &&
    (bounds.multipleOf === undefined || isMultipleOf(value, bounds.multipleOf))
  );
}

/** How the list is paged by number, or why the check cannot page it (a reason to skip). */
function pagingOf(operation: SpecOperation): Paging | string | undefined {
  const number = pageParameter(operation, PAGE_NUMBER);
  const size = pageParameter(operation, PAGE_SIZE);
  if (!number || !size) return undefined;
  if (!allows(size.schema, SMALL) || !allows(size.schema, SMALL * PAGES))
    return `its ${size.name} does not allow both ${SMALL} and ${SMALL * PAGES}, the sizes the check pages by`;
  const required = (operation.parameters as Parameter[]).filter(
    (parameter) =>
      parameter.in === 'query' && parameter.required && parameter.name !== number.name && parameter.name !== size.name,
  );
  if (required.length > 0)
    return `it requires ${required.map((parameter) => parameter.name).join(', ')} besides its page, which the check does not choose`;
  return { number: number.name, size: size.name, first: firstPageNumber(number.schema), last: number.schema.maximum };
}

/** The envelope the list answers, or undefined when it answers a bare array. */
function envelopeOf(operation: SpecOperation): Envelope | undefined {
  const content = resolve(operation.raw.responses?.['200'])?.content?.['application/json']?.schema;
  if (!content) return undefined;
  const properties = propertiesOf(schemaOf(content));
  const arrays = properties.filter(([, property]) => property.type === 'array');
  // The records' array by its usual name, where the envelope holds others (links).
  const items = (arrays.find(([name]) => RECORDS.test(name)) ?? arrays[0])?.[0];
  if (items === undefined) return undefined;
  const fields: Array<[string, RegExp]> = [];
  for (const [name, property] of properties) {
    const pattern = [TOTAL, NUMBER, SIZE, TOTAL_PAGES].find((candidate) => candidate.test(name));
    if (pattern && property.type === 'integer') fields.push([name, pattern]);
    else if (HAS_NEXT.test(name) && property.type === 'boolean') fields.push([name, HAS_NEXT]);
  }
  return { items, fields };
}

const records = (envelope: Envelope | undefined, exchange: Exchange): unknown[] => {
  const body = exchange.body as Record<string, unknown> | unknown[] | undefined;
  const list = envelope ? (body as Record<string, unknown> | undefined)?.[envelope.items] : body;
  return Array.isArray(list) ? list : [];
};

kindOfChecks('lists', 'lists paged by number: pages that tile the list, and what their envelope says', () => {
  const lists = selectedOperations().filter(
    (operation) => operation.method === 'get' && !operation.path.includes('{') && !operation.deprecated,
  );
  const paged = lists.flatMap((operation) => {
    const paging = pagingOf(operation);
    return paging === undefined ? [] : [[operation, paging] as const];
  });

  eachCheck(
    paged.map(
      ([operation, paging]) =>
        [
          typeof paging === 'string'
            ? `${operation.operationId}: its page number and size give consecutive pages of the list`
            : `${operation.operationId}: ${paging.number} (the first is ${paging.first}) and ${paging.size} give consecutive pages of the list, the last one ending it`,
          operation,
          paging,
        ] as const,
    ),
    '%s',
    async (_name, operation, paging) => {
      if (typeof paging === 'string') throw new CheckSkipped(paging);
      await checkPages(operation, paging, envelopeOf(operation));
    },
    { estimate: () => 10 },
  );
});

async function checkPages(operation: SpecOperation, paging: Paging, envelope: Envelope | undefined): Promise<void> {
  const field = identityField(operation);
  // Records by their key (their other fields may change between reads: a signed URL, a time seen).
  const keys = (items: unknown[]) =>
    JSON.stringify(
      items.map((item) => {
        const key = (item as Record<string, unknown> | null)?.[field];
        return key === undefined ? JSON.stringify(item) : key;
      }),
    );
  const page = async (number: number, size: number) => {
    const exchange = await send({
      operationId: operation.operationId,
      method: 'GET',
      path: `${operation.path}?${paging.number}=${number}&${paging.size}=${size}`,
    });
    expectConforms(operation, exchange, { statuses: [200] });
    return exchange;
  };
  await alone(WRITES, async () => {
    for (let attempt = 0; attempt < TRIES; attempt += 1) {
      // The view is itself a page (as long as the pages it is compared with together): a server
      // that misreads the page's number shifts it and the pages differently.
      const view = await page(paging.first, SMALL * PAGES);
      const all = records(envelope, view);
      if (all.length < SMALL * PAGES)
        throw new CheckSkipped(
          `the list holds ${all.length} records: too few for ${PAGES} pages of ${SMALL} (the suite makes none for it)`,
        );
      const pages: Exchange[] = [];
      for (let index = 0; index < PAGES; index += 1) pages.push(await page(paging.first + index, SMALL));
      const total = totalOf(envelope, view);
      // The last page, where the total says which it is and the page parameter allows it.
      const lastNumber = total === undefined ? undefined : paging.first + Math.ceil(total / SMALL) - 1;
      const last =
        lastNumber !== undefined && lastNumber >= paging.first + PAGES && (paging.last ?? lastNumber) >= lastNumber
          ? await page(lastNumber, SMALL)
          : undefined;
      const again = await page(paging.first, SMALL * PAGES);
      // Another client wrote meanwhile: read it all again.
      if (keys(records(envelope, again)) !== keys(all) || totalOf(envelope, again) !== total) continue;

      const numbers = pages.map((exchange) => numberOf(envelope, exchange));
      for (const [index, exchange] of pages.entries()) {
        const number = paging.first + index;
        const expected = all.slice(index * SMALL, (index + 1) * SMALL);
        const problems =
          keys(records(envelope, exchange)) === keys(expected)
            ? []
            : [
                `${paging.number}=${number}&${paging.size}=${SMALL} is not records ${index * SMALL + 1} to ${(index + 1) * SMALL} of ${paging.number}=${paging.first}&${paging.size}=${SMALL * PAGES} (read just before and after)`,
              ];
        const previous = numbers[index - 1];
        const own = numbers[index];
        if (previous !== undefined && own !== undefined && own !== previous + 1)
          problems.push(`its page number is ${own} after ${previous} on the page before`);
        for (const problem of envelopeProblems(envelope, exchange, { number, size: SMALL, total, first: paging.first }))
          problems.push(problem);
        requireNoProblems(
          exchange,
          `page ${number} of ${SMALL} records: the list's records ${index * SMALL + 1} to ${(index + 1) * SMALL}`,
          problems,
        );
      }
      if (last && lastNumber !== undefined && total !== undefined) {
        const held = total - (lastNumber - paging.first) * SMALL;
        const problems = [
          ...(records(envelope, last).length === held ? [] : [`${records(envelope, last).length} records came back`]),
          ...envelopeProblems(envelope, last, { number: lastNumber, size: SMALL, total, first: paging.first }),
        ];
        requireNoProblems(
          last,
          `the last page, ${lastNumber}, of ${total} records in pages of ${SMALL}: ${held} records`,
          problems,
        );
      }
      return;
    }
    throw new CheckSkipped('the list kept changing under the check (another client writing meanwhile)');
  });
}

function totalOf(envelope: Envelope | undefined, exchange: Exchange): number | undefined {
  const field = envelope?.fields.find(([, pattern]) => pattern === TOTAL)?.[0];
  const value = field === undefined ? undefined : (exchange.body as Record<string, unknown>)[field];
  if (typeof value === 'number') return value;
  const header = Number(exchange.headers['x-total-count']);
  return Number.isInteger(header) ? header : undefined;
}

/** The page number the envelope says, if it has such a field. */
function numberOf(envelope: Envelope | undefined, exchange: Exchange): number | undefined {
  const field = envelope?.fields.find(([, pattern]) => pattern === NUMBER)?.[0];
  const value = field === undefined ? undefined : (exchange.body as Record<string, unknown>)[field];
  return typeof value === 'number' ? value : undefined;
}

/** What an envelope says wrong of its page: the size asked, the totals, whether one follows. */
function envelopeProblems(
  envelope: Envelope | undefined,
  exchange: Exchange,
  asked: { number: number; size: number; total: number | undefined; first: number },
): string[] {
  if (!envelope) return [];
  const body = exchange.body as Record<string, unknown>;
  const problems: string[] = [];
  const expect = (name: string, expected: unknown, why: string) => {
    if (holds(body, name) && ownField(body, name) !== expected)
      problems.push(`${name} is ${JSON.stringify(ownField(body, name))}, ${why} ${expected}`);
  };
  // A page's number is judged by the pages around it: Spring Data's `number` counts from 0 even
  // where the query's page counts from 1.
  for (const [name, pattern] of envelope.fields) {
    if (pattern === SIZE) expect(name, asked.size, 'the size asked for is');
    if (asked.total === undefined) continue;
    if (pattern === TOTAL) expect(name, asked.total, 'the first read said');
    if (pattern === TOTAL_PAGES)
      expect(name, Math.ceil(asked.total / asked.size), `${asked.total} records in pages of ${asked.size}:`);
    if (pattern === HAS_NEXT)
      expect(
        name,
        (asked.number - asked.first + 1) * asked.size < asked.total,
        `with ${asked.total} records, expected`,
      );
  }
  return problems;
}

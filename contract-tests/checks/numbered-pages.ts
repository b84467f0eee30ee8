// Lists paged by a page number and a size (`page` and `size`, `per_page`...), as Spring Data,
// GitHub or Laravel page theirs: consecutive pages tile the list (every record once, in order,
// none left out), a page past the end is empty, and an envelope around the records says the
// truth of its page (its number and size as asked, the total, the number of pages, whether another
// follows). The first page is the minimum the page parameter allows (0 or 1; 1 when it says
// neither), which catches the classic off-by-one of 0- against 1-based pages. Judged against a
// still view: the run's own writes wait, and pages read while others wrote are read again.
import { type JsonSchema, propertiesOf, schemaOf } from '../generation/json-schema.js';
import { eachCheck, kindOfChecks } from '../support/checks.js';
import { expectConforms } from '../support/conformance.js';
import { resolve, type SpecOperation } from '../support/contract-spec.js';
import { type Exchange, send } from '../support/exchange.js';
import { selectedOperations } from '../support/operations.js';
import { alone, WRITES } from '../support/run-locks.js';
import { CheckSkipped } from '../support/scheduler.js';
import { requireNoProblems } from '../support/violation.js';

const PAGE_NUMBER = /^(page|pageNumber|page_number|pageNo|page_no|pageIndex|page_index)$/;
const PAGE_SIZE = /^(limit|size|pageSize|page_size|perPage|per_page|pageLimit|page_limit)$/;
/** Envelope fields whose names leave no doubt about what they say of the page. */
const TOTAL =
  /^(total|totalCount|total_count|totalElements|total_elements|totalItems|total_items|totalResults|total_results)$/;
const NUMBER = /^(page|pageNumber|page_number|number|currentPage|current_page)$/;
const SIZE = /^(size|pageSize|page_size|perPage|per_page)$/;
const TOTAL_PAGES = /^(totalPages|total_pages|pageCount|page_count)$/;
const HAS_NEXT = /^(hasNext|has_next|hasMore|has_more|hasNextPage|has_next_page)$/;
/** The pages of SMALL records read, compared with the first page of them all together. */
const PAGES = 3;
const SMALL = 2;
const TRIES = 3;

type Parameter = { name: string; in: string; schema?: unknown };
type Paging = { number: string; size: string; first: number };
type Envelope = { items: string; fields: Array<[string, RegExp]> };

function pagingOf(operation: SpecOperation): Paging | undefined {
  const query = (operation.parameters as Parameter[]).filter(
    (parameter) => parameter.in === 'query' && typeOf(schemaOf(parameter.schema ?? {})) === 'integer',
  );
  const number = query.find((parameter) => PAGE_NUMBER.test(parameter.name));
  const size = query.find((parameter) => PAGE_SIZE.test(parameter.name));
  if (!number || !size) return undefined;
  const numberSchema = schemaOf(number.schema ?? {});
  const first =
    numberSchema.minimum === 0 || numberSchema.minimum === 1
      ? numberSchema.minimum
      : numberSchema.default === 0
        ? 0
        : 1;
  // Pages of the check's sizes must be allowed.
  const sizeSchema = schemaOf(size.schema ?? {});
  if ((sizeSchema.maximum ?? SMALL * PAGES) < SMALL * PAGES || (sizeSchema.minimum ?? 1) > SMALL) return undefined;
  return { number: number.name, size: size.name, first };
}

/** The envelope the list answers, or undefined when it answers a bare array. */
function envelopeOf(operation: SpecOperation): Envelope | undefined {
  const content = resolve(operation.raw.responses?.['200'])?.content?.['application/json']?.schema;
  if (!content) return undefined;
  const properties = propertiesOf(schemaOf(content));
  const items = properties.find(([, property]) => typeOf(property) === 'array')?.[0];
  if (items === undefined) return undefined;
  const fields: Array<[string, RegExp]> = [];
  for (const [name, property] of properties) {
    const pattern = [TOTAL, NUMBER, SIZE, TOTAL_PAGES].find((candidate) => candidate.test(name));
    if (pattern && typeOf(property) === 'integer') fields.push([name, pattern]);
    else if (HAS_NEXT.test(name) && typeOf(property) === 'boolean') fields.push([name, HAS_NEXT]);
  }
  return { items, fields };
}

const typeOf = (schema: JsonSchema) =>
  Array.isArray(schema.type) ? (schema.type as string[]).find((type) => type !== 'null') : schema.type;

const records = (envelope: Envelope | undefined, exchange: Exchange): unknown[] => {
  const body = exchange.body as Record<string, unknown> | unknown[];
  const list = envelope ? (body as Record<string, unknown>)[envelope.items] : body;
  return Array.isArray(list) ? list : [];
};
const text = (items: unknown[]) => items.map((item) => JSON.stringify(item));

kindOfChecks('lists', 'lists paged by number: pages that tile the list, and what their envelope says', () => {
  const lists = selectedOperations()
    .filter((operation) => operation.method === 'get' && !operation.path.includes('{') && !operation.deprecated)
    .flatMap((operation) => {
      const paging = pagingOf(operation);
      return paging ? [[operation, paging] as const] : [];
    });

  eachCheck(
    lists.map(
      ([operation, paging]) =>
        [
          `${operation.operationId}: ${paging.number} (the first is ${paging.first}) and ${paging.size} give consecutive pages of the list, and a page past the end holds nothing`,
          operation,
          paging,
        ] as const,
    ),
    '%s',
    async (_name, operation, paging) => {
      const envelope = envelopeOf(operation);
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
          // The view is itself a page (one as long as the pages it is compared with together): a
          // server that misreads the page's number shifts it and the pages differently.
          const view = await page(paging.first, SMALL * PAGES);
          const all = records(envelope, view);
          if (all.length < SMALL * PAGES)
            throw new CheckSkipped(
              `the list holds ${all.length} records: too few for ${PAGES} pages of ${SMALL} (the suite makes none for it)`,
            );
          const pages: Exchange[] = [];
          for (let index = 0; index < PAGES; index += 1) pages.push(await page(paging.first + index, SMALL));
          const total = totalOf(envelope, view);
          const past = await page(paging.first + Math.ceil((total ?? 1_000_000) / SMALL) + 1, SMALL);
          const again = await page(paging.first, SMALL * PAGES);
          // Another client wrote meanwhile: read it all again.
          if (JSON.stringify(text(records(envelope, again))) !== JSON.stringify(text(all))) continue;
          for (const [index, exchange] of pages.entries()) {
            const number = paging.first + index;
            const expected = text(all.slice(index * SMALL, (index + 1) * SMALL));
            const problems =
              JSON.stringify(text(records(envelope, exchange))) === JSON.stringify(expected)
                ? []
                : [
                    `${paging.number}=${number}&${paging.size}=${SMALL} is not records ${index * SMALL + 1} to ${(index + 1) * SMALL} of ${paging.number}=${paging.first}&${paging.size}=${SMALL * PAGES} (read just before and after)`,
                  ];
            problems.push(...envelopeProblems(envelope, exchange, { number, size: SMALL, total, first: paging.first }));
            requireNoProblems(
              exchange,
              `page ${number} of ${SMALL} records: the list's records ${index * SMALL + 1} to ${(index + 1) * SMALL}`,
              problems,
            );
          }
          requireNoProblems(
            past,
            'a page past the last: no records',
            records(envelope, past).length === 0 ? [] : [`${records(envelope, past).length} records came back`],
          );
          return;
        }
        throw new CheckSkipped('the list kept changing under the check (another client writing meanwhile)');
      });
    },
    { estimate: () => 8 },
  );
});

function totalOf(envelope: Envelope | undefined, exchange: Exchange): number | undefined {
  const field = envelope?.fields.find(([, pattern]) => pattern === TOTAL)?.[0];
  const value = field === undefined ? undefined : (exchange.body as Record<string, unknown>)[field];
  if (typeof value === 'number') return value;
  const header = Number(exchange.headers['x-total-count']);
  return Number.isInteger(header) ? header : undefined;
}

/** What an envelope says wrong of its page: the number and size asked, the totals, whether one follows. */
function envelopeProblems(
  envelope: Envelope | undefined,
  exchange: Exchange,
  asked: { number: number; size: number; total: number | undefined; first: number },
): string[] {
  if (!envelope) return [];
  const body = exchange.body as Record<string, unknown>;
  const problems: string[] = [];
  const expect = (name: string, expected: unknown, why: string) => {
    if (name in body && body[name] !== expected)
      problems.push(`${name} is ${JSON.stringify(body[name])}, ${why} ${expected}`);
  };
  for (const [name, pattern] of envelope.fields) {
    if (pattern === NUMBER) expect(name, asked.number, 'the page asked for is');
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

// Lists that no filter keeps to the suite's items (the inventory), on a server others write to at
// the same time: other runs, other CI jobs, the run's own other checks. A filter is judged on
// the suite's own items only, found where the list's order puts them: each that matches must be
// on the page that spans its place, each that does not must not. Pages are judged against a
// still view: the run's own writes wait meanwhile, and a page that differs from the view is read
// again, with the view, before the difference is called a fault. A list that keeps changing
// under the check (another client writing) ends it as skipped, saying so.
import { queryString } from '../generation/operation-requests.js';
import { expectConforms } from './conformance.js';
import type { SpecOperation } from './contract-spec.js';
import { type Exchange, send } from './exchange.js';
import { listProblems } from './list-oracle.js';
import { type Item, identityField } from './list-semantics.js';
import { ownField } from './own-fields.js';
import { alone, WRITES } from './run-locks.js';
import { CheckSkipped } from './scheduler.js';
import { ContractViolation, requireNoProblems } from './violation.js';

export type Query = Record<string, string | number>;

/** The page a shared list is read in: as many items as most lists hold in one. */
export const PAGE = 100;
/** Pages read at most to span the suite's items, and tries at a view that holds still. */
const MAX_PAGES = 10;
const TRIES = 3;

/** A page of the list, held to the contract and to what its query asks (the oracle of list-oracle.ts). */
/** A page of the list at `path` (the operation's, with any parent's id filled in). */
export async function listPage(operation: SpecOperation, query: Query, path = operation.path): Promise<Exchange> {
  const exchange = await send({
    operationId: operation.operationId,
    method: 'GET',
    path: `${path}${queryString(query)}`,
  });
  expectConforms(operation, exchange, { statuses: [200] });
  requireNoProblems(exchange, 'the page the query asks for', listProblems(operation, query, exchange));
  return exchange;
}

export function idsOf(operation: SpecOperation, items: Item[]): number[] {
  const field = identityField(operation);
  return items.map((item) => Number(ownField(item, field))).sort((a, b) => a - b);
}

const pageIds = (operation: SpecOperation, page: Exchange) => idsOf(operation, page.body as Item[]);
const same = (one: number[], other: number[]) => JSON.stringify(one) === JSON.stringify(other);

/** The offset of the first item whose id is `id` or more, by halving (the list is in ascending order of its id). */
async function offsetOf(operation: SpecOperation, filters: Query, id: number): Promise<number> {
  const first = await listPage(operation, { ...filters, limit: 1 });
  let [low, high] = [0, Number(first.headers['x-total-count']) || 0];
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const [found] = pageIds(operation, await listPage(operation, { ...filters, limit: 1, offset: middle }));
    if (found === undefined) high = middle;
    else if (found < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

type Place = 'present' | 'absent' | 'unknown';
type Read = { page: Exchange; offset: number; ids: number[] };

/** Where an id stands in pages each read at once: on one, or absent from one whose span holds its place. */
function placeOf(reads: Read[], id: number): { place: Place; read?: Read } {
  const on = reads.find((read) => read.ids.includes(id));
  if (on) return { place: 'present', read: on };
  const spanning = reads.find(
    (read) =>
      (read.offset === 0 || (read.ids[0] ?? Number.POSITIVE_INFINITY) < id) &&
      (read.ids.length < PAGE || (read.ids.at(-1) ?? Number.NEGATIVE_INFINITY) > id),
  );
  return spanning ? { place: 'absent', read: spanning } : { place: 'unknown' };
}

/** Pages of the filtered list from a little before `from` to past `to`, overlapping so that a shift between reads shows. */
async function pagesSpanning(operation: SpecOperation, filters: Query, from: number, to: number): Promise<Read[]> {
  const reads: Read[] = [];
  let offset = Math.max(0, (await offsetOf(operation, filters, from)) - 5);
  for (let count = 0; count < MAX_PAGES; count += 1) {
    const page = await listPage(operation, { ...filters, limit: PAGE, offset });
    const ids = pageIds(operation, page);
    reads.push({ page, offset, ids });
    if (ids.length < PAGE || (ids.at(-1) ?? 0) > to) break;
    offset += PAGE - 10;
  }
  return reads;
}

const queryParameter = (operation: SpecOperation, name: string) =>
  operation.parameters.find((parameter) => parameter.in === 'query' && parameter.name === name);

/** Whether a list pages by limit and offset (the Pet Store's way): else it is read whole. */
export const pagesByLimitAndOffset = (operation: SpecOperation) =>
  queryParameter(operation, 'limit') !== undefined && queryParameter(operation, 'offset') !== undefined;

/** The limit to ask a list for the most of its items: `wanted`, within its schema; none where it takes none. */
export function largestLimit(operation: SpecOperation, wanted: number): Query {
  const limit = queryParameter(operation, 'limit');
  if (limit === undefined) return {};
  const maximum = Number(limit.schema?.maximum);
  return { limit: Number.isFinite(maximum) ? Math.min(wanted, maximum) : wanted };
}

/** requireOwnFiltered of a list that does not page by limit and offset: one read of it whole. */
async function requireOwnFilteredWhole(
  operation: SpecOperation,
  ours: number[],
  filters: Query,
  expected: number[],
  what: string,
): Promise<void> {
  const page = await listPage(operation, { ...filters, ...largestLimit(operation, PAGE) });
  const listed = pageIds(operation, page);
  const missing = expected.filter((id) => !listed.includes(id));
  const strays = ours.filter((id) => !expected.includes(id) && listed.includes(id));
  if (missing.length === 0 && strays.length === 0) return;
  throw filteredWrongly(operation, page, what, { expected, missing, strays, where: '' });
}

/** The failure of a filter that left out items it keeps (`missing`) or kept items it leaves out (`strays`). */
function filteredWrongly(
  operation: SpecOperation,
  page: Exchange,
  what: string,
  { expected, missing, strays, where }: { expected: number[]; missing: number[]; strays: number[]; where: string },
): ContractViolation {
  const field = identityField(operation);
  return new ContractViolation(page, `${what}: of the suite's items, ${field}s ${expected.join(', ') || 'none'}`, [
    ...(missing.length > 0 ? [`${field}s ${missing.join(', ')} missing${where}`] : []),
    ...(strays.length > 0 ? [`${field}s ${strays.join(', ')} came back`] : []),
  ]);
}

/**
 * The suite's items (`ours`) that `filters` keep are on the list, and the others are not,
 * whatever else it holds: each judged on a page that spans its place.
 */
export async function requireOwnFiltered(
  operation: SpecOperation,
  ours: number[],
  filters: Query,
  expected: number[],
  what: string,
): Promise<void> {
  if (!pagesByLimitAndOffset(operation)) return requireOwnFilteredWhole(operation, ours, filters, expected, what);
  const [from = 0, to = 0] = [ours[0], ours.at(-1)];
  for (let attempt = 0; attempt < TRIES; attempt += 1) {
    const reads = await pagesSpanning(operation, filters, from, to);
    const places = ours.map((id) => ({ id, ...placeOf(reads, id) }));
    const missing = places.filter(({ id, place }) => expected.includes(id) && place === 'absent');
    const strays = places.filter(({ id, place }) => !expected.includes(id) && place === 'present');
    const [shown] = [...missing, ...strays];
    if (shown?.read) {
      throw filteredWrongly(operation, shown.read.page, what, {
        expected,
        missing: missing.map(({ id }) => id),
        strays: strays.map(({ id }) => id),
        where: " where the list's order puts them",
      });
    }
    if (places.every(({ place }) => place !== 'unknown')) return;
  }
  throw listKeptChanging(operation.operationId, TRIES);
}

/** A list that changed under every read of a check: skipped, saying why and what to do. */
export function listKeptChanging(operationId: string, tries: number): CheckSkipped {
  return new CheckSkipped(
    `${operationId} changed under the check on ${tries} tries (another client writing to it meanwhile): run it when the server is quieter, or against a petstore-mock with --scope`,
  );
}

/**
 * Pages of every `limits` and `offsets` from the suite's items on are the slices of one still
 * view of the list (a page of 100 there), and pages past its end are empty. Read with the
 * run's writes held still; a page that differs is read again with the view before it is a fault,
 * and a view that changed meanwhile (another client writing) is taken for the next try.
 */
export async function requireStillPages(
  operation: SpecOperation,
  ours: number[],
  limits: number[],
  offsets: number[],
): Promise<void> {
  await alone(WRITES, async () => {
    const start = Math.max(0, (await offsetOf(operation, {}, ours[0] ?? 0)) - 2);
    const viewAt = () => listPage(operation, { limit: PAGE, offset: start });
    let view = await viewAt();
    const total = Number(view.headers['x-total-count']);
    // The list's own end: one item left, none, and past it (each answer judged with its own X-Total-Count).
    for (const offset of [total - 1, total, total + 1])
      if (offset >= 0) await listPage(operation, { limit: 2, offset });
    for (const limit of limits) {
      for (const offset of offsets) {
        view = await requireSlice(operation, { start, limit, offset }, view, viewAt);
      }
    }
  });
}

/** One page against the view: the same slice, or read again (page and view) until it is, or is a fault. */
async function requireSlice(
  operation: SpecOperation,
  { start, limit, offset }: { start: number; limit: number; offset: number },
  firstView: Exchange,
  viewAt: () => Promise<Exchange>,
): Promise<Exchange> {
  let view = firstView;
  for (let attempt = 0; attempt < TRIES + 2; attempt += 1) {
    const viewIds = pageIds(operation, view);
    // Past what the view shows (it is no tail of the list): nothing to judge the page by.
    if (offset >= viewIds.length + 2 || (viewIds.length === PAGE && offset + limit > PAGE)) return view;
    const expected = viewIds.slice(offset, offset + limit);
    const query = { limit, offset: start + offset };
    const page = await listPage(operation, query);
    if (same(pageIds(operation, page), expected)) return view;
    const again = await viewAt();
    if (same(pageIds(operation, again), viewIds)) {
      const reread = await listPage(operation, query);
      if (same(pageIds(operation, reread), pageIds(operation, page))) {
        const field = identityField(operation);
        throw new ContractViolation(
          reread,
          `the page limit=${limit}, offset=${start + offset}: ${field}s ${expected.join(', ') || 'none'} (items ${offset} to ${offset + limit - 1} of the page of ${PAGE} from offset ${start}, read just before and after)`,
          [`${field}s ${pageIds(operation, reread).join(', ') || 'none'} came back`],
        );
      }
    }
    view = again;
  }
  throw listKeptChanging(operation.operationId, TRIES + 2);
}

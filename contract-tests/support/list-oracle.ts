// What a page of a list must be, given the query that asked for it: only items that match
// every filter (by the contract's semantics), in the contract's order, as many as the page
// holds (X-Total-Count less the offset, at most the limit, its default when not given), and
// next/prev links where they exist.
import { CHECKING_PET_STORE_DRAFT, type SpecOperation } from './contract-spec.js';
import type { Exchange } from './exchange.js';
import { filterRules, type Item, identityField, pageDefault } from './list-semantics.js';
import { ownField } from './own-fields.js';

const RELATION = /<[^>]*>\s*;\s*rel="?([a-z-]+)"?/g;

/** Whether `next` comes after `previous` in ascending order: numbers by value, text (a UUID) by its characters. */
function ascending(previous: unknown, next: unknown): boolean {
  if (typeof previous === 'number' && typeof next === 'number') return next > previous;
  if (typeof previous === 'string' && typeof next === 'string') return next > previous;
  return false;
}

export function listProblems(operation: SpecOperation, query: Record<string, unknown>, exchange: Exchange): string[] {
  if (exchange.status !== 200 || !Array.isArray(exchange.body)) return [];
  const items = exchange.body as Item[];
  const problems: string[] = [];
  for (const rule of filterRules(operation)) {
    const value = ownField(query, rule.parameter);
    if (value === undefined) continue;
    const strays = items.filter((item) => !rule.matches(item, String(value)));
    if (strays.length > 0) {
      problems.push(
        `${strays.length} item(s) do not match ${rule.parameter}=${String(value)} (${rule.meaning}), e.g. ${JSON.stringify(strays[0])}`,
      );
    }
  }
  const identity = identityField(operation);
  const ids = items.map((item) => ownField(item, identity));
  // The Pet Store promises its lists in ascending order of id; another API's contract says no order.
  if (CHECKING_PET_STORE_DRAFT && ids.some((id, index) => index > 0 && !ascending(ids[index - 1], id))) {
    problems.push(
      `the items are not in ascending order of ${identity}: ${ids.map((id) => JSON.stringify(id)).join(', ')}`,
    );
  }
  const limit = Number(query.limit ?? pageDefault(operation, 'limit'));
  const offset = Number(query.offset ?? pageDefault(operation, 'offset'));
  const totalHeader = exchange.headers['x-total-count'];
  // A page before the start or of no size, where the schema allows one: no more than it holds.
  const beyond = offset < 0 || limit < 1;
  if (!beyond && totalHeader !== undefined && /^\d+$/.test(totalHeader)) {
    const total = Number(totalHeader);
    const expected = Math.max(0, Math.min(limit, total - offset));
    if (items.length !== expected) {
      problems.push(
        `${items.length} item(s) on the page; with X-Total-Count ${total}, offset ${offset}${query.offset === undefined ? ' (its default)' : ''} and limit ${limit}${query.limit === undefined ? ' (its default)' : ''} it holds ${expected}`,
      );
    }
    const link = exchange.headers.link;
    if (link !== undefined) {
      const relations = new Set([...link.matchAll(RELATION)].map((match) => match[1]));
      if (relations.has('next') !== offset + limit < total)
        problems.push(`Link ${relations.has('next') ? 'has' : 'lacks'} rel="next" at offset ${offset} of ${total}`);
      if (relations.has('prev') !== offset > 0)
        problems.push(`Link ${relations.has('prev') ? 'has' : 'lacks'} rel="prev" at offset ${offset}`);
    }
  } else if (items.length > Math.max(0, limit)) {
    problems.push(`${items.length} items on a page of at most ${limit}`);
  }
  return problems;
}

// What a page of a list must be, given the query that asked for it: only items that match
// every filter (by the contract's semantics), in the contract's order, as many as the page
// holds (X-Total-Count less the offset, at most the limit, its default when not given), and
// next/prev links where they exist.

import {
  CURSOR_AFTER,
  CURSOR_BEFORE,
  CURSOR_TOKEN,
  firstPageNumber,
  OFFSET,
  PAGE_NUMBER,
  PAGE_SIZE,
} from '../../src/openapi/page-parameters.js';
import { schemaOf } from '../generation/json-schema.js';
import { CHECKING_PET_STORE_DRAFT, type SpecOperation } from './contract-spec.js';
import type { Exchange } from './exchange.js';
import { declaredPageDefault, filterRules, type Item, identityField } from './list-semantics.js';
import { ownField } from './own-fields.js';

const RELATION = /<[^>]*>\s*;\s*rel="?([a-z-]+)"?/g;

/** Whether `next` comes after `previous` in ascending order: numbers by value, text (a UUID) by its characters. */
function ascending(previous: unknown, next: unknown): boolean {
  if (typeof previous === 'number' && typeof next === 'number') return next > previous;
  if (typeof previous === 'string' && typeof next === 'string') return next > previous;
  return false;
}

type QueryParameter = { in?: string; name: string; schema?: unknown };

/**
 * The page a query asks for, by the names its operation pages by (page-parameters.ts: limit and
 * offset, a page number and a size such as Harbor's page and page_size), each given or its
 * default; its offset undefined where a cursor or an unsized page number leaves it unknown.
 */
function pageAsked(
  operation: SpecOperation,
  query: Record<string, unknown>,
): { limit: number; offset: number | undefined; said: string } {
  const parameters = (operation.parameters as QueryParameter[]).filter((parameter) => parameter.in === 'query');
  const names = parameters.map((parameter) => parameter.name);
  const schemaNamed = (name: string) => schemaOf(parameters.find((one) => one.name === name)?.schema);
  const asked = (name: string, fallback: number) => {
    const given = ownField(query, name);
    return { value: given === undefined ? (declaredPageDefault(operation, name) ?? fallback) : Number(given), given };
  };
  const told = (name: string, { value, given }: { value: number; given: unknown }) =>
    `${name} ${value}${given === undefined ? ' (its default)' : ''}`;
  const sizeName = names.find((name) => PAGE_SIZE.test(name)) ?? 'limit';
  const size = asked(sizeName, Number.POSITIVE_INFINITY);
  const pageName = names.find((name) => PAGE_NUMBER.test(name));
  const offsetName = names.find((name) => OFFSET.test(name)) ?? (pageName ? undefined : 'offset');
  // A text offset is a cursor the server made (Asana's), and so is any cursor given: where the
  // page starts is not told, only how many it may hold.
  const cursorGiven = names.some(
    (name) =>
      ownField(query, name) !== undefined &&
      (CURSOR_AFTER.test(name) || CURSOR_BEFORE.test(name) || (CURSOR_TOKEN.test(name) && name !== offsetName)),
  );
  if (cursorGiven || (offsetName !== undefined && schemaNamed(offsetName).type === 'string'))
    return { limit: size.value, offset: undefined, said: told(sizeName, size) };
  if (offsetName !== undefined) {
    const offset = asked(offsetName, 0);
    return { limit: size.value, offset: offset.value, said: `${told(offsetName, offset)} and ${told(sizeName, size)}` };
  }
  const first = firstPageNumber(schemaNamed(pageName as string));
  const number = asked(pageName as string, first);
  const said = `${told(pageName as string, number)} and ${told(sizeName, size)}`;
  if (number.value === first) return { limit: size.value, offset: 0, said };
  const offset = Number.isFinite(size.value) ? (number.value - first) * size.value : undefined;
  return { limit: size.value, offset, said };
}

export function listProblems(operation: SpecOperation, query: Record<string, unknown>, exchange: Exchange): string[] {
  if (exchange.status !== 200 || !Array.isArray(exchange.body)) return [];
  const items = exchange.body as Item[];
  const problems: string[] = [];
  for (const rule of filterRules(operation)) {
    const value = ownField(query, rule.parameter);
    if (value === undefined) continue;
    // Values asked together (`status=available&status=sold`) keep the items of any of them.
    const asked = Array.isArray(value) ? value.map(String) : [String(value)];
    const strays = items.filter((item) => !asked.some((one) => rule.matches(item, one)));
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
  const page = pageAsked(operation, query);
  const { limit, offset } = page;
  const totalHeader = exchange.headers['x-total-count'];
  // A page before the start or of no size, where the schema allows one, or one whose start is not
  // told (a cursor's): no more than it holds.
  if (offset !== undefined && offset >= 0 && limit >= 1 && totalHeader !== undefined && /^\d+$/.test(totalHeader)) {
    const total = Number(totalHeader);
    const expected = Math.max(0, Math.min(limit, total - offset));
    if (items.length !== expected) {
      problems.push(
        `${items.length} item(s) on the page; with X-Total-Count ${total}, ${page.said} it holds ${expected}`,
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

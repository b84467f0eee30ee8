// What a list's X-Total-Count and Link relations say, followed where they lead: the total is the
// number of items paging reaches, and each relation of a page (first, prev, next, last) opens the
// page it names. A list that a filter keeps to the suite's items is judged against one read of
// the whole. A list others write to meanwhile (the inventory) is judged with the run's own writes
// held still, on answers that agree with each other (the same X-Total-Count), and a finding
// counts as a fault only when it is found the same way three times.
import type { Exchange } from './exchange.js';
import { ownField } from './own-fields.js';
import { pathUnderBase } from './read-back.js';
import { alone, WRITES } from './run-locks.js';
import { listKeptChanging } from './shared-list.js';
import { call, requireEqual } from './steps.js';
import { ContractViolation } from './violation.js';

type Item = Record<string, unknown>;
/** A list, how to read it, and whether it is shared (no filter keeps it to the suite's items). */
export type ListCase = { operationId: string; path: () => string; identity: string; shared?: boolean };

const PAGE = 2;
const RELATION = /<([^>]*)>\s*;\s*rel="?([a-z-]+)"?/g;
/** Tries at a shared list, and the findings alike among them that make a fault. */
const TRIES = 6;
const STRIKES = 3;
const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;
const totalOf = (exchange: Exchange) => Number(exchange.headers['x-total-count']);

/** Every item of a list, read in pages of 100 (bounded), with the first page's answer and each page's total. */
export async function readWhole(list: ListCase): Promise<{ ids: unknown[]; first: Exchange; totals: number[] }> {
  const ids: unknown[] = [];
  const totals: number[] = [];
  let first: Exchange | undefined;
  for (let offset = 0; offset < 5_000; offset += 100) {
    const page = await call(list.operationId, withQuery(list.path(), `limit=100&offset=${offset}`), undefined, [200]);
    first ??= page;
    totals.push(totalOf(page));
    const items = page.body as Item[];
    for (const item of items) ids.push(ownField(item, list.identity));
    if (items.length < 100) break;
  }
  return { ids, first: first as Exchange, totals };
}

/** The page of the list a Link relation leads to: where it must start, given the page it was on. */
function startOf(relation: string, offset: number, total: number): number | undefined {
  if (relation === 'first') return 0;
  if (relation === 'next') return offset + PAGE;
  if (relation === 'prev') return Math.max(0, offset - PAGE);
  // The last page: the one that holds the last item (however many before it share the page).
  if (relation === 'last') return total === 0 ? 0 : Math.max(0, total - PAGE);
  return undefined;
}

/** The page at offset 2 and its Link relations, each with the path it opens (under the base URL, or a fault). */
async function relationsOf(
  list: ListCase,
): Promise<{ page: Exchange; links: Array<{ relation: string; path: string }> }> {
  const page = await call(list.operationId, withQuery(list.path(), `limit=${PAGE}&offset=${PAGE}`), undefined, [200]);
  const links: Array<{ relation: string; path: string }> = [];
  for (const [, target = '', relation = ''] of (page.headers.link ?? '').matchAll(RELATION)) {
    if (startOf(relation, PAGE, totalOf(page)) === undefined) continue;
    const path = pathUnderBase(target);
    if (path === undefined)
      throw new ContractViolation(page, `Link rel="${relation}" to a page of this list under the base URL`, [
        `Link rel="${relation}" points at ${target}`,
      ]);
    links.push({ relation, path });
  }
  return { page, links };
}

/** Whether a last page holds what one may: 1 to PAGE items, or none of an empty list (any it holds is then judged by the list). */
export const lastPageShaped = (count: number, total: number) => (total === 0 ? true : count > 0 && count <= PAGE);

const idsOf = (list: ListCase, exchange: Exchange) =>
  (exchange.body as Item[]).map((item) => ownField(item, list.identity));

/** X-Total-Count is what paging reaches, and each Link relation of the page at offset 2 opens the page it names. */
export async function requireLinksMean(list: ListCase, whole: { ids: unknown[]; first: Exchange }): Promise<void> {
  const total = totalOf(whole.first);
  requireEqual(whole.first, `X-Total-Count: the number of items read page by page`, total, whole.ids.length);
  const { links } = await relationsOf(list);
  for (const { relation, path } of links) {
    const start = startOf(relation, PAGE, total) as number;
    const opened = await call(list.operationId, path, undefined, [200]);
    const ids = idsOf(list, opened);
    if (relation === 'last') {
      requireEqual(
        opened,
        total === 0
          ? 'the page Link rel="last" names, of an empty list: no item'
          : `the page Link rel="last" names, of ${total} items at ${PAGE} a page: the last ${Math.min(ids.length, PAGE) || 1} item(s) of the same list`,
        lastPageShaped(ids.length, total) ? ids : [`(a page of 1 to ${PAGE} items)`],
        total === 0 ? [] : whole.ids.slice(total - ids.length),
      );
      continue;
    }
    requireEqual(
      opened,
      `the page Link rel="${relation}" names, from offset ${PAGE} and limit ${PAGE} of ${total}: items ${start} to ${start + PAGE - 1} of the same list`,
      ids,
      whole.ids.slice(start, start + PAGE),
    );
  }
}

/** The same on a list others write to meanwhile: each finding made on answers that agree, three times over. */
export async function requireSharedLinksMean(list: ListCase): Promise<void> {
  await alone(WRITES, async () => {
    await strikes(list, async () => {
      const whole = await readWhole(list);
      if (whole.totals.some((total) => total !== whole.totals[0])) return 'changed';
      if (whole.ids.length === whole.totals[0]) return 'holds';
      return () => requireLinksMean(list, whole);
    });
    const { links } = await relationsOf(list);
    for (const { relation } of links) {
      await strikes(list, async () => {
        const { page, links: now } = await relationsOf(list);
        const link = now.find((candidate) => candidate.relation === relation);
        if (!link) return 'changed';
        const opened = await call(list.operationId, link.path, undefined, [200]);
        const ids = idsOf(list, opened);
        // What the link names, read straight after it: the page at the offset the relation means.
        const start =
          relation === 'last' ? totalOf(opened) - ids.length : (startOf(relation, PAGE, totalOf(page)) as number);
        const direct = await call(
          list.operationId,
          withQuery(list.path(), `limit=${PAGE}&offset=${Math.max(0, start)}`),
          undefined,
          [200],
        );
        if (totalOf(page) !== totalOf(opened) || totalOf(opened) !== totalOf(direct)) return 'changed';
        const lastShape = relation !== 'last' || lastPageShaped(ids.length, totalOf(opened));
        if (lastShape && JSON.stringify(ids) === JSON.stringify(idsOf(list, direct))) return 'holds';
        return () =>
          requireEqual(
            opened,
            `the page Link rel="${relation}" names, from offset ${PAGE} and limit ${PAGE} of ${totalOf(page)}: the items read at offset ${start}, limit ${PAGE} just after`,
            lastShape ? ids : [`(a page of 1 to ${PAGE} items)`],
            idsOf(list, direct),
          );
      });
    }
  });
}

type Finding = 'holds' | 'changed' | (() => unknown);

/**
 * Tries `look` until what it judges holds; a finding on answers that agree is a fault when met
 * STRIKES times; answers that keep disagreeing (the list changing) skip the check, saying so.
 */
async function strikes(list: ListCase, look: () => Promise<Finding>): Promise<void> {
  let found = 0;
  for (let attempt = 0; attempt < TRIES; attempt += 1) {
    const finding = await look();
    if (finding === 'holds') return;
    if (finding === 'changed') continue;
    found += 1;
    if (found >= STRIKES) {
      await finding();
      return;
    }
  }
  throw listKeptChanging(list.operationId, TRIES);
}

// Every filter and page parameter of every list, checked against items the suite made, by the
// semantics the contract's descriptions give them (list-semantics.ts): each filter at its edges
// (every enum value, both cases of a text, one character, the longest text, a range's bound
// exactly and a millisecond either side, an id that names nothing) and in the middle; pages at
// the first, middle, last and past-the-end offsets with limits of 1, the whole and more. The
// suite's items are kept apart by a filter that scopes them (their category, their pet, a name
// token), or judged where the list's order puts them (shared-list.ts).
import { beforeChecks, eachCheck, kindOfChecks } from '../support/checks.js';
import { declaredHeaders, type SpecOperation } from '../support/contract-spec.js';
import type { Exchange } from '../support/exchange.js';
import { createListData, type ListData, type ListScope } from '../support/list-data.js';
import { filterRules, type Item, identityField, isList } from '../support/list-semantics.js';
import { selectedOperations } from '../support/operations.js';
import { CheckSkipped } from '../support/scheduler.js';
import {
  idsOf,
  largestLimit,
  listPage,
  PAGE,
  pagesByLimitAndOffset,
  type Query,
  requireOwnFiltered,
  requireStillPages,
} from '../support/shared-list.js';
import { ContractViolation } from '../support/violation.js';

/** The page holds exactly `expected` (and, for the suite's own scope, X-Total-Count says how many match). */
function requireItems(
  operation: SpecOperation,
  exchange: Exchange,
  expected: number[],
  expectedTotal: number | undefined,
  what: string,
): void {
  const got = idsOf(operation, exchange.body as Item[]);
  const total = Number(exchange.headers['x-total-count']);
  const problems: string[] = [];
  const field = identityField(operation);
  if (JSON.stringify(got) !== JSON.stringify(expected))
    problems.push(`${field}s ${got.join(', ') || 'none'} came back`);
  if (expectedTotal !== undefined && declaresTotal(operation) && total !== expectedTotal)
    problems.push(`X-Total-Count is ${total}, expected ${expectedTotal}`);
  if (problems.length > 0)
    throw new ContractViolation(exchange, `${what}: ${field}s ${expected.join(', ') || 'none'}`, problems);
}

/** Whether the list's answer declares X-Total-Count (a draft's list may not). */
const declaresTotal = (operation: SpecOperation) =>
  declaredHeaders(operation, '200').some((header) => header.name.toLowerCase() === 'x-total-count');

const scoped = (scope: ListScope) => Object.keys(scope.query).length > 0 || scope.path !== undefined;

/** The suite's items that `filters` keep are exactly those listed (and no others, when a filter keeps the list to them). */
async function requireFiltered(
  operation: SpecOperation,
  scope: ListScope,
  filters: Query,
  expected: number[],
  what: string,
): Promise<void> {
  if (scoped(scope)) {
    const exchange = await listPage(
      operation,
      { ...scope.query, ...filters, ...largestLimit(operation, PAGE) },
      scope.path,
    );
    requireItems(operation, exchange, expected, expected.length, what);
    return;
  }
  // Other items share the list, others may write it meanwhile: the suite's own are judged where they stand.
  await requireOwnFiltered(operation, idsOf(operation, scope.items), filters, expected, what);
}

/**
 * The largest page the check asks a list for: 100, or less where its `limit` says so. A list
 * that pages otherwise (by page number, or not at all) is left out, saying why.
 */
function largestPage(operation: SpecOperation): number {
  const query = new Map(
    operation.parameters
      .filter((parameter) => parameter.in === 'query')
      .map((parameter) => [parameter.name, parameter]),
  );
  const limit = query.get('limit');
  if (!limit || !pagesByLimitAndOffset(operation)) {
    const named = ['page', 'per_page', 'size', 'cursor'].filter((name) => query.has(name));
    throw new CheckSkipped(
      `${operation.operationId} names its pages ${named.length > 0 ? `by ${named.join(' and ')}` : 'otherwise'}, not by limit and offset, which this check reads`,
    );
  }
  return Math.min(PAGE, Number(limit.schema?.maximum ?? PAGE));
}

kindOfChecks('lists', 'lists: filters and pages on data the suite made', () => {
  let data: ListData;
  beforeChecks(async () => {
    data = await createListData();
  }, 30);

  const scopeOf = (operation: SpecOperation): ListScope => {
    const scope = data.scopes[operation.operationId];
    if (!scope)
      throw new CheckSkipped(
        `the suite makes no items for ${operation.operationId} (the contract has no create for its records), so it cannot check its filters`,
      );
    if (scope.skipped !== undefined) throw new CheckSkipped(scope.skipped);
    return scope;
  };
  const lists = selectedOperations().filter(isList);

  eachCheck(
    lists.flatMap((operation) =>
      filterRules(operation).map(
        (rule) =>
          [
            `${operation.operationId}: ${rule.parameter} keeps exactly the items with ${rule.meaning}`,
            operation,
            rule,
          ] as const,
      ),
    ),
    '%s',
    async (_name, operation, rule) => {
      const scope = scopeOf(operation);
      const probes = scope.probes(rule.parameter);
      if (probes.length === 0)
        throw new CheckSkipped(`the suite has no values to try of ${rule.parameter} on the items it made`);
      for (const probe of probes) {
        const expected = idsOf(
          operation,
          scope.items.filter((item) => rule.matches(item, probe.value)),
        );
        const what = `${rule.parameter}=${probe.value} (${probe.why}) keeps the suite's items with ${rule.meaning}`;
        await requireFiltered(operation, scope, { [rule.parameter]: probe.value }, expected, what);
      }
    },
  );

  // Filters combine with AND (spec/README.md, "Lists"): every pair, with two probes of each.
  eachCheck(
    lists
      .filter((operation) => filterRules(operation).length >= 2)
      .map(
        (operation) =>
          [
            `${operation.operationId}: filters given together keep exactly the items that match them all`,
            operation,
          ] as const,
      ),
    '%s',
    async (_name, operation) => {
      const scope = scopeOf(operation);
      const rules = filterRules(operation).filter((rule) => scope.probes(rule.parameter).length > 0);
      if (rules.length < 2)
        throw new CheckSkipped('the suite has values to try of fewer than two of its filters on the items it made');
      for (const [index, first] of rules.entries()) {
        for (const second of rules.slice(index + 1)) {
          for (const a of scope.probes(first.parameter).slice(0, 2)) {
            for (const b of scope.probes(second.parameter).slice(0, 2)) {
              const expected = idsOf(
                operation,
                scope.items.filter((item) => first.matches(item, a.value) && second.matches(item, b.value)),
              );
              const what = `${first.parameter}=${a.value} with ${second.parameter}=${b.value} keeps the suite's items with ${first.meaning} and ${second.meaning}`;
              await requireFiltered(
                operation,
                scope,
                { [first.parameter]: a.value, [second.parameter]: b.value },
                expected,
                what,
              );
            }
          }
        }
      }
    },
    { estimate: () => 24 },
  );

  eachCheck(
    lists.map(
      (operation) =>
        [
          `${operation.operationId}: limit and offset give the pages of the items, at the edges and in the middle`,
          operation,
        ] as const,
    ),
    '%s',
    async (_name, operation) => {
      const largest = largestPage(operation);
      const scope = scopeOf(operation);
      const all = idsOf(operation, scope.items);
      const count = all.length;
      const distinct = (values: number[]) => values.filter((value, index) => values.indexOf(value) === index);
      const limits = distinct([1, 2, count - 1, count, count + 1, largest]).filter(
        (limit) => limit >= 1 && limit <= largest,
      );
      const offsets = distinct([0, 1, Math.floor(count / 2), count - 1, count, count + 1]).filter(
        (offset) => offset >= 0,
      );
      if (!scoped(scope)) {
        if (largest < PAGE)
          throw new CheckSkipped(`its limit is at most ${largest}, and a shared list is read in pages of ${PAGE}`);
        // Shared with other items and writers: the pages from the suite's first item, against a still view.
        await requireStillPages(operation, all, limits, offsets);
      } else {
        for (const limit of limits) {
          for (const offset of offsets) {
            const exchange = await listPage(operation, { ...scope.query, limit, offset }, scope.path);
            requireItems(
              operation,
              exchange,
              all.slice(offset, offset + limit),
              count,
              `the page limit=${limit}, offset=${offset}`,
            );
          }
        }
      }
      const far = await listPage(operation, { ...scope.query, limit: largest, offset: 1_000_000_000 }, scope.path);
      requireItems(
        operation,
        far,
        [],
        scoped(scope) ? count : undefined,
        'the page at offset 1000000000, past the end',
      );
    },
    { estimate: () => 40 },
  );
});

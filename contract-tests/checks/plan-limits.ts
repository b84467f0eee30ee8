// Limits as the contract states them (x-rate-limits): a key of a known plan (--plan-key) shows
// its plan's per-minute figure; two keys of one plan count in windows of their own; requests
// without a valid key are 401 however many came before, never limited as if they were a key's.
import { check, kindOfChecks, skippedCheck } from '../support/checks.js';
import { expectConforms, rateLimitHeaderProblems } from '../support/conformance.js';
import { type Exchange, send } from '../support/exchange.js';
import { madeUpKey, planKeys, type SentKey } from '../support/keys.js';
import { planFigures, plansWithFigures } from '../support/plan-figures.js';
import { probeOperation } from '../support/probe-operation.js';
import { ContractViolation, requireNoProblems } from '../support/violation.js';

const PROBE = probeOperation();

const probe = (key: SentKey | null) =>
  send({
    operationId: PROBE.operationId,
    method: 'GET',
    path: `${PROBE.path}?limit=1`,
    retryWhenLimited: false,
    key,
  });

const header = (exchange: Exchange, name: string) => Number(exchange.headers[name.toLowerCase()]);
const sameWindow = (before: Exchange, after: Exchange) =>
  header(before, 'X-RateLimit-Reset') === header(after, 'X-RateLimit-Reset') &&
  header(before, 'X-RateLimit-Limit') === header(after, 'X-RateLimit-Limit');

kindOfChecks('rate-limits', "limits as the contract's plans state them", () => {
  const name = (rule: string) => `${PROBE.operationId}: ${rule}`;
  const keys = planKeys();

  for (const { plan, key } of keys) {
    const figures = planFigures(plan);
    if (!figures) continue;
    check(
      PROBE.operationId,
      name(
        `X-RateLimit-Limit of a ${plan} key (${key.shownAs}) is the plan's ${figures.perMinute} a minute (x-rate-limits)`,
      ),
      async () => {
        const exchange = await probe(key);
        expectConforms(PROBE, exchange, { statuses: [200] });
        requireNoProblems(exchange, 'well-formed X-RateLimit-* headers', rateLimitHeaderProblems(exchange));
        const limit = header(exchange, 'X-RateLimit-Limit');
        // The headers describe the window with fewer requests remaining: the day's only once it
        // has fewer left than a whole minute holds (x-rate-limits.headersDescribe).
        const dayShown = limit === figures.perDay && header(exchange, 'X-RateLimit-Remaining') < figures.perMinute;
        if (limit !== figures.perMinute && !dayShown) {
          throw new ContractViolation(
            exchange,
            `X-RateLimit-Limit ${figures.perMinute}, the ${plan} plan's per-minute limit (or its ${figures.perDay} a day once fewer than a minute's remain)`,
            [`X-RateLimit-Limit is ${exchange.headers['x-ratelimit-limit']} for a ${plan} key`],
          );
        }
      },
    );
  }

  const byPlan = new Map<string, SentKey[]>();
  for (const { plan, key } of keys) byPlan.set(plan, [...(byPlan.get(plan) ?? []), key]);
  const pairs = [...byPlan.entries()].filter(([, ofPlan]) => ofPlan.length >= 2);
  if (pairs.length === 0) {
    skippedCheck(name('two keys of one plan count in separate windows'), 'needs two --plan-key of one plan');
  }
  for (const [plan, [first, second]] of pairs) {
    if (!first || !second) continue;
    check(PROBE.operationId, name(`two ${plan} keys count in separate windows`), async () => {
      // Bounded: a window that ends between the reads is read again, twice at most.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const before = await probe(second);
        for (let sent = 0; sent < 3; sent += 1) await probe(first);
        const after = await probe(second);
        if (!sameWindow(before, after)) continue;
        const expected = header(before, 'X-RateLimit-Remaining') - 1;
        if (header(after, 'X-RateLimit-Remaining') !== expected) {
          throw new ContractViolation(
            after,
            `X-RateLimit-Remaining ${expected} for ${second.shownAs}: one request of its own since it said ${header(before, 'X-RateLimit-Remaining')}, three of ${first.shownAs} counted elsewhere`,
            [`X-RateLimit-Remaining is ${after.headers['x-ratelimit-remaining']}`],
          );
        }
        return;
      }
      throw new Error('Three reads in a row straddled a window boundary; run the check again.');
    });
  }

  // More than the smallest per-minute limit of any plan: an implementation that limits before
  // it authenticates answers 429 somewhere in here.
  const smallest = Math.min(
    ...plansWithFigures().map((plan) => planFigures(plan)?.perMinute ?? Number.POSITIVE_INFINITY),
  );
  const count = Number.isFinite(smallest) ? smallest + 5 : 65;
  check(
    PROBE.operationId,
    name(`${count} requests without a valid key are each 401, however many came before`),
    async () => {
      for (let sent = 0; sent < count; sent += 1) {
        const exchange = await probe(sent % 2 === 0 ? null : madeUpKey(`contract-unknown-${sent}`));
        expectConforms(PROBE, exchange, {
          statuses: [401],
          description: `request ${sent + 1} of ${count} without a valid key refused as unauthenticated`,
        });
      }
    },
  );
});

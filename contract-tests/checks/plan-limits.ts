// Limits as the contract states them (x-rate-limits): a key of a known plan (--plan-key) shows
// its plan's per-minute figure on every answer, a 429 too (a key in use elsewhere may be
// limited); two keys of one plan count in windows of their own; requests without a valid key
// are 401 however many came before, never limited as if they were a key's.
import { check, kindOfChecks, skippedCheck } from '../support/checks.js';
import { expectConforms, rateLimitHeaderProblems } from '../support/conformance.js';
import { type Exchange, send } from '../support/exchange.js';
import { keyId, madeUpKey, planKeys, type SentKey } from '../support/keys.js';
import { isBan } from '../support/limit-drive.js';
import { planFigures, plansWithFigures } from '../support/plan-figures.js';
import { pathOfSmallestPage, probeOperation } from '../support/probe-operation.js';
import { requireCounted } from '../support/request-count.js';
import { CheckSkipped } from '../support/scheduler.js';
import { ContractViolation, requireNoProblems } from '../support/violation.js';

const PROBE = probeOperation();
const PROBE_PATH = pathOfSmallestPage(PROBE);

const probe = (key: SentKey | null) =>
  send({
    operationId: PROBE.operationId,
    method: 'GET',
    path: PROBE_PATH,
    retryWhenLimited: false,
    key,
  });

const header = (exchange: Exchange, name: string) => Number(exchange.headers[name.toLowerCase()]);

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
        if (isBan(exchange)) {
          throw new CheckSkipped(
            `${key.shownAs} is banned (${exchange.status}, Retry-After ${exchange.headers['retry-after'] ?? 'not given'}), by an earlier run or another client: run again once the ban is over, or give another key of the plan`,
          );
        }
        // Every answer carries the key's limit headers: a 429 (the key limited by its other uses) as well.
        expectConforms(PROBE, exchange, { statuses: [200, 429] });
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
      { uses: [key] },
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
    const rule = name(`two ${plan} keys count in separate windows`);
    if (first.value === second.value) {
      skippedCheck(
        rule,
        `needs two different ${plan} keys: ${first.shownAs} and ${second.shownAs} are one key; give another with --plan-key ${plan}=KEY`,
      );
      continue;
    }
    check(
      PROBE.operationId,
      rule,
      () =>
        // Three of the first key's requests between two reads of the second: the second counts its own only.
        requireCounted({
          key: keyId(second),
          shownAs: second.shownAs,
          read: () => probe(second),
          step: async () => {
            for (let sent = 0; sent < 2; sent += 1) await probe(first);
            return probe(first);
          },
          expected: 1,
          fault: ({ before, after }) =>
            new ContractViolation(
              after,
              `X-RateLimit-Remaining ${header(before, 'X-RateLimit-Remaining') - 1} for ${second.shownAs}: one request of its own since it said ${header(before, 'X-RateLimit-Remaining')}, three of ${first.shownAs} counted elsewhere`,
              [`X-RateLimit-Remaining is ${after.headers['x-ratelimit-remaining']}`],
            ),
        }),
      { uses: [first, second], estimate: () => 9 },
    );
  }

  // More than the smallest per-minute limit of any plan: an implementation that limits before
  // it authenticates answers 429 somewhere in here.
  const smallest = plansWithFigures().reduce(
    (least, plan) => Math.min(least, planFigures(plan)?.perMinute ?? Number.POSITIVE_INFINITY),
    Number.POSITIVE_INFINITY,
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
    { uses: null, estimate: () => count },
  );
});

// Limits as the contract states them (x-rate-limits): a key of a known plan (--plan-key) shows
// its plan's per-minute figure on every answer, a 429 too (a key in use elsewhere may be
// limited); two keys of one plan count in windows of their own; requests without a valid key
// are 401 however many came before, never limited as if they were a key's. A contract that
// states no plans, or whose headers tell no limit, is held to none of it.
import { check, kindOfChecks, skippedCheck } from '../support/checks.js';
import { expectConforms, rateLimitHeaderProblems } from '../support/conformance.js';
import { CONTRACT, modelOf } from '../support/contract-model.js';
import { send } from '../support/exchange.js';
import { keyId, madeUpKey, planKeys, type SentKey } from '../support/keys.js';
import { isBan } from '../support/limit-drive.js';
import {
  COUNTS_REQUESTS,
  LIMIT_DIALECT,
  LIMIT_HEADERS_SHOWN,
  LIMIT_NAME,
  limitSaid,
  limitValue,
  NO_COUNT_REASON,
  TELLS_LIMIT,
} from '../support/limit-window.js';
import { planFigures, plansWithFigures } from '../support/plan-figures.js';
import { foundProbe, probeOperation, probePath } from '../support/probe-operation.js';
import { requireCounted } from '../support/request-count.js';
import { CheckSkipped } from '../support/scheduler.js';
import { ContractViolation, requireNoProblems } from '../support/violation.js';

const probe = (key: SentKey | null) =>
  send({
    operationId: probeOperation().operationId,
    method: 'GET',
    path: probePath(),
    retryWhenLimited: false,
    key,
  });

kindOfChecks('rate-limits', "limits as the contract's plans state them", () => {
  // Without a read to send, rate-limits.ts says why no limit is checked.
  if (!foundProbe()) return;
  const name = (rule: string) => `${probeOperation().operationId}: ${rule}`;
  // Plans are held to only where the contract states them, and its headers tell a window's limit.
  const plans = TELLS_LIMIT && plansWithFigures().length > 0;
  const keys = plans ? planKeys() : [];

  for (const { plan, key } of keys) {
    const figures = planFigures(plan);
    if (!figures) continue;
    check(
      probeOperation().operationId,
      name(
        `${LIMIT_NAME.limit} of a ${plan} key (${key.shownAs}) is the plan's ${figures.perMinute} a minute (x-rate-limits)`,
      ),
      async () => {
        const exchange = await probe(key);
        if (isBan(exchange)) {
          throw new CheckSkipped(
            `${key.shownAs} is banned (${exchange.status}, Retry-After ${exchange.headers['retry-after'] ?? 'not given'}), by an earlier run or another client: run again once the ban is over, or give another key of the plan`,
          );
        }
        // Every answer carries the key's limit headers: a 429 (the key limited by its other uses) as well.
        expectConforms(probeOperation(), exchange, { statuses: [200, 429] });
        requireNoProblems(
          exchange,
          `well-formed ${LIMIT_HEADERS_SHOWN} headers`,
          rateLimitHeaderProblems(exchange, probeOperation()),
        );
        const limit = limitValue(exchange, 'limit');
        // The headers describe the window with fewer requests remaining: the day's only once it
        // has fewer left than a whole minute holds (x-rate-limits.headersDescribe).
        const dayShown = limit === figures.perDay && limitValue(exchange, 'remaining') < figures.perMinute;
        if (limit !== figures.perMinute && !dayShown) {
          throw new ContractViolation(
            exchange,
            `${LIMIT_NAME.limit} ${figures.perMinute}, the ${plan} plan's per-minute limit (or its ${figures.perDay} a day once fewer than a minute's remain)`,
            [`${LIMIT_NAME.limit} is ${limitSaid(exchange, 'limit')} for a ${plan} key`],
          );
        }
      },
      { uses: [key] },
    );
  }

  const byPlan = new Map<string, SentKey[]>();
  for (const { plan, key } of keys) byPlan.set(plan, [...(byPlan.get(plan) ?? []), key]);
  const pairs = [...byPlan.entries()].filter(([, ofPlan]) => ofPlan.length >= 2);
  if (pairs.length === 0 && plans && COUNTS_REQUESTS) {
    skippedCheck(name('two keys of one plan count in separate windows'), 'needs two --plan-key of one plan');
  }
  for (const [plan, [first, second]] of pairs) {
    if (!first || !second) continue;
    const rule = name(`two ${plan} keys count in separate windows`);
    if (!COUNTS_REQUESTS) {
      skippedCheck(rule, NO_COUNT_REASON);
      continue;
    }
    if (first.value === second.value) {
      skippedCheck(
        rule,
        `needs two different ${plan} keys: ${first.shownAs} and ${second.shownAs} are one key; give another with --plan-key ${plan}=KEY`,
      );
      continue;
    }
    check(
      probeOperation().operationId,
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
              `${LIMIT_NAME.remaining} ${limitValue(before, 'remaining') - 1} for ${second.shownAs}: one request of its own since it said ${limitValue(before, 'remaining')}, three of ${first.shownAs} counted elsewhere`,
              [`${LIMIT_NAME.remaining} is ${limitSaid(after, 'remaining')}`],
            ),
        }),
      { uses: [first, second], estimate: () => 9 },
    );
  }

  // Only where the probe asks for a credential, and the contract has a limit (its headers or its 429).
  const limited =
    LIMIT_DIALECT !== undefined || CONTRACT.operations.some((operation) => operation.responses.has('429'));
  if (modelOf(probeOperation())?.security.open !== false || !limited) return;
  // More than the smallest per-minute limit of any plan: an implementation that limits before
  // it authenticates answers 429 somewhere in here.
  const smallest = plansWithFigures().reduce(
    (least, plan) => Math.min(least, planFigures(plan)?.perMinute ?? Number.POSITIVE_INFINITY),
    Number.POSITIVE_INFINITY,
  );
  const count = Number.isFinite(smallest) ? smallest + 5 : 65;
  check(
    probeOperation().operationId,
    name(`${count} requests without a valid key are each 401, however many came before`),
    async () => {
      for (let sent = 0; sent < count; sent += 1) {
        const exchange = await probe(sent % 2 === 0 ? null : madeUpKey(`contract-unknown-${sent}`));
        expectConforms(probeOperation(), exchange, {
          statuses: [401],
          description: `request ${sent + 1} of ${count} without a valid key refused as unauthenticated`,
        });
      }
    },
    { uses: null, estimate: () => count },
  );
});

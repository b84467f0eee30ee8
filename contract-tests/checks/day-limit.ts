// The per-day window, read and reached: with a key whose day allows fewer requests than its minute
// (--day-limit-key), every answer describes the day (x-rate-limits.headersDescribe: the window
// with the fewest remaining), counts it down by one to 0, and the 429 that follows lasts until
// the day ends (midnight UTC), not the minute.
import { check, kindOfChecks, skippedCheck } from '../support/checks.js';
import { expectConforms, rateLimitHeaderProblems } from '../support/conformance.js';
import { type Exchange, send } from '../support/exchange.js';
import { dayLimitKey, planKeys, type SentKey } from '../support/keys.js';
import {
  COUNTS_REQUESTS,
  LIMIT_HEADERS_SHOWN,
  LIMIT_NAME,
  limitSaid,
  limitValue,
  NO_COUNT_REASON,
} from '../support/limit-window.js';
import { planFigures } from '../support/plan-figures.js';
import { foundProbe, probeOperation, probePath } from '../support/probe-operation.js';
import { contractTarget } from '../support/target.js';
import { clockNote, retryAfterSeconds, targetNow } from '../support/target-clock.js';
import { ContractViolation, requireNoProblems } from '../support/violation.js';

const DAY_SECONDS = 86_400;

// Driven to its day's end on purpose: sent without the pacing that would stop at its limit.
const probe = (key: SentKey) =>
  send({
    operationId: probeOperation().operationId,
    method: 'GET',
    path: probePath(),
    retryWhenLimited: false,
    pace: false,
    key,
  });

/** Problems of an answer that should describe the day's window. */
function dayWindowProblems(exchange: Exchange): string[] {
  const reset = limitValue(exchange, 'reset');
  if (reset % DAY_SECONDS === 0) return [];
  return [
    `${LIMIT_NAME.reset} is ${limitSaid(exchange, 'reset')} (${new Date(reset * 1000).toISOString()}), not the end of a UTC day: the headers describe another window than the day's, whose requests are fewer${clockNote(targetNow(exchange))} (unless this key's day allows more than its minute: then it is no --day-limit-key)`,
  ];
}

kindOfChecks('rate-limits', 'the per-day window, read and reached', () => {
  // Without a read to send, rate-limits.ts says why no limit is checked.
  if (!foundProbe()) return;
  const rule = `${probeOperation().operationId}: a key whose day allows fewer requests than its minute: ${LIMIT_HEADERS_SHOWN} describe the day, count down by one to 0, then 429 until the day ends`;
  const key = dayLimitKey();
  // A contract whose headers count nothing makes no promise of a day to read.
  if (!COUNTS_REQUESTS) {
    if (key) skippedCheck(rule, NO_COUNT_REASON);
    return;
  }
  if (!key) {
    skippedCheck(rule, 'needs --day-limit-key, a key whose per-day limit is below its per-minute one');
    return;
  }
  const limits = knownLimitsOf(key.value);
  if (limits && limits.perDay >= limits.perMinute) {
    skippedCheck(
      rule,
      `${key.shownAs} allows ${limits.perDay} requests a day and ${limits.perMinute} a minute (${limits.from}): its day is not below its minute; give a --day-limit-key whose day is (on a petstore-mock: serve --key contract-day:free:60:6)`,
    );
    return;
  }
  const maxRequests = contractTarget().maxRateLimitRequests ?? 2_000;
  check(
    probeOperation().operationId,
    rule,
    async () => {
      let previous: Exchange | undefined;
      for (let sent = 0; sent < maxRequests; sent += 1) {
        const exchange = await probe(key);
        if (exchange.status === 429) {
          expectConforms(probeOperation(), exchange, {
            statuses: [429],
            description: "a 429 once the day's limit is reached",
          });
          const problems = [...dayWindowProblems(exchange)];
          if (previous && limitValue(previous, 'remaining') !== 0)
            problems.push(
              `a 429 after an answer that said ${LIMIT_NAME.remaining} ${limitSaid(previous, 'remaining')}, not 0`,
            );
          const wait = retryAfterSeconds(exchange);
          const untilReset = limitValue(exchange, 'reset') - targetNow(exchange).ms / 1000;
          if (wait === undefined || Math.abs(wait - untilReset) > 2)
            problems.push(
              `Retry-After is ${exchange.headers['retry-after'] ?? 'missing'}, where the day ends in ${Math.round(untilReset)} s`,
            );
          requireNoProblems(exchange, 'a 429 that lasts until the day ends', problems);
          return;
        }
        expectConforms(probeOperation(), exchange, {
          statuses: [200],
          description: `request ${sent + 1} of a key whose day is not yet used up`,
        });
        const problems = [...rateLimitHeaderProblems(exchange, probeOperation()), ...dayWindowProblems(exchange)];
        const remaining = limitValue(exchange, 'remaining');
        if (previous && remaining !== limitValue(previous, 'remaining') - 1)
          problems.push(
            `${LIMIT_NAME.remaining} is ${remaining} after one more request, where the answer before said ${limitSaid(previous, 'remaining')}`,
          );
        requireNoProblems(exchange, `${LIMIT_HEADERS_SHOWN} of the day's window, one less per request`, problems);
        previous = exchange;
      }
      throw new ContractViolation(
        previous as Exchange,
        `a 429 within ${maxRequests} requests of a key whose day allows fewer than its minute`,
        [`${maxRequests} requests were answered; the per-day limit is not enforced`],
      );
    },
    { uses: [key], exhausts: { key, level: 'day' }, estimate: () => Math.min(limits?.perDay ?? 10, maxRequests) + 2 },
  );
});

/** The limits of a key as the run knows them: from a petstore-mock's state, or a --plan-key's plan. */
function knownLimitsOf(value: string): { perMinute: number; perDay: number; from: string } | undefined {
  const known = contractTarget().knownLimits?.[value];
  if (known) return { ...known, from: "as the mock's state says" };
  const plan = planKeys().find(({ key }) => key.value === value)?.plan;
  const figures = plan ? planFigures(plan) : undefined;
  return figures && plan ? { ...figures, from: `the ${plan} plan's, as --plan-key says` } : undefined;
}

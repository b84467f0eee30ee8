// Rate-limit behaviour: the headers fall as requests are made; with a key the suite may
// exhaust, its limit gives 429 with a well-formed Retry-After, and, if asked, the ban follows.
import { describe, test } from '@jest/globals';
import { expectConforms, rateLimitHeaderProblems } from '../support/conformance.js';
import { SPEC } from '../support/contract-spec.js';
import { type Exchange, send } from '../support/exchange.js';
import { isSelected, operationById } from '../support/operations.js';
import { contractTarget } from '../support/target.js';
import { ContractViolation, requireNoProblems } from '../support/violation.js';

const PROBE = operationById('listCategories');
const probe = (apiKey?: string) =>
  send({
    operationId: PROBE.operationId,
    method: 'GET',
    path: '/categories?limit=1',
    retryWhenLimited: false,
    ...(apiKey ? { apiKey } : {}),
  });
const header = (exchange: Exchange, name: string) => Number(exchange.headers[name.toLowerCase()]);

// RFC 9110 section 10.2.3: delta-seconds or an HTTP-date.
const RETRY_AFTER =
  /^(\d+|(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT)$/;

function retryAfterProblems(exchange: Exchange): string[] {
  const value = exchange.headers['retry-after'];
  if (value === undefined) return ['Retry-After is missing'];
  return RETRY_AFTER.test(value) ? [] : [`Retry-After "${value}" is neither delta-seconds nor an HTTP-date`];
}

const target = contractTarget();
const whenProbe = isSelected(PROBE.operationId) ? test : test.skip;

describe('rate-limit headers', () => {
  whenProbe('X-RateLimit-Remaining falls as requests are made, within one window', async () => {
    const answers: Exchange[] = [];
    for (let sent = 0; sent < 4; sent += 1) answers.push(await probe());
    for (const exchange of answers)
      requireNoProblems(exchange, 'well-formed X-RateLimit-* headers', rateLimitHeaderProblems(exchange));
    for (let index = 1; index < answers.length; index += 1) {
      const [before, after] = [answers[index - 1] as Exchange, answers[index] as Exchange];
      const sameWindow =
        header(before, 'X-RateLimit-Reset') === header(after, 'X-RateLimit-Reset') &&
        header(before, 'X-RateLimit-Limit') === header(after, 'X-RateLimit-Limit');
      if (
        sameWindow &&
        header(after, 'X-RateLimit-Remaining') >= header(before, 'X-RateLimit-Remaining') &&
        header(before, 'X-RateLimit-Remaining') > 0
      ) {
        throw new ContractViolation(
          after,
          `X-RateLimit-Remaining below ${header(before, 'X-RateLimit-Remaining')} after one more request`,
          [`X-RateLimit-Remaining is ${header(after, 'X-RateLimit-Remaining')}`],
        );
      }
    }
  });
});

const limitKey = target.rateLimitKey;
const whenLimitKey = limitKey && isSelected(PROBE.operationId) ? test : test.skip;
const maxRequests = target.maxRateLimitRequests ?? 2_000;

describe('at the limit (with --rate-limit-key)', () => {
  whenLimitKey('the request past the limit gets 429 with the Error object and a well-formed Retry-After', async () => {
    const first = await probe(limitKey);
    const remaining = header(first, 'X-RateLimit-Remaining');
    if (!Number.isInteger(remaining) || remaining > maxRequests) {
      throw new ContractViolation(first, `a key that reaches its limit within ${maxRequests} requests`, [
        `X-RateLimit-Remaining is ${first.headers['x-ratelimit-remaining']}; pass a key with a smaller limit`,
      ]);
    }
    let last = first;
    for (let sent = 0; sent <= remaining && last.status !== 429; sent += 1) last = await probe(limitKey);
    expectConforms(PROBE, last, { statuses: [429], description: 'a 429 once the limit is reached' });
    requireNoProblems(last, 'a Retry-After header', retryAfterProblems(last));
  });

  const ban = SPEC['x-rate-limits']?.ban as { threshold: number; status: number; code: string } | undefined;
  const whenBan = limitKey && target.checkBan && ban ? test : test.skip;
  whenBan('requests that keep coming while limited lead to the ban the contract describes', async () => {
    let last = await probe(limitKey);
    for (let sent = 0; sent < (ban?.threshold ?? 10) + 2 && last.status !== ban?.status; sent += 1)
      last = await probe(limitKey);
    expectConforms(PROBE, last, { statuses: [ban?.status ?? 403], description: `the ban (${ban?.code})` });
    requireNoProblems(last, `Error.code ${ban?.code} and a Retry-After`, [
      ...((last.body as { code?: string })?.code === ban?.code
        ? []
        : [`Error.code is ${(last.body as { code?: string })?.code}`]),
      ...retryAfterProblems(last),
    ]);
  });
});

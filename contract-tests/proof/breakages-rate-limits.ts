// Broken where the rate-limit checks look: Remaining not counting down by one, a Retry-After
// that disagrees with X-RateLimit-Reset (in either form), a ban whose Retry-After is not its length.

import { MADE_BAN_KEY_LIMITS, MADE_LIMIT_KEY_LIMITS } from '../mock-control-keys.js';
import { planFigures } from '../support/plan-figures.js';
import { DAY_LIMITED_KEY, DAY_UNLIMITED_KEY, type DepthBreakage, setHeader } from './breakage-helpers.js';
import type { ProxiedResponse } from './broken-proxy.js';

/** The key the run makes to drive to its limit (mock-control-keys.ts). */
const MADE_LIMIT_KEY = /^contract-run-[0-9a-f]+-limit$/;
/** The key the run makes to ban. */
const MADE_BAN_KEY = /^contract-run-[0-9a-f]+-ban$/;

/**
 * A key's refusals of one status counted toward its day: the day's headers show as many
 * requests fewer as were refused, and none left is a 429.
 */
function refusalsCountedTowardTheDay(key: RegExp, status: number, perDay: number): DepthBreakage['breakage'] {
  return () => {
    let refused = 0;
    return {
      response: (response, request) => {
        if (!key.test(request.headers['x-api-key'] ?? '')) return response;
        if (response.status === status) refused += 1;
        if (response.status !== 200 || response.headers['x-ratelimit-limit'] !== String(perDay)) return response;
        const remaining = Number(response.headers['x-ratelimit-remaining']) - refused;
        if (remaining >= 0) return setHeader(response, 'x-ratelimit-remaining', String(remaining));
        // A 429 as the contract has it (the page's own headers left out), so that the run finds the
        // counting, whichever request of the check the day runs out on.
        const { 'x-total-count': _total, link: _link, ...headers } = response.headers;
        return {
          ...response,
          status: 429,
          headers: { ...headers, 'x-ratelimit-remaining': '0', 'retry-after': '3600' },
          body: JSON.stringify({ code: 'RATE_LIMITED', message: 'Daily limit reached.', status: 429 }),
        };
      },
    };
  };
}

// The figures are the contract's own: Free's and Pro's per-minute limits.
const FREE = planFigures('free')?.perMinute ?? 0;
const PRO = planFigures('pro')?.perMinute ?? 0;

export const RATE_LIMIT_BREAKAGES: DepthBreakage[] = [
  {
    depth: 'rate limits',
    name: 'X-RateLimit-Remaining falling by two per request',
    operation: 'listPets',
    caughtAs: /listPets: X-RateLimit-Remaining is \d+ after one more request[\s\S]*one less than the answer before/,
    checks: ['rate-limits'],
    operations: ['listPets'],
    rateLimitKey: true,
    breakage: () => ({
      response: (response) => {
        const limit = Number(response.headers['x-ratelimit-limit']);
        const remaining = Number(response.headers['x-ratelimit-remaining']);
        return setHeader(response, 'x-ratelimit-remaining', String(Math.max(0, remaining - (limit - remaining))));
      },
    }),
  },
  {
    depth: 'rate limits',
    name: 'a Retry-After 30 s longer than the window it refers to',
    operation: 'listPets',
    caughtAs: /listPets: Retry-After "\d+" \(\d+ s\) does not agree with X-RateLimit-Reset/,
    checks: ['rate-limits'],
    operations: ['listPets'],
    rateLimitKey: true,
    breakage: () => ({
      response: (response) =>
        response.status === 429
          ? setHeader(response, 'retry-after', String(Number(response.headers['retry-after']) + 30))
          : response,
    }),
  },
  {
    depth: 'rate limits',
    // A minute late, not early: a Retry-After of under a minute made early would be a date in the
    // past, a different fault, and which one a run met depended on the second it ran at.
    name: 'an HTTP-date Retry-After a minute late',
    operation: 'listPets',
    caughtAs: /listPets: Retry-After "[A-Z][a-z]{2}, [^"]+ GMT" \(\d+ s\) does not agree with X-RateLimit-Reset/,
    checks: ['rate-limits'],
    operations: ['listPets'],
    rateLimitKey: true,
    breakage: () => ({
      response: (response) =>
        response.status === 429
          ? setHeader(
              response,
              'retry-after',
              new Date(
                Date.parse(response.headers.date ?? '') + (Number(response.headers['retry-after']) + 60) * 1000,
              ).toUTCString(),
            )
          : response,
    }),
  },
  {
    depth: 'rate limits',
    name: 'a ban whose Retry-After is not its length',
    operation: 'listPets',
    caughtAs: /listPets: Retry-After is 60 s on the answer that started the ban, expected its length of 600 s/,
    checks: ['rate-limits'],
    operations: ['listPets'],
    rateLimitKey: true,
    breakage: () => ({
      response: (response) => (response.status === 403 ? setHeader(response, 'retry-after', '60') : response),
    }),
  },
];

/** The window a free key's answers are counted in, shared by every free key: counting per plan. */
const perPlanCount = new Map<string, number>();

export const PLAN_LIMIT_BREAKAGES: DepthBreakage[] = [
  {
    depth: 'plan limits',
    name: "Free and Pro swapped (a free key allowed Pro's minute)",
    operation: 'listPets',
    caughtAs: new RegExp(
      `listPets: X-RateLimit-Limit of a free key[\\s\\S]*X-RateLimit-Limit is ${PRO} for a free key`,
    ),
    checks: ['rate-limits'],
    operations: ['listPets'],
    planKeys: true,
    breakage: () => ({
      response: (response) => {
        if (response.headers['x-ratelimit-limit'] !== String(FREE)) return response;
        const remaining = Number(response.headers['x-ratelimit-remaining']) + PRO - FREE;
        return setHeader(
          setHeader(response, 'x-ratelimit-limit', String(PRO)),
          'x-ratelimit-remaining',
          String(remaining),
        );
      },
    }),
  },
  {
    depth: 'plan limits',
    name: 'X-RateLimit-Remaining one too high (read before the request is counted)',
    operation: 'listPets',
    caughtAs: /listPets: 429 after an answer that said X-RateLimit-Remaining 1 in the same window/,
    checks: ['rate-limits'],
    operations: ['listPets'],
    rateLimitKey: true,
    breakage: () => ({
      response: (response) =>
        response.status === 200 && response.headers['x-ratelimit-remaining'] !== undefined
          ? setHeader(response, 'x-ratelimit-remaining', String(Number(response.headers['x-ratelimit-remaining']) + 1))
          : response,
    }),
  },
  {
    depth: 'plan limits',
    name: 'all keys of a plan counted in one window',
    operation: 'listPets',
    caughtAs: /listPets: two free keys count in separate windows[\s\S]*counted elsewhere/,
    checks: ['rate-limits'],
    operations: ['listPets'],
    planKeys: true,
    breakage: () => ({
      response: (response) => {
        if (response.status !== 200 || response.headers['x-ratelimit-limit'] !== String(FREE)) return response;
        const window = response.headers['x-ratelimit-reset'] ?? '';
        const count = (perPlanCount.get(window) ?? 0) + 1;
        perPlanCount.set(window, count);
        return setHeader(response, 'x-ratelimit-remaining', String(Math.max(0, FREE - count)));
      },
    }),
  },
  {
    depth: 'plan limits',
    name: "limiting before authenticating (a 429 for keyless requests past Free's minute)",
    operation: 'listPets',
    caughtAs: /listPets: \d+ requests without a valid key are each 401[\s\S]*status 429, expected 401/,
    checks: ['rate-limits'],
    operations: ['listPets'],
    breakage: () => {
      let unauthenticated = 0;
      return {
        response: (response) => {
          if (response.status !== 401) return response;
          unauthenticated += 1;
          if (unauthenticated <= FREE) return response;
          return {
            ...response,
            status: 429,
            headers: { ...response.headers, 'retry-after': '30' },
            body: JSON.stringify({ code: 'RATE_LIMITED', message: 'Too many requests.', status: 429 }),
          };
        },
      };
    },
  },
  {
    depth: 'plan limits',
    name: 'only the per-minute limit kept (the day never counted)',
    operation: 'listPets',
    caughtAs: /listPets: a key whose day allows fewer requests than its minute[\s\S]*not the end of a UTC day/,
    checks: ['rate-limits'],
    operations: ['listPets'],
    dayLimitKey: true,
    // The day-limited key is answered as its twin without a day limit: the minute's window alone.
    breakage: () => ({
      request: (request) =>
        request.headers['x-api-key'] === DAY_LIMITED_KEY
          ? { ...request, headers: { ...request.headers, 'x-api-key': DAY_UNLIMITED_KEY } }
          : request,
    }),
  },
  {
    depth: 'plan limits',
    name: 'refused requests (429) counted toward the day',
    operation: 'listPets',
    caughtAs:
      /listPets: refused answers \(429\) count toward no window[\s\S]*the refused requests were counted toward the day/,
    checks: ['rate-limits'],
    operations: ['listPets'],
    mockControl: true,
    breakage: refusalsCountedTowardTheDay(MADE_LIMIT_KEY, 429, MADE_LIMIT_KEY_LIMITS.perDay),
  },
  {
    depth: 'plan limits',
    name: 'the request that opens a window goes uncounted (one request more than the limit)',
    operation: 'listPets',
    caughtAs: /listPets: X-RateLimit-Remaining counts down[\s\S]*the request that opens a window counts in it/,
    checks: ['rate-limits'],
    operations: ['listPets'],
    mockControl: true,
    // Every answer one too high, and the limit's 429 answered once more as a 200 saying 0: the
    // countdown and the 429 after a 0 hold; only the window's first answer gives it away.
    breakage: () => {
      const extraGiven = new Set<string>();
      let lastAnswer: ProxiedResponse | undefined;
      return {
        response: (response, request) => {
          if (!MADE_LIMIT_KEY.test(request.headers['x-api-key'] ?? '')) return response;
          const window = response.headers['x-ratelimit-reset'] ?? '';
          if (response.status === 429 && lastAnswer && !extraGiven.has(window)) {
            extraGiven.add(window);
            return setHeader(lastAnswer, 'x-ratelimit-remaining', '0');
          }
          if (response.status !== 200) return response;
          lastAnswer = response;
          return setHeader(
            response,
            'x-ratelimit-remaining',
            String(Number(response.headers['x-ratelimit-remaining']) + 1),
          );
        },
      };
    },
  },
  {
    depth: 'plan limits',
    name: 'requests refused while banned (403) counted toward the day',
    operation: 'listPets',
    caughtAs:
      /listPets: answers refused while limited and banned[\s\S]*the refused requests were counted toward the day/,
    checks: ['rate-limits'],
    operations: ['listPets'],
    mockControl: true,
    breakage: refusalsCountedTowardTheDay(MADE_BAN_KEY, 403, MADE_BAN_KEY_LIMITS.perDay),
  },
];

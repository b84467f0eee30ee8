// Broken where the rate-limit checks look: Remaining not counting down by one, a Retry-After
// that disagrees with X-RateLimit-Reset (in either form), a ban whose Retry-After is not its length.
import { type DepthBreakage, setHeader } from './breakage-helpers.js';

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

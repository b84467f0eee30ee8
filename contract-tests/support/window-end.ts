// Reaching the end of a window or a ban: on a petstore-mock whose control API answered, by moving
// its clock there (and back afterwards: the clock is the user's); on any other implementation,
// by waiting it out, at most about a minute.
import type { Exchange } from './exchange.js';
import { contractTarget, SCOPE_HEADER } from './target.js';
import { targetNow } from './target-clock.js';

const MAX_WAIT_SECONDS = 65;

/** Seconds from the answer's Date to its X-RateLimit-Reset. */
export function secondsToWindowEnd(exchange: Exchange): number {
  const reset = Number(exchange.headers['x-ratelimit-reset']);
  return Math.max(0, reset - Math.floor(targetNow(exchange).ms / 1000));
}

type ClockState = { now: string };

/** Asks the mock's clock (POST with a change, GET to read it), in the run's scope. */
async function mockClock(origin: string, change?: object): Promise<ClockState> {
  const { scope } = contractTarget();
  const answer = await fetch(`${origin}/__mock/clock`, {
    method: change ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(scope ? { [SCOPE_HEADER]: scope } : {}) },
    ...(change ? { body: JSON.stringify(change) } : {}),
  });
  if (!answer.ok) throw new Error(`The mock's clock at ${origin}/__mock/clock answered ${answer.status}.`);
  return (await answer.json()) as ClockState;
}

/** Runs `after` once the window `exchange` describes has ended, and answers what it answers. */
export function afterWindowEnds<T>(exchange: Exchange, after: () => Promise<T>): Promise<T> {
  return afterSeconds(secondsToWindowEnd(exchange) + 1, after);
}

/**
 * Runs `after` once `seconds` have passed on the target's clock. More than a minute (a ban's
 * length, a day) is reached only on a petstore-mock.
 */
export async function afterSeconds<T>(seconds: number, after: () => Promise<T>): Promise<T> {
  const origin = contractTarget().mockControlOrigin;
  if (origin) {
    await mockClock(origin, { advanceSeconds: seconds });
    try {
      return await after();
    } finally {
      const { now } = await mockClock(origin);
      await mockClock(origin, { now: new Date(Date.parse(now) - seconds * 1000).toISOString() });
    }
  }
  if (seconds > MAX_WAIT_SECONDS) {
    throw new Error(`That is ${seconds} s away, longer than the suite waits (${MAX_WAIT_SECONDS} s).`);
  }
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return after();
}

// Reaching the end of a window or a ban on a petstore-mock whose control API answered: the clock
// of the scope the key lives in, a scope the run made for that key alone, is moved there for the
// check, and back afterwards. Only the checks of keys the run made get here, and the run makes
// keys only through that control API; the user's world, the run's other checks and other runs
// never see this clock move.
import type { Exchange } from './exchange.js';
import { limitValue } from './limit-window.js';
import { mockControl } from './mock-control.js';
import { contractTarget } from './target.js';
import { targetNow } from './target-clock.js';

/** Seconds from the answer's Date to its X-RateLimit-Reset. */
export function secondsToWindowEnd(exchange: Exchange): number {
  const reset = limitValue(exchange, 'reset');
  return Math.max(0, reset - Math.floor(targetNow(exchange).ms / 1000));
}

/** Runs `after` once the window `exchange` describes (of a key the run made) has ended, and answers what it answers. */
export function afterWindowEnds<T>(exchange: Exchange, after: () => Promise<T>): Promise<T> {
  return afterSeconds(exchange.sentKey?.scope, secondsToWindowEnd(exchange) + 1, after);
}

/** The clock of `scope` (a made key's own): read, or changed; `movedSeconds`, how far a failure may have left it ahead. */
function scopeClock(scope: string | undefined, movedSeconds?: number) {
  const { mockControlOrigin, caFile } = contractTarget();
  if (!mockControlOrigin || !scope)
    throw new Error('Only the scope of a key the run made on a petstore-mock can have its clock moved.');
  const ask = mockControl(mockControlOrigin, scope, caFile);
  return async (change?: object): Promise<{ now: string }> => {
    const answer = await ask(change ? 'POST' : 'GET', '/clock', change);
    const state = answer?.ok ? answer.json<{ now: string }>() : undefined;
    if (!state) {
      throw new Error(
        `The mock's clock at ${mockControlOrigin}/__mock/clock answered ${answer?.status ?? 'nothing'}${movedSeconds === undefined ? '.' : `; its clock may stand ${movedSeconds} s ahead: set it back with POST /__mock/clock.`}`,
      );
    }
    return state;
  };
}

const DAY_MS = 86_400_000;

/**
 * Runs `after` from the start of the next UTC day of the clock of `scope` (a made key's own), and
 * puts the clock back afterwards: a check that counts a day's requests starts from none, whatever
 * earlier checks (or minutes that ended since them on a slow machine) left in the key's day.
 */
export async function inNextDay<T>(scope: string | undefined, after: () => Promise<T>): Promise<T> {
  return afterSeconds(scope, (await secondsLeftInDay(scope)) + 1, after);
}

async function secondsLeftInDay(scope: string | undefined): Promise<number> {
  const now = Date.parse((await scopeClock(scope)()).now);
  return Math.ceil(((Math.floor(now / DAY_MS) + 1) * DAY_MS - now) / 1000);
}

/** Runs `after` with the clock of `scope` (a made key's own) `seconds` on, then puts the clock back by as much. */
export async function afterSeconds<T>(scope: string | undefined, seconds: number, after: () => Promise<T>): Promise<T> {
  const clock = scopeClock(scope, seconds);
  await clock({ advanceSeconds: seconds });
  const restore = async () => {
    const { now } = await clock();
    await clock({ now: new Date(Date.parse(now) - seconds * 1000).toISOString() });
  };
  try {
    const result = await after();
    await restore();
    return result;
  } catch (error) {
    // The check's own failure comes first; the clock is put back as far as it can be.
    await restore().catch(() => undefined);
    throw error;
  }
}

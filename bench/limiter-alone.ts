// The limiter alone, without HTTP: how many decisions a second a LimitState makes for 50 callers
// at once (as many as the HTTP loads have connections), each awaiting its decision before the
// next, as a request awaits it. Run on the in-memory state and on Redis's, it shows what a
// decision shared through Redis costs, apart from the rest of the request path.
import type { LimitState } from '../src/limits/limit-state.js';
import { BENCH_KEY_LIMITS, CONNECTIONS } from './loads.js';

const UNREACHABLE = BENCH_KEY_LIMITS;
const BAN = { threshold: 10, seconds: 600 };

/** `keys`: 1 puts every caller on the same key (each decision then waits on the others'); more spread them. */
export async function limiterDecisionsPerSecond(state: LimitState, keys: number, seconds: number): Promise<number> {
  let decided = 0;
  const endAt = performance.now() + seconds * 1000;
  const caller = async (index: number) => {
    const key = `bench-limiter-${index % keys}`;
    while (performance.now() < endAt) {
      await state.decide({ key, operationId: 'getPetById', limits: UNREACHABLE, ban: BAN, nowMs: Date.now() });
      decided += 1;
    }
  };
  const startedAt = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, index) => caller(index)));
  return Math.round(decided / ((performance.now() - startedAt) / 1000));
}

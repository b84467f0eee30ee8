import { describe, expect, it } from '@jest/globals';
import { createKeyedChain } from './keyed-chain.js';

describe('a keyed chain', () => {
  it('runs the tasks of one key one at a time in order, and goes on after one fails', async () => {
    const chain = createKeyedChain();
    const events: string[] = [];
    const task =
      (name: string, fail = false) =>
      async () => {
        events.push(`start ${name}`);
        await new Promise((resolve) => setImmediate(resolve));
        events.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([
      chain('a', task('a1', true)),
      chain('a', task('a2')),
      chain('b', task('b1')),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    const at = (event: string) => events.indexOf(event);
    // b1 runs beside a1; a2 waits for a1's end.
    expect(at('start b1')).toBeLessThan(at('end a1'));
    expect(at('start a2')).toBeGreaterThan(at('end a1'));
  });
});

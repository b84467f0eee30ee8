import { describe, expect, it } from '@jest/globals';
import { alone, sharing } from './run-locks.js';

/** A step that is under way until the test lets it end, and says so. */
function step(log: string[], name: string) {
  let end: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => {
    end = resolve;
  });
  return {
    run: async () => {
      log.push(`${name} in`);
      await ended;
      log.push(`${name} out`);
    },
    end: () => end(),
  };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the locks that keep checks run side by side apart', () => {
  it('lets many share a lock at once, and one hold it alone once those in flight are done', async () => {
    const log: string[] = [];
    const [one, two, counter] = [step(log, 'one'), step(log, 'two'), step(log, 'counter')];
    const running = [sharing('key a', one.run), sharing('key a', two.run)];
    await tick();
    const counting = alone('key a', counter.run);
    // Held alone is waited for; a sharer that comes after waits behind it.
    const late = step(log, 'late');
    const lateRun = sharing('key a', late.run);
    await tick();
    expect(log).toEqual(['one in', 'two in']);
    one.end();
    two.end();
    await Promise.all(running);
    await tick();
    expect(log.slice(-1)).toEqual(['counter in']);
    counter.end();
    await counting;
    await tick();
    expect(log.slice(-2)).toEqual(['counter out', 'late in']);
    late.end();
    await lateRun;
  });

  it('lets the holder’s own requests through, and keeps locks of other names apart', async () => {
    const log: string[] = [];
    await alone('key b', async () => {
      await sharing('key b', async () => {
        log.push('own request');
      });
      await sharing('key c', async () => {
        log.push('another key');
      });
    });
    expect(log).toEqual(['own request', 'another key']);
  });

  it('refuses to hold alone a lock it shares (it would wait for itself)', async () => {
    await expect(sharing('key d', () => alone('key d', async () => undefined))).rejects.toThrow(/cannot be held alone/);
  });
});

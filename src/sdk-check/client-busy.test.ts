// The client's busy time, read from Linux's schedstat: a process spinning is busy for its wall
// time, one asleep on a timer is not; a line it cannot read is no reading.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { type BusySample, busyNsOf, busySamplerReady, chosenWaitMs, sampleBusy } from './client-busy.js';

const schedstatRead = (() => {
  try {
    return readFileSync('/proc/self/schedstat', 'utf8').trim().length > 0;
  } catch {
    return false;
  }
})();

describe('client busy time', () => {
  it('reads run time plus run-queue wait from a schedstat line, and nothing from another', () => {
    expect(busyNsOf('179259 14037531 2\n')).toBe(14_216_790);
    expect(busyNsOf('')).toBeUndefined();
    expect(busyNsOf('garbage')).toBeUndefined();
  });

  it('reads the wait a client chose: idle time up to its send, not the time its request waited on the mock', () => {
    /** Readings every 10 ms from 0 to 1000: busy in `spans` (ms), one write (the send) at `sendAt`. */
    const seriesOf = (spans: ReadonlyArray<readonly [number, number]>, sendAt: number): BusySample[] => {
      const series: BusySample[] = [];
      for (let at = 0; at <= 1000; at += 10) {
        const busy = spans.reduce((sum, [from, to]) => sum + Math.min(Math.max(at - from, 0), to - from), 0);
        series.push([at, busy, at >= sendAt ? 300 : 0]);
      }
      return series;
    };
    // Answered at 100: busy 100-150 (its code), asleep 150-650 (a timer), busy 650-700, sent at 700;
    // the mock, busy itself, saw the request at 900.
    expect(
      chosenWaitMs(
        seriesOf(
          [
            [100, 150],
            [650, 700],
          ],
          700,
        ),
        100,
        900,
      ),
    ).toBe(500);
    // At once, on a starved machine: busy from the answer to its send at 400, seen at 900.
    expect(chosenWaitMs(seriesOf([[100, 400]], 400), 100, 900)).toBe(0);
    // Its send read at the reading just after the mock saw it (at 910).
    expect(chosenWaitMs(seriesOf([[100, 150]], 905), 100, 900)).toBe(760);
    // A runtime's own wake-up (8 bytes, at 300) is no send.
    const woken = seriesOf([[100, 400]], 400).map(
      ([at, busy, bytes]): BusySample => [at, busy, bytes + (at >= 300 ? 8 : 0)],
    );
    expect(chosenWaitMs(woken, 100, 900)).toBe(0);
    // A span with no reading in it says nothing.
    expect(
      chosenWaitMs(
        [
          [0, 0, 0],
          [1000, 5, 300],
        ],
        100,
        900,
      ),
    ).toBeUndefined();
    expect(chosenWaitMs([], 100, 900)).toBeUndefined();
  });

  (schedstatRead ? it : it.skip)(
    'reads a child spinning for 0.4 s as busy, and one asleep for 0.4 s as not',
    async () => {
      const measure = async (code: string) => {
        // It says when it has started (seconds, on a busy machine), then spins or sleeps 1.5 s.
        const child = spawn(process.execPath, ['-e', `process.stdout.write('ready', () => { ${code}; })`], {
          stdio: ['ignore', 'pipe', 'ignore'],
        });
        await busySamplerReady();
        const stop = sampleBusy(child.pid as number);
        await new Promise((resolve) => child.stdout?.once('data', resolve));
        const started = Date.now();
        await new Promise((resolve) => setTimeout(resolve, 400));
        const series = await stop();
        child.kill();
        const within = series.filter(([at]) => at >= started);
        const [first, last] = [within[0] as BusySample, within.at(-1) as BusySample];
        return { busy: last[1] - first[1], wall: last[0] - first[0], readings: within.length };
      };
      const spinning = await measure('const end = Date.now() + 1500; while (Date.now() < end);');
      const sleeping = await measure('setTimeout(() => {}, 1500)');
      // Read every few ms, from a thread of its own.
      expect(spinning.readings).toBeGreaterThan(10);
      expect(spinning.busy).toBeGreaterThan(0.8 * spinning.wall);
      expect(sleeping.busy).toBeLessThan(0.2 * sleeping.wall);
    },
  );
});

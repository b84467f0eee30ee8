// "At once" is judged on the wait a client chose, not on the one a busy machine made: two real
// clients read again 0.6 s after each reset, one idle on a timer, one burning the CPU (as a retry
// at once does when the machine gives it little): the first passes `fault-reset`, the second
// fails it, whatever the load, since load adds to neither's idle time. Linux only: elsewhere the
// client's busy time is not read, and the judge falls back on its pace (judge-faults.test.ts).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { runCli } from '../support/cli.js';
import { verdicts } from '../support/sdk-check-verdicts.js';

const client = fileURLToPath(new URL('../support/sdk-clients/retry-after-work.mjs', import.meta.url));
const schedstatRead = (() => {
  try {
    return readFileSync('/proc/self/schedstat', 'utf8').trim().length > 0;
  } catch {
    return false;
  }
})();

const faultReset = (pause: 'sleep' | 'spin') =>
  runCli(['sdk-check', '--cases', 'fault-reset', '--', process.execPath, client], undefined, {
    RETRY_PAUSE: pause,
  });

(schedstatRead ? describe : describe.skip)('petstore-mock sdk-check: a wait chosen, or made by the machine', () => {
  it('passes a client idle 0.6 s before each read again, and fails one busy for those 0.6 s', async () => {
    const [sleeping, spinning] = await Promise.all([faultReset('sleep'), faultReset('spin')]);
    const slept = verdicts(sleeping.stdout).get('fault-reset');
    expect(slept?.status).toBe('passed');
    expect(slept?.why).toMatch(
      /^read again after each reset \(waits of [\d.]+ s, [\d.]+ s, [\d.]+ s; chosen: 0\.[5-9] s/,
    );
    const spun = verdicts(spinning.stdout).get('fault-reset');
    expect(spun?.status).toBe('failed');
    // Its waits as they came are the sleeping client's, 0.6 s and more; what it chose was none.
    expect(spun?.why).toMatch(
      /^read again at once \(waits of (0\.[6-9]|[1-9][\d.]*) s, (0\.[6-9]|[1-9][\d.]*) s, (0\.[6-9]|[1-9][\d.]*) s; chosen: [\d.]+ s, [\d.]+ s, [\d.]+ s, the rest spent on a CPU, queued for one, or on its way to the mock\) after 3 resets in a row/,
    );
  }, 60_000);
});

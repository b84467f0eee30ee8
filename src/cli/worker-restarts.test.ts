import { describe, expect, it } from '@jest/globals';
import { createRestartPolicy } from './worker-restarts.js';

const OPTIONS = { quickMs: 5_000, maxQuickDeaths: 4, firstDelayMs: 500 };

describe('the restart policy of serve --workers', () => {
  it('replaces a worker that served a while at once, however often that happens', () => {
    const policy = createRestartPolicy(OPTIONS);
    for (let death = 0; death < 10; death += 1)
      expect(policy.afterDeath(60_000)).toEqual({ replace: true, delayMs: 0 });
  });

  it('replaces the first quick death at once, waits longer after each further one, and gives up at the limit', () => {
    const policy = createRestartPolicy(OPTIONS);
    expect(policy.afterDeath(undefined)).toEqual({ replace: true, delayMs: 0 });
    expect(policy.afterDeath(100)).toEqual({ replace: true, delayMs: 500 });
    expect(policy.afterDeath(undefined)).toEqual({ replace: true, delayMs: 1_000 });
    expect(policy.afterDeath(undefined)).toEqual({ replace: false, quickDeaths: 4 });
  });

  it('starts counting quick deaths afresh after a worker that served a while', () => {
    const policy = createRestartPolicy(OPTIONS);
    policy.afterDeath(undefined);
    policy.afterDeath(undefined);
    policy.afterDeath(undefined);
    expect(policy.afterDeath(5_000)).toEqual({ replace: true, delayMs: 0 });
    expect(policy.afterDeath(undefined)).toEqual({ replace: true, delayMs: 0 });
    expect(policy.afterDeath(undefined)).toEqual({ replace: true, delayMs: 500 });
  });
});

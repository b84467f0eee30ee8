import { describe, expect, it } from '@jest/globals';
import { withWindows } from '../limits/rate-limit-policy.js';
import { endingAfter } from './case-world.js';

const MINUTE_MS = 60_000;

describe('endingAfter', () => {
  it.each([0, 1, 300, 999])(
    'ends the window on the first whole second 3 s or more after an instant %i ms past a second',
    (pastMs) => {
      const nowMs = Date.parse('2026-12-07T10:00:05Z') + pastMs;
      const windows = { minute: { used: 10, resetsInSeconds: 3 } };
      const endMs = withWindows(undefined, endingAfter(windows, nowMs), nowMs).minuteStartMs + MINUTE_MS;
      expect(endMs % 1000).toBe(0);
      expect(endMs - nowMs).toBeGreaterThanOrEqual(3_000);
      expect(endMs - nowMs).toBeLessThan(4_000);
      // Set as it is, the window ends on the second at or before: as little as 2 s away.
      const asSet = withWindows(undefined, windows, nowMs).minuteStartMs + MINUTE_MS;
      expect(asSet - nowMs).toBe(pastMs === 0 ? 3_000 : 3_000 - pastMs);
    },
  );
});

// An answer the client never read before sending again, told from its read bytes.
import { describe, expect, it } from '@jest/globals';
import { answersAsRead } from './answers-read.js';
import type { GateExchange } from './case-gate.js';
import type { BusySample } from './client-busy.js';

const exchange = (arrivedMs: number, answeredMs: number, extra: Partial<GateExchange> = {}): GateExchange => ({
  arrivedMs,
  answeredMs,
  sentAfterMs: arrivedMs - 5,
  connection: 1,
  method: 'GET',
  path: '/v1/pets?limit=1',
  ...extra,
});

/**
 * Readings every 5 ms from 0 to `untilMs`: a request written (200 bytes) at each of `sends`, an
 * answer read (300 bytes) at each of `reads`, or none where the runtime's reads are not counted.
 */
function series(untilMs: number, sends: readonly number[], reads: readonly number[] | 'uncounted'): BusySample[] {
  const readings: BusySample[] = [];
  for (let at = 0; at <= untilMs; at += 5) {
    const written = sends.filter((ms) => ms < at).length * 200;
    const read = reads === 'uncounted' ? 0 : reads.filter((ms) => ms < at).length * 300;
    readings.push([at, 0, written, 0, read]);
  }
  return readings;
}

describe('answersAsRead', () => {
  // Four requests, one at a time: the third's answer (a 429 that said to wait) sat unread when the
  // client's own timeout fired; it sent the fourth a second later.
  const exchanges = [
    exchange(12, 20),
    exchange(512, 520),
    exchange(1012, 1020, { waitUntilMs: 4020 }),
    exchange(2012, 2020),
  ];
  const sends = [10, 510, 1010, 2010];

  it('marks an answer the client sent again without reading, its told wait gone', () => {
    const found = answersAsRead(exchanges, series(2100, sends, [25, 525, 2025]));
    expect(found.map((one) => one.leftUnread === true)).toEqual([false, false, true, false]);
    expect(found[2]).not.toHaveProperty('answeredMs');
    expect(found[2]).not.toHaveProperty('waitUntilMs');
    expect(found[1]).toEqual(exchanges[1]);
  });

  it('keeps every answer of a client that read each one', () => {
    expect(answersAsRead(exchanges, series(2100, sends, [25, 525, 1025, 2025]))).toEqual(exchanges);
  });

  it("judges nothing where the runtime's reads are not counted (Python's recv)", () => {
    expect(answersAsRead(exchanges, series(2100, sends, 'uncounted'))).toEqual(exchanges);
  });

  it('judges nothing from readings without read bytes (another system, an older sampler)', () => {
    const withoutReads = series(2100, sends, [25, 525, 2025]).map(
      ([wall, busy, written, queued]): BusySample => [wall, busy, written, queued],
    );
    expect(answersAsRead(exchanges, withoutReads)).toEqual(exchanges);
  });
});
